// Read-model tables of the runs projection: one row per run, one per planned action.
import type { Migration } from '../adapters/postgres/migrate.js';

export const runsMigrations: Migration[] = [
  {
    name: '0200_runs',
    async up(knex) {
      await knex.schema.createTable('runs', (t) => {
        t.text('run_id').primary();
        t.text('org_id').notNullable();
        t.text('board_type').notNullable();
        t.text('project_key').notNullable();
        t.text('status').notNullable();
        t.text('flow').notNullable();
        t.text('write_mode').notNullable();
        t.boolean('is_dry_run').notNullable();
        t.specificType('cycles_run', 'text[]').notNullable();
        t.integer('planned_actions_count').notNullable().defaultTo(0);
        t.integer('executed_actions_count').notNullable().defaultTo(0);
        t.integer('failed_actions_count').notNullable().defaultTo(0);
        t.integer('skipped_actions_count').notNullable().defaultTo(0);
        t.integer('approved_actions_count').notNullable().defaultTo(0);
        t.integer('rejected_actions_count').notNullable().defaultTo(0);
        t.integer('pending_actions_count').notNullable().defaultTo(0);
        t.integer('items_read').notNullable().defaultTo(0);
        t.text('requested_by').notNullable();
        t.text('error');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.timestamp('completed_at', { useTz: true });
        t.bigInteger('revision').notNullable();
        t.index(['org_id', 'created_at', 'run_id'], 'runs_org_newest');
        t.index(['org_id', 'board_type', 'project_key', 'status'], 'runs_org_project_status');
      });
      await knex.schema.createTable('run_actions', (t) => {
        t.text('run_id').notNullable();
        t.text('action_id').notNullable();
        t.text('org_id').notNullable();
        t.integer('seq').notNullable();
        t.text('cycle').notNullable();
        t.text('kind').notNullable();
        t.text('item_key').notNullable();
        t.text('item_title');
        t.jsonb('params').notNullable();
        t.text('reason').notNullable();
        t.text('status').notNullable();
        t.text('decided_by');
        t.timestamp('decided_at', { useTz: true });
        t.text('decision_reason');
        t.timestamp('executed_at', { useTz: true });
        t.text('error');
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.bigInteger('revision').notNullable();
        t.primary(['run_id', 'action_id']);
        t.index(['org_id', 'status'], 'run_actions_org_status');
      });
    },
  },
];

/** Added after the first release: listed at the end of the migrations (src/adapters/postgres/migrations.ts). */
export const runsExecutionStartedByMigrations: Migration[] = [
  {
    // Who started the run's execution (a person, or `system` in auto mode): the action exports
    // name it as the actor of each executed action.
    name: '0910_runs_execution_started_by',
    async up(knex) {
      await knex.schema.alterTable('runs', (t) => {
        t.text('execution_started_by');
      });
    },
  },
];

/** Added after the first release: listed at the end of the migrations (src/adapters/postgres/migrations.ts). */
export const runActionDecisionMigrations: Migration[] = [
  {
    // How a person decided each action (approved | rejected; null while undecided or when auto mode
    // approved it), and an index for the metrics' decisions of a time window: GET /api/metrics counts
    // people's decisions from run_actions (queries/metrics.query.ts), so a decision writes no row of
    // run_metrics. Existing rows are brought to what the projection now writes without a rebuild:
    // the decision from the action's status (a rejected action never moves on), and `decided_at`
    // from run_metrics, which held the decision's own time (the event's `at`) where run_actions held
    // the time the store recorded it; rows run_metrics had not reached keep the recorded time.
    name: '0930_run_action_decisions',
    async up(knex) {
      await knex.schema.alterTable('run_actions', (t) => {
        t.text('decision');
      });
      // Each decided action rewritten once, before the index exists (it would be updated row by row).
      await knex.raw(
        `UPDATE run_actions a
            SET decision = CASE WHEN a.status = 'rejected' THEN 'rejected' ELSE 'approved' END,
                decided_at = coalesce((SELECT m.decided_at FROM metric_actions m WHERE m.run_id = a.run_id AND m.action_id = a.action_id), a.decided_at)
          WHERE a.decided_by IS NOT NULL`,
      );
      await knex.schema.alterTable('run_actions', (t) => {
        t.index(['org_id', 'decided_at'], 'run_actions_org_decided');
      });
    },
  },
];

/** Added after the first release: listed at the end of the migrations (src/adapters/postgres/migrations.ts). */
export const runIsoTimesMigrations: Migration[] = [
  {
    // The run's creation and completion times as the CSV export writes them (ISO 8601, milliseconds,
    // `Z`), written by the projection so that the export copies text instead of formatting 200,000
    // timestamps per 100,000 runs (queries/exports/csv-sql.ts). No backfill: a row from before has
    // NULL there and the export formats its timestamps in the query, as it always did.
    name: '0932_runs_iso_times',
    async up(knex) {
      await knex.schema.alterTable('runs', (t) => {
        t.text('created_at_iso');
        t.text('completed_at_iso');
      });
    },
  },
];

/** A row of `runs` as the projection writes it (the API's Run is mapped from it by toRunView). */
export interface RunRow {
  run_id: string;
  org_id: string;
  board_type: string;
  project_key: string;
  status: string;
  flow: string;
  write_mode: string;
  is_dry_run: boolean;
  cycles_run: string[];
  planned_actions_count: number;
  executed_actions_count: number;
  failed_actions_count: number;
  skipped_actions_count: number;
  approved_actions_count: number;
  rejected_actions_count: number;
  pending_actions_count: number;
  items_read: number;
  requested_by: string;
  error: string | null;
  /** Who approved the execution of the run (shown in the action exports as executed_by). */
  execution_started_by: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  /** created_at and completed_at as the CSV export writes them (Date.toISOString); null on rows from before 0932. */
  created_at_iso: string | null;
  completed_at_iso: string | null;
  revision: string;
}

/** A row of `run_actions` as the projection writes it (mapped by toActionView). */
export interface RunActionRow {
  run_id: string;
  action_id: string;
  org_id: string;
  seq: number;
  cycle: string;
  kind: string;
  item_key: string;
  item_title: string | null;
  params: Record<string, unknown>;
  reason: string;
  status: string;
  /** approved | rejected by a person; null while undecided or when auto mode approved it. */
  decision: 'approved' | 'rejected' | null;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  executed_at: Date | null;
  error: string | null;
  updated_at: Date;
  revision: string;
}

/** Added after the first release: listed at the end of the migrations (src/adapters/postgres/migrations.ts). */
export const runActionsHotMigrations: Migration[] = [
  {
    // Decisions and executions update run_actions in place (HOT: no index entry written, the new
    // row version on the same page). Every decision changed two indexed columns (status and
    // decided_at), so each of those updates wrote a new entry in all three of the table's indexes:
    // under the commands benchmark none of 18,106 updates was HOT, and the runs projection's batch
    // was PostgreSQL's largest cost per command (docs/benchmarks.md, 2026-11-28/29).
    // - (org_id, status) served the approval inbox and its counts: the inbox now finds its runs by
    //   runs (org_id, status) and their actions by the primary key; the counts read the
    //   organization's actions by run_actions (org_id), a column that never changes.
    // - (org_id, decided_at) served the metrics' decisions of a time window: a BRIN index on
    //   decided_at serves it with (org_id). BRIN is a summarizing index, which PostgreSQL 16 and
    //   later keep up to date without giving up HOT; on older servers it costs HOT as the btree did.
    // - fillfactor 80 leaves room on each page for the row's next versions (a planned action is
    //   updated at its decision and at its execution). Pages written before keep what they had.
    name: '0940_run_actions_hot_updates',
    async up(knex) {
      // By their columns, not their names: a table swapped in by a rebuild has the names PostgreSQL
      // generated for it (shadow.ts).
      await knex.raw(`
        DO $$
        DECLARE r record;
        BEGIN
          FOR r IN
            SELECT i.indexrelid::regclass AS index_name
              FROM pg_index i
             WHERE i.indrelid = 'run_actions'::regclass AND NOT i.indisprimary
               AND ARRAY(SELECT a.attname::text
                           FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                          ORDER BY k.ord) IN (ARRAY['org_id', 'status'], ARRAY['org_id', 'decided_at'])
          LOOP
            EXECUTE format('DROP INDEX %s', r.index_name);
          END LOOP;
        END $$`);
      await knex.raw('CREATE INDEX run_actions_org ON run_actions (org_id)');
      await knex.raw('CREATE INDEX run_actions_decided_brin ON run_actions USING brin (decided_at)');
      await knex.raw('CREATE INDEX runs_org_status ON runs (org_id, status)');
      await knex.raw('ALTER TABLE run_actions SET (fillfactor = 80)');
    },
  },
];
