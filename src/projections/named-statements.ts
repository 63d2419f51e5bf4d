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
/** Each text named so far: its name and, once sent beside knex, its text for node-postgres (numberedPlaceholders). */
const named = new Map<string, { name: string; numbered?: string }>();

function namedStatement(text: string): { name: string; numbered?: string } | undefined {
  let statement = named.get(text);
  if (statement === undefined && named.size < MAX_NAMED_STATEMENTS) {
    statement = { name: `sprintguard_batch_${named.size + 1}` };
    named.set(text, statement);
  }
  return statement;
}

/** The name of a statement's text: the same for the same text, none past the bound. */
export function statementName(text: string): string | undefined {
  return namedStatement(text)?.name;
}

/**
 * Knex's `?` placeholders as node-postgres's `$1`, `$2`, …: knex's own PostgreSQL numbering (a `?`
 * after an odd number of backslashes is a literal one), so that a text sent beside knex binds as it
 * would through it. These texts have no `??` identifier bindings.
 */
export function numberedPlaceholders(db: Knex, text: string): string {
  return (db.client as Knex.Client).positionBindings(text) as string;
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
  const statement = namedStatement(sql);
  // Outside a transaction, straight to node-postgres: the same driver and type parsers knex uses,
  // the same result (rows, rowCount), without knex's per-query work (database.ts, poolBeside).
  const pool = poolBeside(db);
  if (pool) {
    const text = statement ? (statement.numbered ??= numberedPlaceholders(db, sql)) : numberedPlaceholders(db, sql);
    const config: pg.QueryConfig = { text, values: [...values] };
    if (statement) config.name = statement.name;
    return (await pool.query(config)) as R;
  }
  const query = db.raw<R>(sql, [...values]);
  return (await (statement ? query.options({ name: statement.name }) : query)) as R;
}

/** namedRaw's rows. */
export async function runNamed<R>(db: Knex, sql: string, values: readonly Knex.RawBinding[]): Promise<R[]> {
  return (await namedRaw<{ rows: R[] }>(db, sql, values)).rows;
}
