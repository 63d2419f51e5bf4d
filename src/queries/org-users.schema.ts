// The DDL of org-users (listed in src/adapters/postgres/migrations.ts).
import type { Migration } from '../adapters/postgres/migrate.js';

export const ORG_USERS_TABLE = 'org_users';

export const orgUsersMigrations: Migration[] = [
  {
    name: '0920_org_users',
    async up(knex) {
      await knex.schema.createTable(ORG_USERS_TABLE, (t) => {
        t.text('org_id').notNullable();
        t.text('user_id').notNullable();
        t.boolean('is_org_admin').notNullable();
        t.timestamp('first_seen_at', { useTz: true }).notNullable();
        t.primary(['org_id', 'user_id']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists(ORG_USERS_TABLE);
    },
  },
];
