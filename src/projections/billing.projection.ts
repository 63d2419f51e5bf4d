// billing: the subscription summary of every organization (SubscriptionChanged) and the provider
// customers linked to organizations (BillingCustomerLinked, and the customer a subscription names).
// The decider already refused replayed and out-of-order provider events, so the last event of a
// stream is the current summary; upserts are guarded by the stream revision as everywhere.
import type { OrgEvent } from '../domain/org.events.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import type { Projection } from './projection.js';
import { upsertForward } from './upsert.js';

type Row = Record<string, unknown> & { revision: string };

export const BILLING_PROJECTION = 'billing';

export const billingProjection: Projection = {
  name: BILLING_PROJECTION,
  version: 1,
  tables: ['subscriptions', 'billing_customers'],
  filter: { streamPrefixes: [streamCategories.org], eventTypePrefixes: ['SubscriptionChanged', 'BillingCustomerLinked'] },
  async apply(trx, events) {
    const subscriptions = new Map<string, Row>();
    const customers = new Map<string, Row>();
    for (const recorded of events) {
      const orgId = idOfStream('org', recorded.streamName);
      if (orgId === undefined) continue;
      const base = { org_id: orgId, revision: recorded.revision.toString(), updated_at: recorded.created };
      const event = { type: recorded.type, data: recorded.data } as OrgEvent;
      switch (event.type) {
        case 'SubscriptionChanged': {
          const d = event.data;
          subscriptions.set(orgId, {
            ...base,
            plan: d.plan,
            status: d.status,
            customer_id: d.customer_id,
            subscription_id: d.subscription_id,
            current_period_end: d.current_period_end ?? null,
            cancel_at_period_end: d.cancel_at_period_end ?? null,
            provider_event_id: d.provider_event_id,
          });
          customers.set(d.customer_id, { ...base, customer_id: d.customer_id });
          break;
        }
        case 'BillingCustomerLinked':
          customers.set(event.data.customer_id, { ...base, customer_id: event.data.customer_id });
          break;
      }
    }
    await upsertForward(trx, 'subscriptions', ['org_id'], [...subscriptions.values()]);
    await upsertForward(trx, 'billing_customers', ['customer_id'], [...customers.values()]);
  },
};
