// Zero-downtime rebuild and verification while the live projector runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunCommand } from '../../src/domain/run.decider.js';
import type { RunEvent } from '../../src/domain/run.events.js';
import { runsProjection } from '../../src/projections/runs.projection.js';
import { shadowRebuild } from '../../src/projections/shadow.js';
import { runEvents as seedRunEvents } from '../support/run-events.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: { authorization: string };
const now = new Date();
const ORG = 'org_shadow';

const runEvents = (runId: string, ...commands: RunCommand[]): RunEvent[] =>
  seedRunEvents({ runId, orgId: ORG, projectKey: 'SHD', items: ['SHD-1', 'SHD-2'], now, settings: { action_cap: 25, confirmation_threshold: 100 } }, ...commands);

const meta = { org_id: ORG, user_id: 'ada', correlation_id: 'shadow', causation_id: 'shadow' };
const deps = () => ({ store: t.infra.store, db: t.infra.db, projections: t.infra.projections });

async function waitForRun(runId: string, check: (run: { status: string }) => boolean) {
  for (let i = 0; i < 200; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/runs/${runId}`, headers: admin });
    if (res.statusCode === 200 && check(res.json<{ status: string }>())) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`run ${runId} not projected`);
}

beforeAll(async () => {
  // The reader below reads as fast as it can while the rebuild runs: no rate limit in its way.
  t = await createTestApp({ label: 'shadow', env: { RATE_LIMIT_READS_PER_MINUTE: '10000000' } });
  admin = await t.auth({ orgId: ORG, admin: true });
  for (const id of ['s1', 's2', 's3']) {
    await t.infra.store.append(`run-${id}`, runEvents(id, { type: 'ApproveAction', actionId: 'act-1', by: 'ada', now }).map((e) => ({ type: e.type, data: e.data, metadata: meta })));
    await waitForRun(id, (r) => r.status === 'awaiting_approval');
  }
});
afterAll(async () => t?.close());

describe('shadow rebuild and verify', () => {
  it('verify finds nothing on a correct read model', async () => {
    const result = await shadowRebuild(deps(), runsProjection, 'verify');
    expect(result.differences).toEqual([]);
    expect(result.events).toBeGreaterThan(0);
  });

  it('verify reports every row that drifted from the log', async () => {
    await t.infra.db.knex('runs').where({ run_id: 's2' }).update({ status: 'bogus' });
    await t.infra.db.knex('run_actions').where({ run_id: 's3', action_id: 'act-2' }).delete();
    const result = await shadowRebuild(deps(), runsProjection, 'verify');
    const byTable = Object.fromEntries(result.differences.map((d) => [d.table, d]));
    expect(byTable.runs).toMatchObject({ onlyLiveCount: 1, onlyRebuiltCount: 1 });
    expect(byTable.runs!.onlyLive[0]).toMatchObject({ run_id: 's2', status: 'bogus' });
    expect(byTable.runs!.onlyRebuilt[0]).toMatchObject({ run_id: 's2', status: 'awaiting_approval' });
    expect(byTable.run_actions).toMatchObject({ onlyLiveCount: 0, onlyRebuiltCount: 1 });
    expect(byTable.run_actions!.onlyRebuilt[0]).toMatchObject({ run_id: 's3', action_id: 'act-2' });
    // verify changes nothing.
    expect((await t.infra.db.knex('runs').where({ run_id: 's2' }).first<{ status: string }>()).status).toBe('bogus');
  });

  it('rebuilds into shadow tables and swaps them in; the live projector carries on', async () => {
    // Reads keep being served while the shadow is built.
    let reads = 0;
    let failures = 0;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const res = await t.app.inject({ method: 'GET', url: '/api/runs', headers: admin });
        if (res.statusCode === 200) reads++;
        else failures++;
        // A page served from the run-list cache completes without I/O: yield, or this loop would
        // starve the rebuild it is meant to run beside.
        await new Promise((r) => setImmediate(r));
      }
    })();
    const result = await shadowRebuild(deps(), runsProjection, 'rebuild');
    reading = false;
    await reader;
    expect(result.swapped).toBe(true);
    expect(failures).toBe(0);
    expect(reads).toBeGreaterThan(0);

    expect((await shadowRebuild(deps(), runsProjection, 'verify')).differences).toEqual([]);
    expect((await t.infra.db.knex('runs').where({ run_id: 's2' }).first<{ status: string }>()).status).toBe('awaiting_approval');
    expect((await t.infra.db.pool.query("SELECT 1 FROM information_schema.schemata WHERE schema_name LIKE 'shadow_%'")).rows).toEqual([]);
    // The swapped-in run_actions keeps the live table's room for in-place (HOT) updates.
    expect((await t.infra.db.pool.query("SELECT reloptions FROM pg_class WHERE oid = 'public.run_actions'::regclass")).rows).toEqual([{ reloptions: ['fillfactor=80'] }]);
    // The run list served pages of the old tables while the shadow was built; it serves the swapped-in rows now.
    const deadline = Date.now() + 2_000;
    for (;;) {
      const runs = (await t.app.inject({ method: 'GET', url: '/api/runs', headers: admin })).json<{ id: string; status: string }[]>();
      if (runs.find((r) => r.id === 's2')?.status === 'awaiting_approval') break;
      if (Date.now() > deadline) throw new Error('the run list kept serving the tables the swap replaced');
      await new Promise((r) => setTimeout(r, 20));
    }

    // New events still reach the swapped-in tables.
    await t.infra.store.append('run-s1', [{ type: 'RunRejected', data: { by: 'ada', reason: 'after the swap', at: now.toISOString() }, metadata: meta }], { expectedRevision: 'stream_exists' });
    await waitForRun('s1', (r) => r.status === 'rejected');
  });
});
