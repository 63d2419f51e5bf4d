// Read-model table of the members projection: one row per (organization, user) with a stored role.
import type { Migration } from '../adapters/postgres/migrate.js';

export const membersMigrations: Migration[] = [
  {
    name: '0150_members',
    async up(knex) {
      await knex.schema.createTable('members', (t) => {
        t.text('org_id').notNullable();
        t.text('user_id').notNullable();
        t.text('role').notNullable();
        t.specificType('permissions', 'text[]').notNullable();
        t.text('assigned_by');
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        // Every request of a non-administrator resolves its role by this key.
        t.primary(['org_id', 'user_id']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('members');
    },
  },
];
