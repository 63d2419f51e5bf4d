// The projector against the real PostgreSQL event store and a real database (one per test).
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { comparePositions, type Position, type RecordedEvent } from '../../src/adapters/event-store.js';
import { advanceCheckpoint, CheckpointConflictError, readCheckpoint } from '../../src/projections/checkpoints.js';
import {
  applyBatch,
  createProjector,
  tryAcquireProjectionLock,
  type Projector,
  type ProjectorDeps,
  type ProjectorLog,
} from '../../src/projections/projector.js';
import { ProjectionLockedError, rebuildProjections, UnknownProjectionError } from '../../src/projections/rebuild.js';
import {
  accountsProjection,
  accountStream,
  openTestStack,
  seedAccounts,
  type AccountsProjectionOptions,
  type TestStack,
} from '../support/accounts.projection.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { snapshot } from '../support/projection-spec.js';

const FAST = { leaderRetryMs: 100, heartbeatMs: 200, backoffInitialMs: 20, backoffMaxMs: 200, waitForPollMs: 20 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function stack(label: string): Promise<TestStack> {
  const s = await openTestStack(await createTestDatabaseUrl(label));
  cleanups.push(() => s.close());
  return s;
}

interface Recorder extends ProjectorLog {
  lines: { level: string; message: string; details: Record<string, unknown> }[];
}
function recorder(): Recorder {
  const lines: Recorder['lines'] = [];
  const at = (level: string) => (details: Record<string, unknown>, message: string) => void lines.push({ level, message, details });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

function projector(s: TestStack, options: AccountsProjectionOptions = {}, extra: Partial<ProjectorDeps> = {}): Projector {
  const p = createProjector({
    store: s.store,
    db: s.db,
    projections: [accountsProjection(options)],
    timing: FAST,
    log: recorder(),
    ...extra,
  });
  cleanups.push(() => p.stop());
  return p;
}

async function head(s: TestStack): Promise<Position> {
  const h = await s.store.headPosition();
  if (!h) throw new Error('empty store');
  return h;
}

async function totals(s: TestStack) {
  const [b] = await s.db.knex('test_account_balances').select(
    s.db.knex.raw('coalesce(sum(deposits + withdrawals), 0)::int AS moves'),
    s.db.knex.raw('coalesce(sum(balance), 0)::int AS balance'),
  );
  const [m] = await s.db.knex('test_account_movements').select(
    s.db.knex.raw('count(*)::int AS n'),
    s.db.knex.raw("coalesce(sum(CASE WHEN type = 'Deposited' THEN amount ELSE -amount END), 0)::int AS balance"),
  );
  return { moves: b.moves as number, balance: b.balance as number, movements: m.n as number, movementBalance: m.balance as number };
}

async function countMoves(s: TestStack): Promise<number> {
  let n = 0;
  for await (const e of s.store.readAll({ filter: { streamPrefixes: ['acct-'] } })) {
    if (e.type !== 'OwnerChanged') n++;
  }
  return n;
}

describe('projector', () => {
  it('catches up with history, then applies live events promptly', async () => {
    const s = await stack('proj_live');
    const seeded = await seedAccounts(s.store, { count: 1_500, accounts: 40 });
    // Events the filter skips must not stop the checkpoint from moving.
    const noise = await s.store.append('other-1', [{ type: 'Noise', data: {} }]);
    const p = projector(s);
    await p.start();
    expect(await p.waitFor(seeded, { timeoutMs: 10_000 })).toBe(true);
    expect(await p.waitFor(noise.position, { timeoutMs: 10_000 })).toBe(true);
    const history = await totals(s);
    expect(history.movements).toBe(await countMoves(s));
    expect(history.moves).toBe(history.movements);
    expect(history.balance).toBe(history.movementBalance);

    // Live: one event at a time, each visible shortly after its append.
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      const { position } = await s.store.append(accountStream('live'), [{ type: 'Deposited', data: { amount: 1 } }]);
      expect(await p.waitFor(position, { timeoutMs: 5_000 })).toBe(true);
      expect(Date.now() - t0).toBeLessThan(1_000);
    }
    // A live event the filter skips still moves the checkpoint (checkpoint items), so waitFor ends.
    const skipped = await s.store.append('other-2', [{ type: 'Noise', data: {} }]);
    expect(await p.waitFor(skipped.position, { timeoutMs: 5_000 })).toBe(true);
    const [live] = await s.db.knex('test_account_balances').where({ account_id: 'live' });
    expect(Number(live.balance)).toBe(5);
    expect(live.revision).toBe('4');
  });

  it('advances the checkpoint only by compare-and-set, rolling the batch back otherwise', async () => {
    const s = await stack('proj_cas');
    const { position } = await s.store.append(accountStream('c'), [{ type: 'Deposited', data: { amount: 3 } }]);
    // readAll sees an event once no older transaction of the cluster is open (other test files
    // share it): read until the append is visible.
    let events: RecordedEvent[] = [];
    for (let i = 0; i < 500 && !events.some((e) => e.position.prepare === position.prepare); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 20));
      events = [];
      for await (const e of s.store.readAll()) events.push(e);
    }
    const projection = accountsProjection();
    await s.db.knex('projection_checkpoints').insert({ name: projection.name, version: 1 });

    await s.db.knex.transaction(async (trx) => {
      expect(await advanceCheckpoint(trx, projection.name, { commit: 1n, prepare: 1n }, position)).toBe(false);
      expect(await advanceCheckpoint(trx, projection.name, null, position)).toBe(true);
      await trx.rollback();
    }).catch(() => undefined);

    const lock = (await tryAcquireProjectionLock(s.db, projection.name))!;
    expect(lock).not.toBeNull();
    try {
      // Someone else moved it: the batch must not commit.
      await s.db.knex('projection_checkpoints').where({ name: projection.name }).update({ commit_pos: '1', prepare_pos: '1' });
      await expect(applyBatch({ db: s.db, projection, lock }, null, position, events)).rejects.toBeInstanceOf(
        CheckpointConflictError,
      );
      expect(await s.db.knex('test_account_balances').count()).toEqual([{ count: '0' }]);
      // From the right old position it commits rows and checkpoint together.
      await applyBatch({ db: s.db, projection, lock }, { commit: 1n, prepare: 1n }, position, events);
      expect((await readCheckpoint(s.db.knex, projection.name))?.position).toEqual(position);
      expect(await s.db.knex('test_account_balances').count()).toEqual([{ count: '1' }]);
    } finally {
      await lock.release();
    }
  });

  it('runs each projection on one instance only: a standby takes over when the leader stops', async () => {
    const s = await stack('proj_two');
    const applied = [0, 0];
    const a = projector(s, { onApply: (e) => void (applied[0]! += e.length) });
    const b = projector(s, { onApply: (e) => void (applied[1]! += e.length) });
    await a.start();
    await new Promise((r) => setTimeout(r, 200));
    await b.start();
    const first = await seedAccounts(s.store, { count: 1_000, accounts: 20, concurrency: 4 });
    expect(await a.waitFor(first, { timeoutMs: 10_000 })).toBe(true);

    const leaders = [(await a.status())[0]!.leader, (await b.status())[0]!.leader];
    expect(leaders).toEqual([true, false]);
    expect(applied[1]).toBe(0);
    expect(applied[0]).toBe(1_000);

    // Failover: the standby takes the lock and continues from the checkpoint, no double rows.
    await a.stop();
    const second = await seedAccounts(s.store, { count: 300, accounts: 20, seed: 7 });
    expect(await b.waitFor(second, { timeoutMs: 10_000 })).toBe(true);
    expect((await b.status())[0]!.leader).toBe(true);
    expect(applied[0]! + applied[1]!).toBe(1_300);
    const t = await totals(s);
    expect(t.movements).toBe(await countMoves(s));
    expect(t.moves).toBe(t.movements);
  });

  it('stops applying when its lock connection dies, then takes the lock again and continues', async () => {
    const s = await stack('proj_lockloss');
    const log = recorder();
    const p = projector(s, {}, { log });
    await p.start();
    expect(await p.waitFor(await seedAccounts(s.store, { count: 100, accounts: 5 }))).toBe(true);
    const { rows } = await s.db.pool.query<{ n: number }>(
      "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name LIKE 'sprintguard-lock:%' AND datname = current_database()",
    );
    expect(rows[0]!.n).toBe(1);
    const after = await seedAccounts(s.store, { count: 100, accounts: 5, seed: 9 });
    expect(await p.waitFor(after, { timeoutMs: 10_000 })).toBe(true);
    // A batch may still commit while the terminated backend is going away (the checkpoint's
    // compare-and-set keeps that safe); the loss is noticed right after. Wait for it, then show the
    // runner took the lock again and carries on.
    for (let i = 0; i < 200 && !log.lines.some((l) => l.message.includes('lock connection lost')); i++) await new Promise((r) => setTimeout(r, 50));
    expect(log.lines.some((l) => l.message.includes('lock connection lost'))).toBe(true);
    const later = await seedAccounts(s.store, { count: 50, accounts: 5, seed: 11 });
    expect(await p.waitFor(later, { timeoutMs: 15_000 })).toBe(true);
    const t = await totals(s);
    expect(t.movements).toBe(await countMoves(s));
  });

  it('waitFor answers true once applied (in process and from another process) and false on timeout', async () => {
    const s = await stack('proj_waitfor');
    const p = projector(s);
    const observer = projector(s); // never started: like an api process without a projector
    const { position } = await s.store.append(accountStream('w'), [{ type: 'Deposited', data: { amount: 1 } }]);
    expect(await observer.waitFor(position, { timeoutMs: 150 })).toBe(false);
    await p.start();
    expect(await p.waitFor(position, { timeoutMs: 5_000 })).toBe(true);
    expect(await observer.waitFor(position, { timeoutMs: 5_000 })).toBe(true);
    const t0 = Date.now();
    expect(await p.waitFor({ commit: position.commit + 1_000_000n, prepare: 0n }, { timeoutMs: 200 })).toBe(false);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    expect(await p.waitFor(position, { projections: ['no_such_projection'], timeoutMs: 100 })).toBe(false);
  });

  it('retries after an infrastructure error and applies everything exactly once', async () => {
    const s = await stack('proj_retry');
    const log = recorder();
    let failures = 1;
    const p = projector(
      s,
      {
        onApply: () => {
          if (failures-- > 0) throw new Error('connection reset (simulated)');
        },
      },
      { log },
    );
    const seeded = await seedAccounts(s.store, { count: 400, accounts: 10 });
    await p.start();
    expect(await p.waitFor(seeded, { timeoutMs: 10_000 })).toBe(true);
    const errors = log.lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/retrying/);
    const t = await totals(s);
    expect(t.movements).toBe(await countMoves(s));
    expect(t.moves).toBe(t.movements);
  });

  it('rebuild gives the rows the live projector built, and refuses while a live projector runs', async () => {
    const s = await stack('proj_rebuild');
    const seeded = await seedAccounts(s.store, { count: 3_000, accounts: 50 });
    const p = projector(s);
    await p.start();
    expect(await p.waitFor(seeded, { timeoutMs: 10_000 })).toBe(true);
    const projection = accountsProjection();
    const live = await snapshot(s.db.knex, projection);

    const deps = { store: s.store, db: s.db, projections: [projection] };
    await expect(rebuildProjections(deps, ['test_accounts'])).rejects.toBeInstanceOf(ProjectionLockedError);
    await expect(rebuildProjections(deps, ['nope'])).rejects.toBeInstanceOf(UnknownProjectionError);
    await p.stop();

    const progress: number[] = [];
    const [result] = await rebuildProjections(deps, ['test_accounts'], (x) => progress.push(x.events));
    expect(result!.events).toBe(3_000);
    expect(result!.eventsPerSecond).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(3_000);
    expect(await snapshot(s.db.knex, projection)).toEqual(live);
    expect((await readCheckpoint(s.db.knex, projection.name))?.position).toEqual(await head(s));

    // The live projector resumes after the rebuilt checkpoint.
    const again = projector(s);
    await again.start();
    const { position } = await s.store.append(accountStream('after'), [{ type: 'Deposited', data: { amount: 2 } }]);
    expect(await again.waitFor(position, { timeoutMs: 5_000 })).toBe(true);
    expect((await totals(s)).movements).toBe(await countMoves(s));
  });

  it('rebuild reaches every event committed before it starts, though an older transaction in another database holds them back', async () => {
    const s = await stack('proj_rebuild_held');
    await seedAccounts(s.store, { count: 200, accounts: 10 });
    // A transaction with an id, open in another database of the cluster: events committed after it
    // began sit above every reader's horizon until it ends (pg-sql.ts).
    const other = new pg.Client({ connectionString: await createTestDatabaseUrl('proj_rebuild_other') });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('BEGIN');
    await other.query('SELECT pg_current_xact_id()');
    const last = await seedAccounts(s.store, { count: 100, accounts: 10, seed: 5 });
    // Held back: the head a reader sees trails the last commit, or is none at all while another
    // test file's older transaction also holds back the first 200.
    const seen = await s.store.headPosition();
    expect(seen === null || comparePositions(seen, last) < 0).toBe(true);

    const deps = { store: s.store, db: s.db, projections: [accountsProjection()] };
    let result: Awaited<ReturnType<typeof rebuildProjections>> | undefined;
    const rebuilt = rebuildProjections(deps, ['test_accounts']).then((r) => (result = r));
    // Short: the horizon held is the whole cluster's, other test files' projections included.
    await new Promise((r) => setTimeout(r, 250));
    expect(result).toBeUndefined(); // waiting for the horizon, not stopping at the head it sees
    await other.query('COMMIT');
    await rebuilt;
    expect(result![0]!.events).toBe(300);
    expect((await readCheckpoint(s.db.knex, 'test_accounts'))?.position).toEqual(last);
    expect((await totals(s)).movements).toBe(await countMoves(s));
  });

  it('reports status: version, checkpoint, behind and lag, and who leads', async () => {
    const s = await stack('proj_status');
    const p = projector(s);
    const { position: appended } = await s.store.append(accountStream('s'), [{ type: 'Deposited', data: { amount: 1 } }]);
    // The head a reader may see can trail a fresh commit while another transaction of the shared
    // test cluster is open: wait until the event is visible before asking whether we are behind.
    for (let i = 0; i < 200; i++) {
      const head = await s.store.headPosition();
      if (head && head.commit >= appended.commit) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 60));
    let [st] = await p.status();
    expect(st).toMatchObject({ name: 'test_accounts', version: 1, checkpoint: null, behind: true, leader: false });
    expect(st!.lagMs).toBeGreaterThanOrEqual(50);

    await p.start();
    expect(await p.waitFor(await head(s))).toBe(true);
    [st] = await p.status();
    expect(st).toMatchObject({ behind: false, lagMs: 0, leader: true, storedVersion: 1, needsRebuild: false });
    expect(st!.checkpoint).toEqual(await head(s));
    expect(st!.updatedAt).toBeInstanceOf(Date);

    // A newer version of the code says a rebuild is due.
    const v2 = createProjector({ store: s.store, db: s.db, projections: [accountsProjection({ version: 2 })] });
    [st] = await v2.status();
    expect(st).toMatchObject({ version: 2, storedVersion: 1, needsRebuild: true });
  });
});

