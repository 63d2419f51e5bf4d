// Read-model tables of the billing projection: the subscription summary per organization, and the
// payment provider's customers (customer → organization, a fallback to map webhooks).
import type { Migration } from '../adapters/postgres/migrate.js';

export const billingMigrations: Migration[] = [
  {
    name: '0800_billing',
    async up(knex) {
      await knex.schema.createTable('subscriptions', (t) => {
        t.text('org_id').primary();
        t.text('plan').notNullable();
        t.text('status').notNullable();
        t.text('customer_id').notNullable();
        t.text('subscription_id').notNullable();
        t.timestamp('current_period_end', { useTz: true });
        t.boolean('cancel_at_period_end');
        t.text('provider_event_id').notNullable();
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      await knex.schema.createTable('billing_customers', (t) => {
        t.text('customer_id').primary();
        t.text('org_id').notNullable();
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['org_id'], 'billing_customers_org');
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('billing_customers');
      await knex.schema.dropTableIfExists('subscriptions');
    },
  },
];
