// The one write every projection uses: a multi-row upsert that only moves a row forward in its
// stream, so an event applied twice (replay, overlapping rebuild) changes nothing.
import type { Knex } from 'knex';

// PostgreSQL's wire protocol allows at most 65,535 bind parameters per statement.
const MAX_PARAMETERS = 60_000;

export async function upsertForward<Row extends { revision: string }>(
  trx: Knex.Transaction,
  table: string,
  key: string[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
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
