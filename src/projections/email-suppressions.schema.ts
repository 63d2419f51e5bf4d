// Table of the email_suppressions read model: one row per address ever suppressed (a removal keeps
// the row as a tombstone, so that its revision stays).
import type { Migration } from '../adapters/postgres/migrate.js';

const TABLE = 'email_suppressions';

export const emailSuppressionsMigrations: Migration[] = [
  {
    name: '0800_email_suppressions',
    async up(knex) {
      await knex.schema.createTable(TABLE, (t) => {
        t.text('email').primary();
        t.boolean('suppressed').notNullable();
        t.text('reason').notNullable();
        t.text('type');
        t.text('sub_type');
        t.timestamp('first_suppressed_at', { useTz: true }).notNullable();
        t.timestamp('last_suppressed_at', { useTz: true }).notNullable();
        t.integer('suppression_count').notNullable();
        t.text('last_message_id').notNullable();
        t.timestamp('removed_at', { useTz: true });
        t.bigInteger('revision').notNullable();
      });
      // The feed: current suppressions, newest first.
      await knex.raw(`CREATE INDEX email_suppressions_feed ON ${TABLE} (last_suppressed_at DESC, email) WHERE suppressed`);
    },
    async down(knex) {
      await knex.schema.dropTableIfExists(TABLE);
    },
  },
];
