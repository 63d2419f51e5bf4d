// The projections' reads of a batch's actions (runs, run_metrics) are index lookups whatever the
// tables hold: the plans PostgreSQL chooses for the statements themselves, on tables of 20,000
// actions with fresh statistics, have no sequential scan of them, and the rows are the right ones.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { ACTIONS_OF_SQL } from '../../src/projections/runs.projection.js';
import { ACTION_CHANGING_COLUMNS } from '../../src/projections/run-rows.js';
import { jsonUpdateSql } from '../../src/projections/upsert.js';
import { LOAD_SQL } from '../../src/projections/run-metrics.projection.js';
import { createTestDatabaseUrl } from '../support/database.js';

const RUNS = 50;
const ACTIONS_PER_RUN = 400;

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('run_action_loads'), poolSize: 2 });
  await runMigrations(db.knex, readModelMigrations);
  await db.knex.raw(
    `INSERT INTO run_actions (run_id, action_id, org_id, seq, cycle, kind, item_key, params, reason, status, updated_at, revision)
     SELECT 'run-' || r, 'act-' || a, 'org_a', a, 'T', 'label', 'ENG-' || a, '{}', 'r', 'proposed', now(), 1
       FROM generate_series(1, ?::int) r, generate_series(1, ?::int) a`,
    [RUNS, ACTIONS_PER_RUN],
  );
  await db.knex.raw(
    `INSERT INTO metric_actions (run_id, action_id, org_id, board_type, project_key, planned_at, revision)
     SELECT 'run-' || r, 'act-' || a, 'org_a', 'jira', 'ENG', now(), 1
       FROM generate_series(1, ?::int) r, generate_series(1, ?::int) a`,
    [RUNS, ACTIONS_PER_RUN],
  );
  await db.knex.raw('ANALYZE run_actions; ANALYZE metric_actions');
}, 60_000);
afterAll(async () => db?.close());

/** A batch's worth of named actions: one in each of 30 runs. */
const pairs = Array.from({ length: 30 }, (_, i) => [`run-${i + 2}`, `act-${i * 7 + 3}`] as const);
const runIdsOf = (p: readonly (readonly [string, string])[]) => p.map(([runId]) => runId);
const actionIdsOf = (p: readonly (readonly [string, string])[]) => p.map(([, actionId]) => actionId);

async function scannedTables(sql: string, bindings: readonly Knex.RawBinding[]): Promise<string[]> {
  const { rows } = await db.knex.raw<{ rows: { 'QUERY PLAN': unknown }[] }>(`EXPLAIN (FORMAT JSON) ${sql}`, bindings);
  const text = JSON.stringify(rows[0]!['QUERY PLAN']);
  return [...text.matchAll(/"Node Type":"Seq Scan"[^{}]*?"Relation Name":"([a-z_]+)"/g)].map((m) => m[1]!);
}

describe('a batch reads its actions by key', () => {
  it('runs: the actions of one whole run and 30 named ones, without scanning run_actions', async () => {
    const bindings = [['run-1'], runIdsOf(pairs), actionIdsOf(pairs)];
    expect(await scannedTables(ACTIONS_OF_SQL, bindings)).not.toContain('run_actions');
    const { rows } = await db.knex.raw<{ rows: { run_id: string; action_id: string }[] }>(ACTIONS_OF_SQL, bindings);
    const keys = new Set(rows.map((r) => `${r.run_id}/${r.action_id}`));
    expect(rows).toHaveLength(ACTIONS_PER_RUN + pairs.length);
    expect(keys.size).toBe(rows.length);
    for (const [runId, actionId] of pairs) expect(keys).toContain(`${runId}/${actionId}`);
    expect(keys).toContain(`run-1/act-${ACTIONS_PER_RUN}`);
  });

  it('runs: named actions only, and a pair that does not exist, read nothing else', async () => {
    const named = [...pairs, ['run-9', 'act-99999'] as const];
    const bindings = [[], runIdsOf(named), actionIdsOf(named)];
    expect(await scannedTables(ACTIONS_OF_SQL, bindings)).not.toContain('run_actions');
    const { rows } = await db.knex.raw<{ rows: unknown[] }>(ACTIONS_OF_SQL, bindings);
    expect(rows).toHaveLength(pairs.length);
  });

  it("runs: a batch's decisions on 30 held actions update each by its key, without scanning run_actions", async () => {
    const sql = jsonUpdateSql('run_actions', ['run_id', 'action_id'], ['run_id', 'action_id', ...ACTION_CHANGING_COLUMNS]);
    const at = new Date().toISOString();
    const rows = pairs.map(([run_id, action_id]) => ({
      run_id, action_id, status: 'approved', decision: 'approved', decided_by: 'ada', decided_at: at,
      decision_reason: null, executed_at: null, error: null, updated_at: at, revision: '2',
    }));
    expect(await scannedTables(sql, [JSON.stringify(rows)])).not.toContain('run_actions');
  });

  it('run_metrics: the runs, one run whole, 30 named actions and the stamp, without scanning metric_actions', async () => {
    const bindings = [['run-1', ...runIdsOf(pairs)], ['run-1'], runIdsOf(pairs), actionIdsOf(pairs), 'run_metrics'];
    expect(await scannedTables(LOAD_SQL, bindings)).not.toContain('metric_actions');
    const { rows } = await db.knex.raw<{ rows: { k: string }[] }>(LOAD_SQL, bindings);
    expect(rows.filter((r) => r.k === 'a')).toHaveLength(ACTIONS_PER_RUN + pairs.length);
  });
});
