// `serve`'s projections on a thread of their own (src/composition/projector-thread.ts): they apply
// events while the requests' thread is busy, the requests' thread learns of their checkpoints, the
// status comes from the thread, and stopping releases every projection's lock.
import { afterEach, describe, expect, it } from 'vitest';
import { comparePositions } from '../../src/adapters/event-store.js';
import { createProjectorThread } from '../../src/composition/projector-thread.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { readCheckpoint } from '../../src/projections/checkpoints.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Longer than the event store's fallback poll (250 ms) and a batch, many times over. */
const BUSY_MS = 2_000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* the requests' thread holds its event loop, as a burst of requests does */
  }
}

async function appendSettingsChange(app: TestApp, orgId: string) {
  const at = new Date().toISOString();
  const settings = { write_mode: 'auto', action_cap: 3, confirmation_threshold: 1 };
  return app.infra.store.append(orgStreamId(orgId), [{ type: 'OrgSettingsChanged', data: { settings, changed: ['write_mode'], at }, metadata: { user_id: 'test', correlation_id: 'projector-thread', causation_id: 'projector-thread' } }]);
}

describe('the projections on a thread of their own', () => {
  it.each([
    ['the projections\' thread applies them during the wait', 'true', true],
    ['the requests\' thread applies them only after it (the control)', 'false', false],
  ])('events appended while the requests\' thread is busy: %s', async (_what, thread, appliedDuringTheWait) => {
    t = await createTestApp({ label: 'projector-thread', env: { PROJECTOR_THREAD: thread } });
    const app = t;
    // Caught up once, so that what follows is the live path. The appended position, not
    // headPosition(): the head a reader may see trails a fresh commit while another transaction is
    // open (the projections' thread taking its leases as it starts), and is null on an empty store.
    const warm = await appendSettingsChange(app, 'warm');
    expect(await app.projector.waitFor(warm.position, { projections: ['org_config'], timeoutMs: 30_000 })).toBe(true);

    const appended = await appendSettingsChange(app, 'busy');
    busy(BUSY_MS);
    const waitEnded = Date.now();
    expect(await app.projector.waitFor(appended.position, { projections: ['org_config'], timeoutMs: 30_000 })).toBe(true);
    const checkpoint = await readCheckpoint(app.infra.db.knex, 'org_config');
    expect(comparePositions(checkpoint!.position!, appended.position)).toBeGreaterThanOrEqual(0);
    // The batch's transaction began (its updated_at) before the requests' thread was free again.
    expect(checkpoint!.updatedAt.getTime() < waitEnded - 100).toBe(appliedDuringTheWait);
  }, 60_000);

  it('tells the requests\' thread of its checkpoints and pools, answers the status and releases its locks when stopped', async () => {
    t = await createTestApp({ label: 'projector-thread', env: { PROJECTOR_THREAD: 'true' } });
    const app = t;
    const appended = await appendSettingsChange(app, 'told');
    expect(await app.projector.waitFor(appended.position, { projections: ['org_config'], timeoutMs: 10_000 })).toBe(true);
    const known = await app.projector.knownCheckpoint('org_config', 60_000);
    expect(comparePositions(known.position!, appended.position)).toBeGreaterThanOrEqual(0);

    // /metrics of the requests' thread carries the thread's pools, under names of their own.
    const { body } = await app.infra.metrics.scrape();
    expect(body).toMatch(/^sprintguard_db_pool_connections\{pool="projections_store",state="used"\} \d+$/m);
    expect(body).toMatch(/^sprintguard_db_pool_waiting\{pool="projections_read_models"\} 0$/m);

    const status = await app.projector.status();
    expect(status.map((s) => s.name)).toEqual(app.infra.projections.map((p) => p.name));
    expect(status.every((s) => s.leader)).toBe(true);

    await app.services.stop();
    await expect(app.projector.status()).rejects.toThrow(/not running/);
    // Every projection's advisory lock (and the stopped reactors') was released: none is held in this database.
    const held = await app.infra.db.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    );
    expect(Number(held.rows[0]!.n)).toBe(0);
  }, 60_000);

  it('starts a thread that died again, and takes its checkpoints as before', async () => {
    t = await createTestApp({ label: 'projector-thread', env: { PROJECTOR_THREAD: 'false', PROJECTOR_ENABLED: 'false', REACTORS_ENABLED: 'false' } });
    const thread = createProjectorThread(t.infra, { entry: new URL('../support/crashing-projector-thread.ts', import.meta.url) });
    await thread.start();
    try {
      // The first thread told commit 1, then died; the second (after the 1 s back-off) tells commit 2.
      expect(await thread.waitFor({ commit: 2n, prepare: 0n }, { projections: ['runs'], timeoutMs: 20_000 })).toBe(true);
    } finally {
      await thread.stop();
    }
  }, 60_000);
});
