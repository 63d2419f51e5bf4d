// Table of the audit_events read model: one row per event that names an organization in its metadata.
import type { Migration } from '../adapters/postgres/migrate.js';

const TABLE = 'audit_events';

export const auditEventsMigrations: Migration[] = [
  {
    name: '0900_audit_events',
    async up(knex) {
      await knex.schema.createTable(TABLE, (t) => {
        t.text('org_id').notNullable();
        // The global position: commit is an xid8 on PostgreSQL (up to 2^64), hence numeric.
        t.decimal('position_commit', 20, 0).notNullable();
        t.bigInteger('position_prepare').notNullable();
        t.text('stream').notNullable();
        t.text('kind').notNullable();
        t.bigInteger('revision').notNullable();
        t.uuid('event_id').notNullable();
        t.text('type').notNullable();
        t.text('actor');
        t.text('correlation_id');
        t.text('causation_id');
        t.text('request_id');
        t.text('hash');
        t.jsonb('data').notNullable();
        t.timestamp('created', { useTz: true }).notNullable();
        t.primary(['stream', 'revision']);
      });
      // The feed and its cursor, both directions; the filters narrow it further.
      await knex.raw(`CREATE INDEX audit_events_feed ON ${TABLE} (org_id, position_commit, position_prepare)`);
      await knex.raw(`CREATE INDEX audit_events_actor ON ${TABLE} (org_id, actor, position_commit, position_prepare)`);
    },
    async down(knex) {
      await knex.schema.dropTableIfExists(TABLE);
    },
  },
];
