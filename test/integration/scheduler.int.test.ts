// The scheduler fires a saved schedule once per slot, even with several instances ticking at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireRunCommands } from '../../src/composition/commands.js';
import { listEnabledSchedules } from '../../src/queries/org-config.query.js';
import { BoardNotConfiguredError, createRunProcessor } from '../../src/reactors/run-processor.js';
import { createScheduler, slotRunId } from '../../src/reactors/scheduler.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ label: 'scheduler' });
});
afterAll(async () => t?.close());

describe('scheduler', () => {
  it('fires a due slot once across instances, and reports the next fire time', async () => {
    const admin = await t.auth({ orgId: 'org_sched', userId: 'ada', admin: true });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/schedule',
      headers: admin,
      payload: { enabled: true, timezone: 'Europe/Berlin', days_of_week: [1], time: '09:00', board_type: 'jira', project_key: 'ENG' },
    });
    expect(put.statusCode).toBe(200);

    const status = await t.app.inject({ method: 'GET', url: '/api/status', headers: admin });
    expect(status.json<{ trigger: { enabled: boolean; next_fire_at: string } }>().trigger).toMatchObject({ enabled: true });
    expect(new Date(status.json<{ trigger: { next_fire_at: string } }>().trigger.next_fire_at).getUTCDay()).toBe(1);

    // Monday 2026-11-23 09:00 Berlin = 08:00Z; two instances look at 08:00:20Z.
    const now = () => new Date('2026-11-23T08:00:20Z');
    const processor = createRunProcessor({
      store: t.infra.store,
      now,
      boards: { forOrg: async () => Promise.reject(new BoardNotConfiguredError('No board integration is configured')) },
    });
    const make = () =>
      createScheduler({
        listSchedules: () => listEnabledSchedules(t.infra.db.knex),
        runCommands: wireRunCommands({ store: t.infra.store, knex: t.infra.db.knex, runProcessor: processor, now }),
        now,
      });
    const [a, b] = await Promise.all([make().tick(), make().tick()]);
    const expectedId = slotRunId('org_sched', '2026-11-23T09:00@Europe/Berlin');
    expect(a).toEqual([expectedId]);
    expect(b).toEqual([expectedId]);

    // Exactly one RunRequested, by the scheduler; planning failed (no board), recorded on the run.
    const types: string[] = [];
    for await (const e of t.infra.store.readStream(`run-${expectedId}`)) types.push(e.type);
    expect(types.filter((x) => x === 'RunRequested')).toHaveLength(1);
    expect(types.at(-1)).toBe('RunFailed');

    // A later tick in the same catch-up window does not fire the slot again.
    const again = await make().tick();
    expect(again).toEqual([expectedId]);
    const after: string[] = [];
    for await (const e of t.infra.store.readStream(`run-${expectedId}`)) after.push(e.type);
    expect(after).toEqual(types);
  });
});
