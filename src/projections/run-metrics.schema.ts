// Tables of the run_metrics read model: one row per run (with how and when it ended) and one per
// planned action.
import type { Migration } from '../adapters/postgres/migrate.js';

export const runMetricsMigrations: Migration[] = [
  {
    name: '0500_run_metrics',
    async up(knex) {
      await knex.schema.createTable('metric_runs', (t) => {
        t.text('run_id').primary();
        t.text('org_id').notNullable();
        t.text('board_type').notNullable();
        t.text('project_key').notNullable();
        t.timestamp('requested_at', { useTz: true }).notNullable();
        t.timestamp('planned_at', { useTz: true });
        t.bigInteger('revision').notNullable();
        t.index(['org_id', 'requested_at'], 'metric_runs_org_requested');
      });
      await knex.schema.createTable('metric_actions', (t) => {
        t.text('run_id').notNullable();
        t.text('action_id').notNullable();
        t.text('org_id').notNullable();
        t.text('board_type').notNullable();
        t.text('project_key').notNullable();
        t.timestamp('planned_at', { useTz: true }).notNullable();
        /** approved | rejected, by a person; null while undecided or when auto mode approved it. */
        t.text('decision');
        t.text('decided_by');
        t.timestamp('decided_at', { useTz: true });
        t.timestamp('executed_at', { useTz: true });
        t.timestamp('failed_at', { useTz: true });
        t.timestamp('skipped_at', { useTz: true });
        t.bigInteger('revision').notNullable();
        t.primary(['run_id', 'action_id']);
        t.index(['org_id', 'planned_at'], 'metric_actions_org_planned');
        t.index(['org_id', 'decided_at'], 'metric_actions_org_decided');
      });
    },
  },
];

export const runMetricsOutcomeMigrations: Migration[] = [
  {
    // How each run ended (completed, failed, rejected, cancelled) and when: the metrics count run
    // outcomes per day. Filled by the projection's version 2 (a rebuild fills the runs before it).
    name: '0920_metric_run_outcomes',
    async up(knex) {
      await knex.schema.alterTable('metric_runs', (t) => {
        t.text('outcome');
        t.timestamp('ended_at', { useTz: true });
        t.index(['org_id', 'ended_at'], 'metric_runs_org_ended');
      });
    },
  },
];

export const runMetricsWithoutDecisionsMigrations: Migration[] = [
  {
    // People's decisions are counted from run_actions now (runs.schema.ts, 0930, which copied their
    // times from here first): a decision no longer writes a row of run_metrics.
    name: '0931_metric_actions_without_decisions',
    async up(knex) {
      await knex.schema.alterTable('metric_actions', (t) => {
        t.dropIndex(['org_id', 'decided_at'], 'metric_actions_org_decided');
        t.dropColumns('decision', 'decided_by', 'decided_at');
      });
    },
  },
];
