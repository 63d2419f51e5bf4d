// The one write every projection uses: a multi-row upsert that only moves a row forward in its
// stream, so an event applied twice (replay, overlapping rebuild) changes nothing.
//
// The rows travel as ONE parameter, a JSON array that PostgreSQL turns into rows of the table's own
// type (jsonb_populate_recordset): the statement's text depends only on the table and its columns,
// and neither side handles a bind parameter per cell. A batch of a few hundred run actions was
// thousands of parameters whose binding and planning made the runs projection's batch cost ~0.6 ms
// per event (docs/architecture.md, "The write path"). Values are what a row would be given to knex:
// text, numbers, booleans, null, Dates, arrays for array columns, and objects for jsonb columns.
import type { Knex } from 'knex';

// PostgreSQL's wire protocol allows at most 65,535 bind parameters per statement (knex's path).
const MAX_PARAMETERS = 60_000;
// Rows per statement on the JSON path: bounds one parameter's size.
export const MAX_JSON_ROWS = 5_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every row has exactly these keys and no undefined value (a missing cell means DEFAULT to knex, NULL to the JSON path). */
export function uniformColumns(rows: readonly Record<string, unknown>[]): string[] | undefined {
  const columns = Object.keys(rows[0]!);
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) return undefined;
    for (const c of columns) if (row[c] === undefined) return undefined;
  }
  return columns;
}

const statements = new Map<string, string>();

/**
 * The INSERT of rows carried by one JSON parameter. `forward` updates a row only to a newer revision,
 * `ignore` keeps the existing row. `condition`, when given, is a SQL condition every row needs (the
 * one-statement batch's checkpoint compare-and-set, batch-statement.ts).
 */
export function jsonInsertSql(table: string, key: readonly string[], columns: readonly string[], onConflict: 'forward' | 'ignore', condition = ''): string {
  const id = `${table}\u0000${key.join(',')}\u0000${columns.join(',')}\u0000${onConflict}\u0000${condition}`;
  let sql = statements.get(id);
  if (!sql) {
    const list = columns.map(quote).join(', ');
    const updates = onConflict === 'forward' ? columns.filter((c) => !key.includes(c)).map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`) : [];
    sql = `INSERT INTO ${quote(table)} (${list})
SELECT ${list} FROM jsonb_populate_recordset(NULL::${quote(table)}, ?::jsonb)${condition ? ` WHERE ${condition}` : ''}
ON CONFLICT (${key.map(quote).join(', ')}) DO ${updates.length > 0 ? `UPDATE SET ${updates.join(', ')} WHERE ${quote(table)}.revision < EXCLUDED.revision` : 'NOTHING'}`;
    statements.set(id, sql);
  }
  return sql;
}

/**
 * The UPDATE of rows the table holds, carried by one JSON parameter: the given columns set where
 * the key matches and the row's revision is older. For a batch of decisions on large rows it is
 * the INSERT … ON CONFLICT without the insert attempt and without the columns that never change
 * (an action's params, reason, title), which the JSON no longer carries nor PostgreSQL parses.
 */
export function jsonUpdateSql(table: string, key: readonly string[], columns: readonly string[], condition = ''): string {
  const id = `update\u0000${table}\u0000${key.join(',')}\u0000${columns.join(',')}\u0000${condition}`;
  let sql = statements.get(id);
  if (!sql) {
    const sets = columns.filter((c) => !key.includes(c)).map((c) => `${quote(c)} = x.${quote(c)}`);
    const matches = key.map((k) => `t.${quote(k)} = x.${quote(k)}`);
    sql = `UPDATE ${quote(table)} AS t SET ${sets.join(', ')}
  FROM jsonb_populate_recordset(NULL::${quote(table)}, ?::jsonb) AS x
 WHERE ${[...matches, 't.revision < x.revision', ...(condition ? [condition] : [])].join(' AND ')}`;
    statements.set(id, sql);
  }
  return sql;
}

export async function upsertForward<Row extends { revision: string }>(
  trx: Knex.Transaction,
  table: string,
  key: string[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = uniformColumns(rows);
  if (columns) {
    const sql = jsonInsertSql(table, key, columns, 'forward');
    for (let i = 0; i < rows.length; i += MAX_JSON_ROWS) {
      await trx.raw(sql, [JSON.stringify(rows.slice(i, i + MAX_JSON_ROWS))]);
    }
    return;
  }
  const perRow = Math.max(1, Object.keys(rows[0]!).length);
  const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  for (let i = 0; i < rows.length; i += chunk) {
    await trx(table)
      .insert(rows.slice(i, i + chunk))
      .onConflict(key)
      .merge()
      .where(`${table}.revision`, '<', trx.raw('excluded.revision'));
  }
}
