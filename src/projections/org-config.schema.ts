// Read-model tables of the org-config projection.
import type { Migration } from '../adapters/postgres/migrate.js';

export const orgConfigMigrations: Migration[] = [
  {
    name: '0100_org_config',
    async up(knex) {
      await knex.schema.createTable('org_settings', (t) => {
        t.text('org_id').primary();
        t.text('write_mode').notNullable();
        t.integer('action_cap').notNullable();
        t.integer('confirmation_threshold').notNullable();
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      await knex.schema.createTable('schedules', (t) => {
        t.text('org_id').primary();
        t.boolean('enabled').notNullable();
        t.text('timezone').notNullable();
        t.specificType('days_of_week', 'smallint[]').notNullable();
        t.text('time').notNullable();
        t.text('board_type').notNullable();
        t.text('project_key').notNullable();
        t.specificType('cycles', 'text[]');
        t.boolean('dry_run');
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      await knex.schema.createTable('feature_flags', (t) => {
        t.text('org_id').notNullable();
        t.text('name').notNullable();
        t.boolean('enabled').notNullable();
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.primary(['org_id', 'name']);
      });
    },
  },
];
