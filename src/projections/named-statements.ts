// Statements the projections send on every batch, run as named (prepared) statements: each
// connection parses a text once, and plans it once when PostgreSQL settles on its generic plan.
import type { Knex } from 'knex';
import type pg from 'pg';
import { poolBeside } from '../adapters/postgres/database.js';

/**
 * Distinct statements get a name each, up to this many; the rest run unnamed. A projection makes a
 * handful (which tables a batch writes, with or without a stamp), so the bound only keeps a
 * projection whose rows change shape from growing every connection's prepared statements.
 */
export const MAX_NAMED_STATEMENTS = 64;
const names = new Map<string, string>();
/** The texts with their `?` placeholders numbered, for node-postgres (same bound). */
const numbered = new Map<string, string>();

/** The name of a statement's text: the same for the same text, none past the bound. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `sprintguard_batch_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Knex's `?` placeholders as node-postgres's `$1`, `$2`, …, as knex's PostgreSQL dialect numbers
 * them (a `?` after an odd number of backslashes is a literal one). These texts have no
 * `??` identifier bindings.
 */
export function numberedPlaceholders(text: string): string {
  let out = numbered.get(text);
  if (out === undefined) {
    let n = 0;
    out = text.replace(/(\\*)\?/g, (_match, escapes: string) => (escapes.length % 2 ? '?' : `$${++n}`));
    if (numbered.size < MAX_NAMED_STATEMENTS) numbered.set(text, out);
  }
  return out;
}

/**
 * `sql` as a named statement (knex passes `options` on to node-postgres's query config): each
 * connection parses and plans it once, then only binds and executes it. Parsed and planned anew, a
 * batch statement cost PostgreSQL 20–40 µs per command of planning alone under the commands
 * benchmark (docs/benchmarks.md), and the checkpoint's compare-and-set of a batch without rows 8 µs
 * more. A named statement is parsed once; PostgreSQL still plans it afresh on each call while a
 * custom plan looks cheaper than the generic one (the runs' read of the runs it does not keep,
 * `run_id = ANY ($1)`: 16 µs of planning per command in the same benchmark, 2026-11-29). A plan
 * cached so stays right when a table is renamed or altered (a rebuild's swap): PostgreSQL analyses
 * the statement's text again after any change to a table it reads, and the statement's result has
 * the same type whatever the tables.
 */
export async function namedRaw<R>(db: Knex, sql: string, values: readonly Knex.RawBinding[]): Promise<R> {
  const name = statementName(sql);
  // Outside a transaction, straight to node-postgres: the same driver and type parsers knex uses,
  // the same result (rows, rowCount), without knex's per-query work (database.ts, poolBeside).
  const pool = poolBeside(db);
  if (pool) {
    const config: pg.QueryConfig = { text: numberedPlaceholders(sql), values: [...values] };
    if (name !== undefined) config.name = name;
    return (await pool.query(config)) as R;
  }
  const query = db.raw<R>(sql, [...values]);
  return (await (name !== undefined ? query.options({ name }) : query)) as R;
}

/** namedRaw's rows. */
export async function runNamed<R>(db: Knex, sql: string, values: readonly Knex.RawBinding[]): Promise<R[]> {
  return (await namedRaw<{ rows: R[] }>(db, sql, values)).rows;
}
