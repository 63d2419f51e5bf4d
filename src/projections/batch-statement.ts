// A projection batch as ONE autocommit statement: the fenced checkpoint compare-and-set and the
// batch's rows, in data-modifying CTEs. Under load every round trip of a batch waits its turn on a
// saturated machine (~17 ms each with 50 writers on 2 cores), so a batch's cost, and the read
// model's lag, is its number of round trips (docs/architecture.md, "The write path"); a batch
// transaction is at least BEGIN, the rows, the checkpoint, COMMIT.
//
// Every INSERT is conditioned on the compare-and-set's own result (`EXISTS (SELECT FROM cp)`), so the
// statement writes everything or nothing: the rows go in only if the checkpoint was still at `from`,
// the projection's lock is still ours (the fence) and, with a stamp, no one else wrote the tables
// since the rows were read. A statement is atomic, so a failure leaves nothing either.
// It runs as a named statement (named-statements.ts): parsed and planned once per connection.
import type { Knex } from 'knex';
import type { Position } from '../adapters/event-store.js';
import { checkpointUpdate, type AdvanceOptions } from './checkpoints.js';
import type { BatchWrites } from './projection.js';
import { runNamed } from './named-statements.js';
import { jsonInsertSql, jsonUpdateSql, MAX_JSON_ROWS, uniformColumns } from './upsert.js';

const CONDITION = 'EXISTS (SELECT FROM cp)';

/** The statement and its parameters, or undefined when a table's rows cannot travel so (uneven rows, too many). */
export function batchStatement(
  name: string,
  from: Position | null,
  to: Position,
  batch: BatchWrites,
  options: AdvanceOptions,
): { sql: string; bindings: (string | number | null)[] } | undefined {
  const cas = checkpointUpdate(name, from, to, { ...options, ...(batch.stamp !== undefined ? { stamp: batch.stamp } : {}) });
  const ctes = [`cp AS (${cas.sql}\n RETURNING updated_at::text AS stamp)`];
  const bindings: (string | number | null)[] = [...cas.bindings];
  for (const write of batch.writes) {
    if (write.rows.length === 0) continue;
    if (write.rows.length > MAX_JSON_ROWS) return undefined;
    const columns = uniformColumns(write.rows as readonly Record<string, unknown>[]);
    if (!columns) return undefined;
    const sql =
      write.onConflict === 'existing'
        ? jsonUpdateSql(write.table, write.key, columns, CONDITION)
        : jsonInsertSql(write.table, write.key, columns, write.onConflict, CONDITION);
    ctes.push(`w${ctes.length} AS (${sql})`);
    bindings.push(JSON.stringify(write.rows));
  }
  return { sql: `WITH ${ctes.join(',\n')}\nSELECT (SELECT stamp FROM cp) AS stamp`, bindings };
}

/**
 * Runs the batch statement. 'written': rows and checkpoint committed, with the checkpoint's new
 * updated_at (`stamp`). 'refused': nothing written because the compare-and-set did not hold
 * (checkpoint moved, lock lost, or the stamp changed), for the caller to sort out in a transaction.
 * 'unsupported': the rows cannot travel as one statement.
 */
export async function writeBatchStatement(
  db: Knex,
  name: string,
  from: Position | null,
  to: Position,
  batch: BatchWrites,
  options: AdvanceOptions,
): Promise<{ outcome: 'written'; stamp: string } | { outcome: 'refused' | 'unsupported' }> {
  const statement = batchStatement(name, from, to, batch, options);
  if (!statement) return { outcome: 'unsupported' };
  const rows = await runNamed<{ stamp: string | null }>(db, statement.sql, statement.bindings);
  const stamp = rows[0]?.stamp;
  return typeof stamp === 'string' ? { outcome: 'written', stamp } : { outcome: 'refused' };
}
