// A poison event: an event that the org_config projection cannot apply (a ScheduleSaved whose days are
// names, written below the command layer, as an older version or a bug could have) in organization A.
// Organization B's writes and reads go on; the event is parked after its attempts, listed by
// `projections status`, and applied by `projections retry` once the projection code accepts it.
import { randomUUID } from 'node:crypto';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '../../src/adapters/event-store.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { registerProjectionsCommands } from '../../src/cli/projections.command.js';
import type { Runtime } from '../../src/cli/runtime.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { orgConfigProjection } from '../../src/projections/org-config.projection.js';
import { countParkedEvents } from '../../src/projections/parked-events.js';
import type { Projection } from '../../src/projections/projection.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let adminA: { authorization: string };
let adminB: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ label: 'poison', env: { PROJECTION_MAX_ATTEMPTS: '3' } });
  adminA = await t.auth({ orgId: 'org_a', userId: 'ada', admin: true });
  adminB = await t.auth({ orgId: 'org_b', userId: 'bob', admin: true });
});
afterAll(async () => t?.close());

/** The fix: the projection now also accepts day names (what the poison event carries). */
const DAYS: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const fixedOrgConfig: Projection = {
  ...orgConfigProjection,
  async apply(trx, events) {
    const normalized = events.map((e): RecordedEvent => {
      if (e.type !== 'ScheduleSaved') return e;
      const data = e.data as { schedule: { days_of_week: (number | string)[] } };
      const days = data.schedule.days_of_week.map((d) => (typeof d === 'string' ? DAYS[d]! : d));
      return { ...e, data: { ...data, schedule: { ...data.schedule, days_of_week: days } } };
    });
    await orgConfigProjection.apply(trx, normalized);
  },
};

async function cli(projections: readonly Projection[], ...args: string[]): Promise<{ out: string; exitCode: number | undefined }> {
  let out = '';
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const before = process.exitCode;
  try {
    const program = new Command('sprintguard').exitOverride();
    const runtime: Runtime = { store: t.infra.store, db: t.infra.db, projections, close: async () => undefined };
    registerProjectionsCommands(program, async () => runtime);
    for (const c of program.commands) for (const sub of c.commands) sub.exitOverride();
    await program.parseAsync(['node', 'sprintguard', ...args]);
    const exitCode = process.exitCode === undefined ? undefined : Number(process.exitCode);
    return { out, exitCode };
  } finally {
    process.exitCode = before;
    stdout.mockRestore();
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a poison event in one organization', () => {
  it('is parked; other organizations go on; status lists it; retry applies it after a fix', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: adminA, payload: { action_cap: 3 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: adminB, payload: { action_cap: 4 } })).statusCode).toBe(200);

    // Below the command layer (and below any validation): the store the adapters make, on the same database.
    const raw = createPgEventStore({ pool: t.infra.db.pool, connectionString: t.config.DATABASE_URL! });
    const schedule = { enabled: true, timezone: 'UTC', days_of_week: ['mon', 'fri'], time: '09:00', board_type: 'jira', project_key: 'ENG' };
    // The id is chosen here: reading it back from $all could find nothing yet (the read horizon
    // holds a fresh event back while other transactions are open).
    const poisonId = randomUUID();
    await raw.append(
      orgStreamId('org_a'),
      [{ id: poisonId, type: 'ScheduleSaved', data: { schedule, at: new Date().toISOString() }, metadata: { org_id: 'org_a', user_id: 'ada', correlation_id: 'c', causation_id: 'c' } }],
      { expectedRevision: 'any' },
    );

    // Organization B writes and reads its own writes, while A's event fails and is then parked.
    const put = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: adminB, payload: { action_cap: 9 } });
    expect(put.statusCode).toBe(200);
    await until('B reads its write', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: adminB });
      return res.json<{ action_cap: number }>().action_cap === 9 ? true : undefined;
    });
    await until('the event parked', async () => ((await countParkedEvents(t.infra.db.knex)).org_config === 1 ? true : undefined));

    // Once parked, B's writes are read back at once: the write's wait for its read model (at most
    // READ_YOUR_WRITES_TIMEOUT_MS, 2 s) does not run out, and the read that follows sees it.
    const started = Date.now();
    const bSchedule = { enabled: true, timezone: 'UTC', days_of_week: [2], time: '10:00', board_type: 'jira', project_key: 'BBB' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/schedule', headers: adminB, payload: bSchedule })).statusCode).toBe(200);
    const bRead = await t.app.inject({ method: 'GET', url: '/api/schedule', headers: adminB });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(bRead.json()).toMatchObject({ saved: true, project_key: 'BBB' });
    // A's own settings still answer; its schedule is not there (the event is parked).
    expect((await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: adminA })).json()).toMatchObject({ action_cap: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/schedule', headers: adminA })).json()).toMatchObject({ saved: false });

    // `projections status` lists it: a count per consumer and the event.
    const status = await cli([orgConfigProjection], 'projections', 'status');
    expect(status.out).toMatch(/parked events: org_config 1\n/);
    const line = status.out.split('\n').find((l) => l.includes(poisonId));
    expect(line).toMatch(/^org_config\s+\d+\/\d+\s+org-org_a\s+ScheduleSaved\s+\S+\s+3\s+\S+\s+.*smallint/);
    const json = JSON.parse((await cli([orgConfigProjection], 'projections', 'status', '--json')).out) as { name: string; parked: number; parkedEvents: { eventId: string }[] }[];
    expect(json.find((r) => r.name === 'org_config')).toMatchObject({ parked: 1, parkedEvents: [{ eventId: poisonId }] });

    // Retry with the code that still fails: it stays parked (exit code 2).
    const again = await cli([orgConfigProjection], 'projections', 'retry', 'org_config');
    expect(again.exitCode).toBe(2);
    expect(again.out).toMatch(/ScheduleSaved .* failed: /);
    expect((await countParkedEvents(t.infra.db.knex)).org_config).toBe(1);

    // Retry with the fixed code: applied and unparked; A's schedule is now read.
    const checkpointRow = async () => {
      const row = await t.infra.db.knex<{ name: string; commit_pos: string; prepare_pos: string; updated_at: Date }>('projection_checkpoints').where({ name: 'org_config' }).first();
      if (!row) throw new Error('no checkpoint row');
      return row;
    };
    const before = await checkpointRow();
    const fixed = await cli([fixedOrgConfig], 'projections', 'retry', 'org_config');
    // The tables changed, the position did not: updated_at says so to the live projector, whose
    // one-statement batches must not write rows it read before over the retry's (batch-statement.ts).
    const after = await checkpointRow();
    expect([after.commit_pos, after.prepare_pos]).toEqual([before.commit_pos, before.prepare_pos]);
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect(fixed.exitCode).toBeUndefined();
    expect(fixed.out).toMatch(/org_config: 1 applied, 0 still parked/);
    expect((await countParkedEvents(t.infra.db.knex)).org_config).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/schedule', headers: adminA })).json()).toMatchObject({ saved: true, days_of_week: [1, 5], project_key: 'ENG' });
    expect((await cli([orgConfigProjection], 'projections', 'status')).out).not.toMatch(/parked events/);
  });
});
