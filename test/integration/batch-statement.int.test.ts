// A projection batch as one autocommit statement (batch-statement.ts) on a real database: how many
// statements a live runs batch costs, that the statement writes all or nothing, and that rows kept
// by the leader are never written over another writer's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import type { RunCommand } from '../../src/domain/run.decider.js';
import { auditEventsProjection } from '../../src/projections/audit-events.projection.js';
import { applyBatch, applyBatchFast, KEPT_ROWS } from '../../src/projections/batch-loop.js';
import { writeBatchStatement } from '../../src/projections/batch-statement.js';
import { CheckpointConflictError, ensureCheckpoint, readCheckpoint } from '../../src/projections/checkpoints.js';
import { KeptRows } from '../../src/projections/kept-rows.js';
import { LeadershipLostError, tryAcquireProjectionLock, type ProjectionLock } from '../../src/projections/projection-lock.js';
import { runsProjection } from '../../src/projections/runs.projection.js';
import { runMetricsProjection } from '../../src/projections/run-metrics.projection.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { runEvents as decidedRunEvents, toAppend } from '../support/run-events.js';
import { expectIdempotentProjection, recordedEvents, snapshot, type EventInput } from '../support/projection-spec.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('batch_statement'), poolSize: 4 });
  await runMigrations(db.knex, readModelMigrations);
});
afterAll(async () => db?.close());

const now = new Date('2026-11-25T10:00:00Z');

function runEvents(runId: string, ...commands: RunCommand[]): EventInput[] {
  return toAppend(decidedRunEvents({ runId, orgId: 'org_b', now }, ...commands), 'org_b').map((e) => ({ stream: `run-${runId}`, type: e.type, data: e.data, metadata: e.metadata }));
}

/**
 * Counts the statements sent while `fn` runs: through knex (BEGIN and COMMIT included) and straight
 * to node-postgres's pool, where the named statements outside a transaction go (named-statements.ts).
 */
async function statements(fn: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const listener = (q: { sql: string }) => void sent.push(q.sql);
  const query = db.pool.query.bind(db.pool) as (...a: unknown[]) => unknown;
  (db.pool as { query: unknown }).query = (...args: unknown[]) => {
    const config = args[0] as string | { text: string };
    sent.push(typeof config === 'string' ? config : config.text);
    return query(...args);
  };
  db.knex.on('query', listener);
  try {
    await fn();
  } finally {
    db.knex.off('query', listener);
    // Back to the prototype's method.
    delete (db.pool as { query?: unknown }).query;
  }
  return sent;
}

/** The statements prepared on a database's connections (pools of one). */
async function preparedStatements(one: Database): Promise<{ name: string; statement: string }[]> {
  const sql = 'SELECT name, statement FROM pg_prepared_statements';
  const [pooled, viaKnex] = await Promise.all([one.pool.query<{ name: string; statement: string }>(sql), one.knex.raw<{ rows: { name: string; statement: string }[] }>(sql)]);
  return [...pooled.rows, ...viaKnex.rows];
}

async function leader(name: string): Promise<ProjectionLock> {
  await db.knex('projection_checkpoints').where({ name }).delete();
  await ensureCheckpoint(db.knex, name, runsProjection.version);
  const lock = await tryAcquireProjectionLock(db, name);
  if (!lock) throw new Error('lock taken');
  return lock;
}

describe('one-statement projection batches', () => {
  it('a live runs batch is one read and one statement; a batch on runs it keeps is one statement', async () => {
    await db.knex.raw('TRUNCATE runs, run_actions');
    const events = recordedEvents([
      ...runEvents('r-1', { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }, { type: 'RejectAction', actionId: 'act-2', by: 'bo', reason: 'no', now }),
    ]);
    const first = events.slice(0, -2);
    const lock = await leader('runs');
    const kept = new KeptRows<unknown>(KEPT_ROWS);
    const ctx = { db, projection: runsProjection, lock, kept };
    try {
      const planned = first.at(-1)!.position;
      const sentFirst = await statements(() => applyBatchFast(ctx, null, planned, first));
      expect(sentFirst).toHaveLength(2);
      expect(sentFirst[1]).toMatch(/^WITH cp AS \(UPDATE projection_checkpoints/);
      const approved = events.at(-2)!.position;
      expect(await statements(() => applyBatchFast(ctx, planned, approved, events.slice(-2, -1)))).toHaveLength(1);
      expect(await statements(() => applyBatchFast(ctx, approved, events.at(-1)!.position, events.slice(-1)))).toHaveLength(1);
      expect((await readCheckpoint(db.knex, 'runs'))?.position).toEqual(events.at(-1)!.position);
      const [run] = await db.knex('runs').where({ run_id: 'r-1' });
      expect(run).toMatchObject({ status: 'awaiting_approval', approved_actions_count: 1, rejected_actions_count: 1, pending_actions_count: 1 });
      const actions = await db.knex('run_actions').where({ run_id: 'r-1' }).orderBy('seq');
      expect(actions.map((a: { status: string; decision_reason: string | null }) => [a.status, a.decision_reason])).toEqual([
        ['approved', null],
        ['rejected', 'no'],
        ['proposed', null],
      ]);
    } finally {
      await lock.release();
    }
  });

  it('updates the action rows the table holds in their changing columns alone; a row deleted by hand stays deleted, as apply leaves it', async () => {
    await db.knex.raw('TRUNCATE runs, run_actions');
    const events = recordedEvents(runEvents('h-1', { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }, { type: 'ApproveAction', actionId: 'act-2', by: 'bo', now }));
    const lock = await leader('runs');
    const kept = new KeptRows<unknown>(KEPT_ROWS);
    const ctx = { db, projection: runsProjection, lock, kept };
    try {
      const planned = events.at(-3)!.position;
      const first = await statements(() => applyBatchFast(ctx, null, planned, events.slice(0, -2)));
      expect(first[1]).toMatch(/INSERT INTO "run_actions"/);
      const approved = events.at(-2)!.position;
      const [decision] = await statements(() => applyBatchFast(ctx, planned, approved, events.slice(-2, -1)));
      expect(decision).toMatch(/UPDATE "run_actions" AS t SET "status" = x\."status"/);
      expect(decision).not.toMatch(/INSERT INTO "run_actions"/);
      expect(await db.knex('run_actions').where({ run_id: 'h-1', action_id: 'act-1' }).first()).toMatchObject({ status: 'approved', decided_by: 'bo', kind: 'label' });
      // Deleted by hand: the kept rows still hold it. The decision on it changes the run and leaves
      // the row deleted, as the transaction's apply does (it finds no row to fold the event into).
      await db.knex('run_actions').where({ run_id: 'h-1', action_id: 'act-2' }).delete();
      expect(await statements(() => applyBatchFast(ctx, approved, events.at(-1)!.position, events.slice(-1)))).toHaveLength(1);
      expect((await readCheckpoint(db.knex, 'runs'))?.position).toEqual(events.at(-1)!.position);
      expect(await db.knex('runs').where({ run_id: 'h-1' }).first()).toMatchObject({ approved_actions_count: 2, pending_actions_count: 1 });
      expect(await db.knex('run_actions').where({ run_id: 'h-1' }).orderBy('seq').pluck('action_id')).toEqual(['act-1', 'act-3']);
    } finally {
      await lock.release();
    }
  });

  it('reads a few runs whole per batch; the others by their named actions until a later batch reads them', async () => {
    await db.knex.raw('TRUNCATE runs, run_actions');
    const ids = ['w-1', 'w-2', 'w-3', 'w-4', 'w-5', 'w-6'];
    const parts = ids.map((id) => {
      const all = runEvents(id, { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }, { type: 'RejectAction', actionId: 'act-2', by: 'bo', reason: 'no', now });
      const first = all.findIndex((e) => e.type === 'ActionApproved');
      return { plan: all.slice(0, first), approve: all.slice(first, first + 1), reject: all.slice(first + 1) };
    });
    const events = recordedEvents([...parts.flatMap((p) => p.plan), ...parts.flatMap((p) => p.approve), ...parts.flatMap((p) => p.reject)]);
    const planned = events.filter((e) => e.revision <= BigInt(parts[0]!.plan.length - 1));
    const approvals = events.filter((e) => e.type === 'ActionApproved');
    const rest = events.slice(planned.length + approvals.length);
    const lock = await leader('runs');
    const kept = new KeptRows<unknown>(KEPT_ROWS);
    const ctx = { db, projection: runsProjection, lock, kept };
    try {
      await applyBatch(ctx, null, planned.at(-1)!.position, planned);
      expect(await statements(() => applyBatchFast(ctx, planned.at(-1)!.position, approvals.at(-1)!.position, approvals))).toHaveLength(2);
      expect(kept.size).toBe(4);
      expect(await statements(() => applyBatchFast(ctx, approvals.at(-1)!.position, rest.at(-1)!.position, rest))).toHaveLength(2);
      expect(kept.size).toBe(6);
      const runs = await db.knex('runs').whereIn('run_id', ids).orderBy('run_id');
      expect(runs.map((r: { approved_actions_count: number; rejected_actions_count: number; pending_actions_count: number }) => [r.approved_actions_count, r.rejected_actions_count, r.pending_actions_count])).toEqual(ids.map(() => [1, 1, 1]));
      const actions = await db.knex('run_actions').whereIn('run_id', ids).orderBy(['run_id', 'seq']);
      expect(actions.map((a: { status: string }) => a.status)).toEqual(ids.flatMap(() => ['approved', 'rejected', 'proposed']));
    } finally {
      await lock.release();
    }
  });

  it('writes nothing when the checkpoint moved or the lock is lost, and says which', async () => {
    await db.knex.raw('TRUNCATE runs, run_actions');
    const events = recordedEvents(runEvents('r-2'));
    const to = events.at(-1)!.position;
    const lock = await leader('runs');
    const ctx = { db, projection: runsProjection, lock, kept: new KeptRows<unknown>(KEPT_ROWS) };
    try {
      // The statement alone: refused, and no row written, when the checkpoint is not at `from`.
      const prepared = await runsProjection.prepareBatch!({ db: db.knex, checkpoint: 'runs', kept: new KeptRows<unknown>(KEPT_ROWS) }, events);
      expect(await writeBatchStatement(db.knex, 'runs', { commit: 1n, prepare: 1n }, to, prepared!, { fence: lock.heldCondition })).toEqual({ outcome: 'refused' });
      expect(await db.knex('runs').count()).toEqual([{ count: '0' }]);
      expect(await db.knex('run_actions').count()).toEqual([{ count: '0' }]);
      // Through the batch loop: another runner's move is a CheckpointConflictError.
      await db.knex('projection_checkpoints').where({ name: 'runs' }).update({ commit_pos: '1', prepare_pos: '1' });
      await expect(applyBatchFast(ctx, null, to, events)).rejects.toBeInstanceOf(CheckpointConflictError);
      expect(await db.knex('runs').count()).toEqual([{ count: '0' }]);
    } finally {
      await lock.release();
    }
    // A lock that is no longer ours (released: its fencing condition fails): LeadershipLostError.
    await expect(applyBatchFast(ctx, { commit: 1n, prepare: 1n }, to, events)).rejects.toBeInstanceOf(LeadershipLostError);
    expect(await db.knex('runs').count()).toEqual([{ count: '0' }]);
    expect(await db.knex('run_actions').count()).toEqual([{ count: '0' }]);
  });

  it('drops the kept rows when another writer touched the tables (a parked retry), and does not write over it', async () => {
    await db.knex.raw('TRUNCATE runs, run_actions');
    const events = recordedEvents(runEvents('r-3', { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }));
    const lock = await leader('runs');
    const kept = new KeptRows<unknown>(KEPT_ROWS);
    const ctx = { db, projection: runsProjection, lock, kept };
    try {
      const planned = events.at(-2)!.position;
      await applyBatchFast(ctx, null, planned, events.slice(0, -1));
      expect(kept.size).toBe(1);
      // Another writer, as `projections retry` does: a row changed, and the checkpoint's updated_at with it.
      await db.knex.transaction(async (trx) => {
        await trx('runs').where({ run_id: 'r-3' }).update({ items_read: 99 });
        await trx('projection_checkpoints').where({ name: 'runs' }).update({ updated_at: trx.fn.now() });
      });
      await applyBatchFast(ctx, planned, events.at(-1)!.position, events.slice(-1));
      const [run] = await db.knex('runs').where({ run_id: 'r-3' });
      expect(run).toMatchObject({ items_read: 99, approved_actions_count: 1 });
      expect((await readCheckpoint(db.knex, 'runs'))?.position).toEqual(events.at(-1)!.position);
      // The batch went through the transaction, which keeps nothing.
      expect(kept.size).toBe(0);
    } finally {
      await lock.release();
    }
  });

  it('run_metrics: a batch on runs it keeps is one statement; another writer drops what it keeps', async () => {
    await db.knex.raw('TRUNCATE metric_runs, metric_actions');
    const events = recordedEvents(
      runEvents('m-1', { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }, { type: 'RejectAction', actionId: 'act-2', by: 'bo', reason: 'no', now }),
    );
    const planned = events.at(-3)!.position;
    const lock = await leader(runMetricsProjection.name);
    const kept = new KeptRows<unknown>(KEPT_ROWS);
    const ctx = { db, projection: runMetricsProjection, lock, kept };
    try {
      // The first batch reads (the run is new), then keeps it whole.
      expect(await statements(() => applyBatchFast(ctx, null, planned, events.slice(0, -2)))).toHaveLength(2);
      expect(kept.size).toBe(1);
      // A decision on a kept run: the statement alone (the checkpoint's: decisions are the runs read model's).
      const approved = events.at(-2)!.position;
      expect(await statements(() => applyBatchFast(ctx, planned, approved, events.slice(-2, -1)))).toHaveLength(1);
      // Another writer, as `projections retry` does: the kept rows are not written over its row.
      await db.knex.transaction(async (trx) => {
        await trx('metric_runs').where({ run_id: 'm-1' }).update({ project_key: 'OTHER' });
        await trx('projection_checkpoints').where({ name: runMetricsProjection.name }).update({ updated_at: trx.fn.now() });
      });
      await applyBatchFast(ctx, approved, events.at(-1)!.position, events.slice(-1));
      const [run] = await db.knex('metric_runs').where({ run_id: 'm-1' });
      expect(run).toMatchObject({ project_key: 'OTHER' });
      const actions = await db.knex('metric_actions').where({ run_id: 'm-1' }).orderBy('action_id');
      expect(actions.map((a: { action_id: string }) => a.action_id)).toEqual(['act-1', 'act-2', 'act-3']);
      expect((await readCheckpoint(db.knex, runMetricsProjection.name))?.position).toEqual(events.at(-1)!.position);
    } finally {
      await lock.release();
    }
  });

  it('audit_events: the one-statement batches write the rows apply writes', async () => {
    const inputs = [...runEvents('r-4', { type: 'ApproveAction', actionId: 'act-2', by: 'bo', now }), ...runEvents('r-5')];
    const events = recordedEvents(inputs);
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: auditEventsProjection, events, ignoreColumns: ['id'] });
    expect(rows.audit_events).toHaveLength(inputs.length);
    expect(await snapshot(db.knex, auditEventsProjection, ['id'])).toEqual(rows);
    // Live, a batch is that one statement.
    await db.knex.raw('TRUNCATE audit_events');
    const lock = await leader(auditEventsProjection.name);
    try {
      const ctx = { db, projection: auditEventsProjection, lock, kept: new KeptRows<unknown>(KEPT_ROWS) };
      expect(await statements(() => applyBatchFast(ctx, null, events.at(-1)!.position, events))).toHaveLength(1);
      expect(await snapshot(db.knex, auditEventsProjection, ['id'])).toEqual(rows);
    } finally {
      await lock.release();
    }
  });

  it('a batch statement is prepared once per connection, then only bound and executed', async () => {
    const one = createDatabase({ url: db.url, poolSize: 1 });
    await db.knex.raw('TRUNCATE audit_events');
    const lock = await leader(auditEventsProjection.name);
    try {
      const events = recordedEvents([...runEvents('r-6'), ...runEvents('r-7')]);
      const half = events.length / 2;
      const ctx = { db: one, projection: auditEventsProjection, lock, kept: new KeptRows<unknown>(KEPT_ROWS) };
      await applyBatchFast(ctx, null, events[half - 1]!.position, events.slice(0, half));
      await applyBatchFast(ctx, events[half - 1]!.position, events.at(-1)!.position, events.slice(half));
      expect(await db.knex('audit_events').count<{ count: string }[]>('* as count')).toEqual([{ count: String(events.length) }]);
      // The node-postgres pool's one connection (outside a transaction the batch skips knex): the
      // statement both batches sent, prepared there under its name.
      const rows = await preparedStatements(one);
      const batches = rows.filter((r) => r.statement.startsWith('WITH cp AS (UPDATE projection_checkpoints'));
      expect(batches).toHaveLength(1);
      expect(batches[0]!.name).toMatch(/^sprintguard_batch_\d+$/);
    } finally {
      await lock.release();
      await one.close();
    }
  });

  it('a batch without rows and the runs read are prepared once per connection too', async () => {
    const one = createDatabase({ url: db.url, poolSize: 1 });
    await db.knex.raw('TRUNCATE runs, run_actions');
    const lock = await leader('runs');
    try {
      // A batch of events the runs projection ignores: the checkpoint's compare-and-set alone.
      const ignored = recordedEvents([{ stream: 'org-o1', type: 'WriteModeChanged', data: { mode: 'auto' }, metadata: { org_id: 'o1' } }]);
      const ctx = { db: one, projection: runsProjection, lock, kept: new KeptRows<unknown>(KEPT_ROWS) };
      await applyBatchFast(ctx, null, ignored[0]!.position, ignored);
      // A run no batch has kept: read in one statement, then a batch without events.
      const runs = recordedEvents(runEvents('r-8', { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }));
      await applyBatchFast({ ...ctx, kept: new KeptRows<unknown>(KEPT_ROWS) }, ignored[0]!.position, runs.at(-1)!.position, runs);
      await applyBatchFast({ ...ctx, kept: new KeptRows<unknown>(KEPT_ROWS) }, runs.at(-1)!.position, runs.at(-1)!.position, []);
      // Both pools' one connection: a transaction's statements stay on knex's.
      const rows = await preparedStatements(one);
      const named = (start: string) => rows.filter((r) => r.statement.trimStart().startsWith(start)).map((r) => r.name);
      expect(named('UPDATE projection_checkpoints')).toEqual([expect.stringMatching(/^sprintguard_batch_\d+$/)]);
      expect(named("SELECT 'r' AS k, to_jsonb(r) AS v FROM runs r")).toEqual([expect.stringMatching(/^sprintguard_batch_\d+$/)]);
    } finally {
      await lock.release();
      await one.close();
    }
  });
});
