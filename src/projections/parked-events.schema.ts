// Table of the events that a projection or a reactor could not apply after its attempts
// (parked-events.ts). Not a read model: no projection lists it, so a rebuild never truncates it.
import type { Migration } from '../adapters/postgres/migrate.js';

export const parkedEventsMigrations: Migration[] = [
  {
    name: '0900_parked_events',
    async up(knex) {
      await knex.schema.createTable('parked_events', (t) => {
        t.bigIncrements('id');
        /** The projection's name, or `reactor:<name>`. */
        t.text('consumer').notNullable();
        // The event's global position, as the checkpoints store it (numeric(20) pairs).
        t.decimal('commit_pos', 20, 0).notNullable();
        t.decimal('prepare_pos', 20, 0).notNullable();
        t.text('stream_name').notNullable();
        t.text('event_id').notNullable();
        t.text('event_type').notNullable();
        t.text('org_id');
        /** The error's class and message, shortened, with credentials and query strings removed. */
        t.text('error').notNullable();
        t.integer('attempts').notNullable();
        t.timestamp('parked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        /** Set by `projections retry` for a reactor's events: the running reactor handles them again. */
        t.timestamp('retry_requested_at', { useTz: true });
        t.unique(['consumer', 'event_id']);
        t.index(['consumer', 'commit_pos', 'prepare_pos']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('parked_events');
    },
  },
];
