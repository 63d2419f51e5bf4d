// Read-model migrations owned by the projection runner: the checkpoint table. The list of every
// migration (src/adapters/postgres/migrations.ts) appends each projection's own tables to it; the
// whole list shares one history table, `rm_migrations`, separate from the event store's.
import type { MigrationSet } from '../adapters/postgres/migrate.js';

export const projectionMigrations: MigrationSet = {
  tableName: 'rm_migrations',
  migrations: [
    {
      name: '0001_projection_checkpoints',
      async up(knex) {
        await knex.schema.createTable('projection_checkpoints', (t) => {
          t.text('name').primary();
          // Version of the projection code that produced the rows (set at creation and by rebuild).
          t.integer('version').notNullable();
          // The last position applied, as the port's (commit, prepare) pair; NULL = nothing yet.
          // numeric(20) holds any unsigned 64-bit value (xid8 for PostgreSQL, byte offsets for ESDB).
          t.decimal('commit_pos', 20, 0);
          t.decimal('prepare_pos', 20, 0);
          t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
          // When the last rebuild started from the beginning; NULL when never rebuilt.
          t.timestamp('rebuilt_at', { useTz: true });
        });
      },
      async down(knex) {
        await knex.schema.dropTableIfExists('projection_checkpoints');
      },
    },
  ],
};

/**
 * The projection locks' fencing tokens (projection-lock.ts): one row per lock name, its lease
 * incremented by every instance that takes the lock. Listed after the read models' own migrations.
 */
export const projectionLeaseMigrations = [
  {
    name: '0950_projection_leases',
    async up(knex) {
      await knex.schema.createTable('projection_leases', (t) => {
        t.text('name').primary();
        t.bigInteger('lease').notNullable();
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('projection_leases');
    },
  },
] satisfies MigrationSet['migrations'];
