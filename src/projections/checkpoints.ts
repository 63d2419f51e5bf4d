// Projection checkpoints: one row per projection in `projection_checkpoints` (projections.schema.ts).
// Rules (as Marten's async daemon keeps its progression):
// - the checkpoint moves in the SAME transaction as the read-model rows, so rows and position commit
//   together or not at all;
// - it moves by compare-and-set on the old position. 0 rows updated means another runner moved it:
//   the caller rolls back and gives up leadership (the CAS is the fencing token);
// - positions are stored as two numeric(20) columns and converted to bigint here, never elsewhere.
import type { Knex } from 'knex';
import type { Position } from '../adapters/event-store.js';
import { namedRaw } from './named-statements.js';

export const CHECKPOINT_TABLE = 'projection_checkpoints';

export interface Checkpoint {
  name: string;
  /** Version of the projection code that wrote the rows. */
  version: number;
  /** Last applied position; null when nothing has been applied yet. */
  position: Position | null;
  updatedAt: Date;
}

interface CheckpointRow {
  name: string;
  version: number;
  commit_pos: string | null;
  prepare_pos: string | null;
  updated_at: Date;
}

/** Thrown inside a batch transaction when the compare-and-set finds another position. */
export class CheckpointConflictError extends Error {
  override readonly name = 'CheckpointConflictError';
  constructor(readonly projection: string) {
    super(`Checkpoint of projection ${projection} was moved by another runner`);
  }
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  const position =
    row.commit_pos === null || row.prepare_pos === null
      ? null
      : { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos) };
  return { name: row.name, version: Number(row.version), position, updatedAt: row.updated_at };
}

/** Creates the checkpoint row (at the start, with this version) when it does not exist yet. */
export async function ensureCheckpoint(db: Knex, name: string, version: number): Promise<Checkpoint> {
  await db(CHECKPOINT_TABLE).insert({ name, version }).onConflict('name').ignore();
  const found = await readCheckpoint(db, name);
  if (!found) throw new Error(`Checkpoint row of projection ${name} vanished`);
  return found;
}

export async function readCheckpoint(db: Knex, name: string): Promise<Checkpoint | undefined> {
  const row = await db<CheckpointRow>(CHECKPOINT_TABLE).where({ name }).first();
  return row ? toCheckpoint(row) : undefined;
}

export async function readCheckpoints(db: Knex, names: readonly string[]): Promise<Map<string, Checkpoint>> {
  const rows = await db<CheckpointRow>(CHECKPOINT_TABLE).whereIn('name', [...names]);
  return new Map(rows.map((r) => [r.name, toCheckpoint(r)]));
}

export interface AdvanceOptions {
  /** A SQL condition the update also requires (the projection lock's fencing check). */
  fence?: { sql: string; bindings: readonly (string | number)[] };
  /**
   * Commit the transaction without waiting for the disk (synchronous_commit off for it alone): for
   * derived rows, which a crash loses together with their checkpoint and which are applied again.
   */
  asyncCommit?: boolean;
}

/**
 * The compare-and-set as an UPDATE (no RETURNING): from `from` to `to`, if the fence holds and, with
 * `stamp`, if the row's updated_at is still that text (nothing else touched it since it was read).
 */
export function checkpointUpdate(
  name: string,
  from: Position | null,
  to: Position,
  options: AdvanceOptions & { stamp?: string } = {},
): { sql: string; bindings: (string | number | null)[] } {
  // The setting is made by the statement itself (a one-row FROM item), not by a SET LOCAL of its own.
  const asyncCommit = options.asyncCommit ? `FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit` : '';
  const stamp = options.stamp !== undefined ? 'AND updated_at = ?::timestamptz' : '';
  const fence = options.fence ? `AND ${options.fence.sql}` : '';
  return {
    sql: `UPDATE ${CHECKPOINT_TABLE}
        SET commit_pos = ?::numeric, prepare_pos = ?::numeric, updated_at = now()
       ${asyncCommit}
      WHERE name = ?
        AND commit_pos IS NOT DISTINCT FROM ?::numeric
        AND prepare_pos IS NOT DISTINCT FROM ?::numeric
        ${stamp}
        ${fence}`,
    bindings: [
      to.commit.toString(),
      to.prepare.toString(),
      name,
      from ? from.commit.toString() : null,
      from ? from.prepare.toString() : null,
      ...(options.stamp !== undefined ? [options.stamp] : []),
      ...(options.fence?.bindings ?? []),
    ],
  };
}

/**
 * Compare-and-set: moves the checkpoint from `from` to `to`. Returns false when the stored position
 * is not `from` (someone else advanced or reset it) or the fence does not hold; the caller must then
 * roll back. One statement, whatever the options; `db` is the batch's transaction, or the pool for a
 * batch without rows (the statement is then its own transaction).
 */
export async function advanceCheckpoint(db: Knex, name: string, from: Position | null, to: Position, options: AdvanceOptions = {}): Promise<boolean> {
  const { sql, bindings } = checkpointUpdate(name, from, to, options);
  const updated = await namedRaw<{ rowCount: number }>(db, sql, bindings);
  return updated.rowCount === 1;
}

/** Back to the start, stamped with the version that is about to be rebuilt (inside the rebuild's transaction). */
export async function resetCheckpoint(trx: Knex.Transaction, name: string, version: number): Promise<void> {
  await trx.raw(
    `INSERT INTO ${CHECKPOINT_TABLE} (name, version, commit_pos, prepare_pos, updated_at, rebuilt_at)
     VALUES (?, ?, NULL, NULL, now(), now())
     ON CONFLICT (name) DO UPDATE
       SET version = EXCLUDED.version, commit_pos = NULL, prepare_pos = NULL,
           updated_at = now(), rebuilt_at = now()`,
    [name, version],
  );
}
