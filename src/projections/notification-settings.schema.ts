// Table of the notification_settings read model: one row per organization, never a URL nor a secret id.
import type { Migration } from '../adapters/postgres/migrate.js';

export const notificationSettingsMigrations: Migration[] = [
  {
    name: '0800_notification_settings',
    async up(knex) {
      await knex.schema.createTable('notification_settings', (t) => {
        t.text('org_id').primary();
        t.boolean('slack').notNullable();
        t.boolean('teams').notNullable();
        t.boolean('discord').notNullable();
        t.specificType('email_recipients', 'text[]').notNullable();
        t.specificType('events', 'text[]').notNullable();
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
    },
  },
];
