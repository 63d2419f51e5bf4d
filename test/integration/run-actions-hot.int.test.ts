// Migration 0940: a decision or an execution updates its run_actions row in place (a HOT update: no
// index entry written), because no index covers a column those updates change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { plannedActionRow } from '../../src/projections/run-rows.js';
import { jsonInsertSql } from '../../src/projections/upsert.js';
import { createTestDatabaseUrl } from '../support/database.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 9, 0, s)).toISOString();
const proposed = {
  ...plannedActionRow('r-1', 'org-1', { action_id: 'act-1', cycle: 'T', kind: 'comment', item_key: 'K-1', item_title: 'A ticket', params: { body: 'hello' }, reason: 'why' }, 0, new Date(at(0)), '3'),
  status: 'proposed',
  updated_at: at(0),
};
const approved = { ...proposed, status: 'approved', decision: 'approved', decided_by: 'ada', decided_at: at(1), updated_at: at(1), revision: '4' };
const executed = { ...approved, status: 'executed', executed_at: at(2), updated_at: at(2), revision: '6' };

/** The indexed columns of each index of run_actions but its primary key, by index. */
async function indexedColumns(db: Database): Promise<string[][]> {
  const { rows } = await db.pool.query<{ columns: string[] }>(
    `SELECT ARRAY(SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
       FROM pg_index i WHERE i.indrelid = 'run_actions'::regclass AND NOT i.indisprimary ORDER BY 1`,
  );
  return rows.map((r) => r.columns);
}

describe('migration 0940: run_actions updated in place', () => {
  let db: Database;

  beforeAll(async () => {
    db = createDatabase({ url: await createTestDatabaseUrl('run_actions_hot'), poolSize: 2 });
    const before = readModelMigrations.migrations.slice(0, readModelMigrations.migrations.findIndex((m) => m.name === '0940_run_actions_hot_updates'));
    await runMigrations(db.knex, { tableName: readModelMigrations.tableName, migrations: before });
    // As a rebuild leaves it: the swapped-in table's indexes carry the names PostgreSQL generated.
    await db.pool.query('ALTER INDEX run_actions_org_status RENAME TO run_actions_org_id_status_idx');
    await runMigrations(db.knex, readModelMigrations);
  });
  afterAll(async () => db?.close());

  it('drops the indexes on the decision columns, whatever their names, and keeps room on each page', async () => {
    expect(await indexedColumns(db)).toEqual([['decided_at'], ['org_id']]);
    const { rows } = await db.pool.query<{ reloptions: string[] }>("SELECT reloptions FROM pg_class WHERE oid = 'run_actions'::regclass");
    expect(rows).toEqual([{ reloptions: ['fillfactor=80'] }]);
  });

  it("the projection's writes of a decision and an execution are HOT updates", async () => {
    const upsert = jsonInsertSql('run_actions', ['run_id', 'action_id'], Object.keys(proposed), 'forward');
    await db.knex.raw(upsert, [JSON.stringify([proposed])]);
    const counts = await db.knex.transaction(async (trx) => {
      await trx.raw(upsert, [JSON.stringify([approved])]);
      await trx.raw(upsert, [JSON.stringify([executed])]);
      const { rows } = await trx.raw<{ rows: { updated: string; hot: string }[] }>(
        `SELECT pg_stat_get_xact_tuples_updated('run_actions'::regclass) AS updated,
                pg_stat_get_xact_tuples_hot_updated('run_actions'::regclass) AS hot`,
      );
      return rows[0];
    });
    expect(counts).toEqual({ updated: '2', hot: '2' });
    const { rows } = await db.pool.query<{ status: string; decided_by: string; revision: string }>('SELECT status, decided_by, revision FROM run_actions');
    expect(rows).toEqual([{ status: 'executed', decided_by: 'ada', revision: '6' }]);
  });
});
