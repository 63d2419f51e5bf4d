// Statements the projections send on every batch, run as named (prepared) statements: each
// connection parses a text once, and plans it once when PostgreSQL settles on its generic plan.
import type { Knex } from 'knex';

/**
 * Distinct statements get a name each, up to this many; the rest run unnamed. A projection makes a
 * handful (which tables a batch writes, with or without a stamp), so the bound only keeps a
 * projection whose rows change shape from growing every connection's prepared statements.
 */
export const MAX_NAMED_STATEMENTS = 64;
const names = new Map<string, string>();

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
export function namedRaw<R>(db: Knex, sql: string, values: readonly Knex.RawBinding[]): Knex.Raw<R> {
  const name = statementName(sql);
  const query = db.raw<R>(sql, [...values]);
  return name !== undefined ? query.options({ name }) : query;
}

/** namedRaw's rows. */
export async function runNamed<R>(db: Knex, sql: string, values: readonly Knex.RawBinding[]): Promise<R[]> {
  return (await namedRaw<{ rows: R[] }>(db, sql, values)).rows;
}
