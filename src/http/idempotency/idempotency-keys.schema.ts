// The DDL of idempotency-keys (listed in src/adapters/postgres/migrations.ts).
import type { Migration } from '../../adapters/postgres/migrate.js';

export const IDEMPOTENCY_TABLE = 'idempotency_keys';

export const idempotencyMigrations: Migration[] = [
  {
    name: '0900_idempotency_keys',
    async up(knex) {
      await knex.schema.createTable(IDEMPOTENCY_TABLE, (t) => {
        t.text('org_id').notNullable();
        t.text('user_id').notNullable();
        t.text('key').notNullable();
        t.text('fingerprint').notNullable();
        t.text('route').notNullable();
        t.integer('status'); // null while the first request is in flight
        t.text('body');
        t.text('content_type');
        t.text('location');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['org_id', 'user_id', 'key']);
        t.index(['created_at'], 'idempotency_keys_created_at');
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists(IDEMPOTENCY_TABLE);
    },
  },
];
