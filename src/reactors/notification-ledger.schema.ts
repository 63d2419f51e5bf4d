// Table of the notifier's delivery ledger (notification-ledger.ts): one row per settled delivery.
// Not a read model: no projection lists it, so a rebuild never truncates it.
import type { Migration } from '../adapters/postgres/migrate.js';

export const notificationLedgerMigrations: Migration[] = [
  {
    name: '0810_notification_deliveries',
    async up(knex) {
      await knex.schema.createTable('notification_deliveries', (t) => {
        t.uuid('event_id').notNullable();
        t.text('channel').notNullable();
        /** The e-mail address; '' for a chat channel (one webhook per channel and organization). */
        t.text('recipient').notNullable();
        t.text('org_id').notNullable();
        t.text('kind').notNullable();
        t.text('status').notNullable();
        t.integer('attempts').notNullable();
        t.text('error');
        t.timestamp('settled_at', { useTz: true }).notNullable();
        t.primary(['event_id', 'channel', 'recipient']);
        t.index(['org_id', 'settled_at']);
      });
    },
  },
];
