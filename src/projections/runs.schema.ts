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
