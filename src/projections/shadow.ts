// Zero-downtime rebuild and verification, with the live projector still running:
//   1. create schema shadow_<projection> with tables LIKE the live ones (indexes included);
//   2. replay the whole log into it through the projector's own batch loop; the only difference is
//      `SET LOCAL search_path` to the shadow schema inside each batch transaction (projections name
//      their tables unqualified; the checkpoint table is found in public), under the checkpoint
//      `<projection>@shadow` and its own advisory lock;
//   3. then, in ONE transaction: lock the live tables (the live projector waits; readers wait for a
//      moment with `swap`, not with `verify`), bring the shadow up to the live checkpoint, and
//      - rebuild: replace the live tables with the shadow ones; the live checkpoint stays where it
//        is (a shadow ahead of it only means the live projector re-applies events it already has,
//        which the revision guard makes harmless);
//      - verify: compare live and shadow rows both ways and report every difference.
// Index names of swapped-in tables are the ones PostgreSQL generated for LIKE … INCLUDING ALL.
import type { Knex } from 'knex';
import { comparePositions, type Position, type RecordedEvent } from '../adapters/event-store.js';
import { readCheckpoint, resetCheckpoint } from './checkpoints.js';
import type { Projection } from './projection.js';
import { runBatches } from './batch-loop.js';
import { tryAcquireProjectionLock } from './projection-lock.js';
import type { ProjectorDeps } from './projector.js';
import { REBUILD_BATCH_SIZE, ProjectionLockedError, type RebuildProgress } from './rebuild.js';

export interface TableDifference {
  table: string;
  /** Rows in the live table that a rebuild would not produce. */
  onlyLive: Record<string, unknown>[];
  /** Rows a rebuild produces that the live table lacks (or holds differently). */
  onlyRebuilt: Record<string, unknown>[];
  onlyLiveCount: number;
  onlyRebuiltCount: number;
}

export interface ShadowResult {
  name: string;
  events: number;
  seconds: number;
  /** verify: the differences found (empty when the live read model is right). */
  differences: TableDifference[];
  swapped: boolean;
}

const schemaOf = (projection: Projection) => `shadow_${projection.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;

function inShadow(projection: Projection, schema: string): Projection {
  return {
    name: `${projection.name}@shadow`,
    version: projection.version,
    tables: projection.tables,
    filter: projection.filter,
    // No prepareBatch: its one statement would name the live tables; each batch here is a
    // transaction, whose search_path finds the shadow ones.
    async apply(trx, events) {
      await trx.raw(`SET LOCAL search_path TO ${schema}, public`);
      await projection.apply(trx, events);
      await trx.raw('SET LOCAL search_path TO DEFAULT');
    },
  };
}

/** Applies, inside `trx`, the events after `from` up to and including `to` to the shadow tables. */
async function catchUp(deps: ProjectorDeps, trx: Knex.Transaction, shadow: Projection, from: Position | null, to: Position): Promise<number> {
  if (from && comparePositions(from, to) >= 0) return 0;
  let batch: RecordedEvent[] = [];
  let applied = 0;
  for await (const event of deps.store.readAll({ from: from ?? 'start', filter: shadow.filter, chain: shadow.readsChain === true })) {
    if (from && comparePositions(event.position, from) <= 0) continue;
    if (comparePositions(event.position, to) > 0) break;
    batch.push(event);
    if (batch.length >= REBUILD_BATCH_SIZE) {
      await shadow.apply(trx, batch);
      applied += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await shadow.apply(trx, batch);
  return applied + batch.length;
}

async function compare(trx: Knex.Transaction, schema: string, table: string, sample = 20): Promise<TableDifference> {
  const diff = async (a: string, b: string) => {
    const sql = `SELECT * FROM ${a}.${table} EXCEPT SELECT * FROM ${b}.${table}`;
    const { rows: count } = await trx.raw<{ rows: { n: number }[] }>(`SELECT count(*)::int AS n FROM (${sql}) d`);
    const { rows } = await trx.raw<{ rows: Record<string, unknown>[] }>(`${sql} LIMIT ${sample}`);
    return { n: count[0]!.n, rows };
  };
  const live = await diff('public', schema);
  const rebuilt = await diff(schema, 'public');
  return { table, onlyLive: live.rows, onlyRebuilt: rebuilt.rows, onlyLiveCount: live.n, onlyRebuiltCount: rebuilt.n };
}

export async function shadowRebuild(
  deps: ProjectorDeps,
  projection: Projection,
  mode: 'rebuild' | 'verify',
  onProgress?: (progress: RebuildProgress) => void,
): Promise<ShadowResult> {
  const schema = schemaOf(projection);
  const shadow = inShadow(projection, schema);
  const knex = deps.db.knex;
  const lock = await tryAcquireProjectionLock(deps.db, shadow.name);
  if (!lock) throw new ProjectionLockedError(shadow.name);
  const started = performance.now();
  let events = 0;
  try {
    // 1.
    await knex.transaction(async (trx) => {
      await trx.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await trx.raw(`CREATE SCHEMA ${schema}`);
      for (const table of projection.tables) {
        await trx.raw(`CREATE TABLE ${schema}.${table} (LIKE public.${table} INCLUDING ALL)`);
        await copyStorageParameters(trx, table, schema);
      }
      await resetCheckpoint(trx, shadow.name, projection.version);
    });
    // 2.
    const head = await deps.store.settledHeadPosition(lock.signal);
    let position: Position | null = null;
    if (head) {
      position = await runBatches({
        store: deps.store,
        db: deps.db,
        projection: shadow,
        lock,
        from: null,
        until: head,
        batchSize: deps.batchSize ?? REBUILD_BATCH_SIZE,
        maxBatchDelayMs: deps.timing?.maxBatchDelayMs ?? 100,
        signal: lock.signal,
        onCommitted: (p, n) => {
          events += n;
          const seconds = (performance.now() - started) / 1000;
          onProgress?.({ name: projection.name, events, eventsPerSecond: seconds > 0 ? Math.round(events / seconds) : 0, position: p, head });
        },
      });
      if (lock.lost) throw new Error(`Shadow rebuild of ${projection.name} lost its lock; run it again`);
    }
    // 3.
    let differences: TableDifference[] = [];
    await knex.transaction(async (trx) => {
      const tables = projection.tables.map((t) => `public.${t}`).join(', ');
      await trx.raw(`LOCK TABLE ${tables} IN ${mode === 'rebuild' ? 'ACCESS EXCLUSIVE' : 'SHARE'} MODE`);
      const live = (await readCheckpoint(trx, projection.name))?.position ?? null;
      if (live) events += await catchUp(deps, trx, shadow, position, live);
      if (mode === 'verify') {
        differences = (await Promise.all(projection.tables.map((t) => compare(trx, schema, t)))).filter((d) => d.onlyLiveCount + d.onlyRebuiltCount > 0);
        return;
      }
      for (const table of projection.tables) {
        await trx.raw(`DROP TABLE public.${table}`);
        await trx.raw(`ALTER TABLE ${schema}.${table} SET SCHEMA public`);
      }
      // The position stays, but the rows changed: readers that cache by checkpoint (the run list)
      // see the change by the row's updated_at.
      await trx('projection_checkpoints').where({ name: projection.name }).update({ updated_at: trx.fn.now() });
    });
    return { name: projection.name, events, seconds: (performance.now() - started) / 1000, differences, swapped: mode === 'rebuild' };
  } finally {
    await knex.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await knex('projection_checkpoints').where({ name: shadow.name }).delete().catch(() => undefined);
    await lock.release();
  }
}

/**
 * The live table's storage parameters (run_actions' fillfactor, which keeps room for HOT updates)
 * on its shadow: LIKE … INCLUDING ALL copies columns, constraints and indexes, not these.
 */
async function copyStorageParameters(trx: Knex.Transaction, table: string, schema: string): Promise<void> {
  const { rows } = await trx.raw<{ rows: { options: string[] | null }[] }>(
    `SELECT reloptions AS options FROM pg_class WHERE oid = to_regclass(?)`,
    [`public.${table}`],
  );
  const options = rows[0]?.options;
  // Catalog text (name=value), not user input.
  if (options && options.length > 0) await trx.raw(`ALTER TABLE ${schema}.${table} SET (${options.join(', ')})`);
}
