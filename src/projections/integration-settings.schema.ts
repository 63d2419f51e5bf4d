// Table of the integration_settings read model: one row per organization, never a secret.
import type { Migration } from '../adapters/postgres/migrate.js';

export const integrationSettingsMigrations: Migration[] = [
  {
    name: '0400_integration_settings',
    async up(knex) {
      await knex.schema.createTable('integration_settings', (t) => {
        t.text('org_id').primary();
        t.text('board_type').notNullable();
        t.text('base_url');
        t.text('email');
        t.text('api_url');
        t.specificType('project_keys', 'text[]').notNullable();
        t.jsonb('source_control');
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
    },
  },
];
