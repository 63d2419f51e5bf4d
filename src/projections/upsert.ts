// The one write every projection uses: a multi-row upsert that only moves a row forward in its
// stream, so an event applied twice (replay, overlapping rebuild) changes nothing.
import type { Knex } from 'knex';

export async function upsertForward<Row extends { revision: string }>(
  trx: Knex.Transaction,
  table: string,
  key: string[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx(table)
    .insert(rows as Row[])
    .onConflict(key)
    .merge()
    .where(`${table}.revision`, '<', trx.raw('excluded.revision'));
}
