import { describe, expect, it } from 'vitest';
import { billingDecider, type BillingSubscription } from '../../src/domain/billing.decider.js';
import { fold } from '../../src/domain/decider.js';
import { orgDecider } from '../../src/domain/org.decider.js';
import type { OrgEvent } from '../../src/domain/org.events.js';
import { deciderSpec } from '../support/decider-spec.js';

const now = new Date('2026-11-22T09:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(billingDecider);

const team: BillingSubscription = { plan: 'team', status: 'active', customer_id: 'cus_1', subscription_id: 'sub_1', current_period_end: '2026-12-22T09:00:00.000Z', cancel_at_period_end: false };
const t0 = new Date('2026-11-22T08:00:00.000Z');
const t1 = new Date('2026-11-22T08:05:00.000Z');

const changed = (sub: BillingSubscription, eventId: string, eventAt: Date): OrgEvent => ({
  type: 'SubscriptionChanged',
  data: { ...sub, provider_event_id: eventId, provider_event_at: eventAt.toISOString(), at },
});

describe('billing decider', () => {
  it('links the first customer and ignores a second link (one customer per organization)', () => {
    spec.given().when({ type: 'LinkBillingCustomer', customerId: 'cus_1', now }).then([{ type: 'BillingCustomerLinked', data: { customer_id: 'cus_1', at } }]);
    const linked: OrgEvent = { type: 'BillingCustomerLinked', data: { customer_id: 'cus_1', at } };
    spec.given([linked]).when({ type: 'LinkBillingCustomer', customerId: 'cus_2', now }).thenNothing();
    expect(fold(billingDecider, [linked, { type: 'BillingCustomerLinked', data: { customer_id: 'cus_2', at } }]).customerId).toBe('cus_1');
  });

  it('turns a provider subscription event into SubscriptionChanged', () => {
    spec
      .given()
      .when({ type: 'RecordSubscription', subscription: team, providerEventId: 'evt_1', providerEventAt: t0, now })
      .then([changed(team, 'evt_1', t0)]);
  });

  it('changes nothing for a replayed event id', () => {
    spec.given([changed(team, 'evt_1', t0)]).when({ type: 'RecordSubscription', subscription: { ...team, status: 'canceled' }, providerEventId: 'evt_1', providerEventAt: t1, now }).thenNothing();
  });

  it('changes nothing for an event created before the last applied one (out of order delivery)', () => {
    spec.given([changed(team, 'evt_2', t1)]).when({ type: 'RecordSubscription', subscription: { ...team, status: 'incomplete' }, providerEventId: 'evt_1', providerEventAt: t0, now }).thenNothing();
  });

  it('records a cancellation, and the org state follows (free limits apply again)', () => {
    const cancelled = { ...team, status: 'canceled' as const };
    spec.given([changed(team, 'evt_1', t0)]).when({ type: 'RecordSubscription', subscription: cancelled, providerEventId: 'evt_2', providerEventAt: t1, now }).then([changed(cancelled, 'evt_2', t1)]);
    expect(fold(orgDecider, [changed(team, 'evt_1', t0), changed(cancelled, 'evt_2', t1)]).subscription).toEqual({ plan: 'team', status: 'canceled' });
  });

  it('does not let the end of another subscription downgrade one in good standing', () => {
    const other = { ...team, subscription_id: 'sub_old', status: 'canceled' as const };
    spec.given([changed(team, 'evt_1', t0)]).when({ type: 'RecordSubscription', subscription: other, providerEventId: 'evt_2', providerEventAt: t1, now }).thenNothing();
  });

  it('ignores the org stream events that are not billing', () => {
    const state = fold(billingDecider, [{ type: 'FeatureFlagChanged', data: { name: 'cycle_p', enabled: true, at } }]);
    expect(state.subscription).toBeUndefined();
  });
});
