// Migration 0930/0931: people's decisions move from run_metrics to run_actions without a rebuild.
// A database migrated up to just before them, with rows as the projections of before wrote them
// (run_actions.decided_at the recorded time, metric_actions the decision's own), is brought to what
// the projections write now: each decision named, its time the decision's own, and metric_actions
// without decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { createTestDatabaseUrl } from '../support/database.js';

const before = readModelMigrations.migrations.slice(
  0,
  readModelMigrations.migrations.findIndex((m) => m.name === '0930_run_action_decisions'),
);

const recorded = new Date('2026-03-09T10:00:00.250Z');
const decided = new Date('2026-03-09T10:00:00.000Z');

describe('migrations 0930 and 0931: decisions kept by run_actions alone', () => {
  let db: Database;

  beforeAll(async () => {
    db = createDatabase({ url: await createTestDatabaseUrl('run_action_decisions'), poolSize: 2 });
    await runMigrations(db.knex, { tableName: readModelMigrations.tableName, migrations: before });
    const action = (id: string, status: string, decidedBy: string | null, decidedAt: Date | null) => ({
      run_id: 'r-1',
      action_id: id,
      org_id: 'org-1',
      seq: Number(id.slice(-1)),
      cycle: 'T',
      kind: 'comment',
      item_key: `K-${id}`,
      params: {},
      reason: 'why',
      status,
      decided_by: decidedBy,
      decided_at: decidedAt,
      updated_at: recorded,
      revision: 5,
    });
    await db.knex('run_actions').insert([
      action('act-1', 'executed', 'ada', recorded), // approved, then executed
      action('act-2', 'rejected', 'ada', recorded),
      action('act-3', 'executed', null, null), // auto mode: approved by no one
      action('act-4', 'proposed', null, null),
      action('act-5', 'approved', 'bob', recorded), // run_metrics had not reached this decision
    ]);
    const metric = (id: string, decision: string | null, decidedAt: Date | null) => ({
      run_id: 'r-1',
      action_id: id,
      org_id: 'org-1',
      board_type: 'jira',
      project_key: 'ENG',
      planned_at: new Date('2026-03-09T09:00:00Z'),
      decision,
      decided_by: decision ? 'ada' : null,
      decided_at: decidedAt,
      revision: 5,
    });
    await db.knex('metric_actions').insert([metric('act-1', 'approved', decided), metric('act-2', 'rejected', decided), metric('act-3', null, null), metric('act-4', null, null), metric('act-5', null, null)]);
    await runMigrations(db.knex, readModelMigrations);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("names each person's decision and gives it the decision's own time where run_metrics had it", async () => {
    const rows = await db.knex('run_actions').orderBy('action_id').select('action_id', 'decision', 'decided_by', 'decided_at');
    expect(rows.map((r: { action_id: string; decision: string | null; decided_at: Date | null }) => [r.action_id, r.decision, r.decided_at?.toISOString() ?? null])).toEqual([
      ['act-1', 'approved', decided.toISOString()],
      ['act-2', 'rejected', decided.toISOString()],
      ['act-3', null, null],
      ['act-4', null, null],
      ['act-5', 'approved', recorded.toISOString()],
    ]);
  });

  it('leaves metric_actions without decisions, and indexes run_actions for the metrics window', async () => {
    const { rows: columns } = await db.knex.raw<{ rows: { column_name: string }[] }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'metric_actions' AND column_name LIKE 'decid%'",
    );
    expect(columns).toEqual([]);
    const { rows: indexes } = await db.knex.raw<{ rows: { indexname: string }[] }>("SELECT indexname FROM pg_indexes WHERE tablename IN ('run_actions', 'metric_actions') ORDER BY indexname");
    // The decision time's index: (org_id, decided_at) until 0940, a BRIN index on decided_at since.
    expect(indexes.map((i) => i.indexname)).toContain('run_actions_decided_brin');
    expect(indexes.map((i) => i.indexname)).not.toContain('metric_actions_org_decided');
  });
});
