// Our Stripe signature check against payloads signed by the stripe package's own test helper.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../src/adapters/stripe/billing-provider.js';
import { createStripeWebhookVerifier, parseStripeEvent } from '../../src/adapters/stripe/stripe-events.js';
import { verifyStripeSignature } from '../../src/adapters/stripe/webhook-signature.js';
import { signedEvent, subscriptionEvent } from '../support/stand-ins/stripe-stand-in.js';

const secret = 'whsec_test_unit_secret';
const nowSeconds = 1_795_000_000;
const nowMs = nowSeconds * 1000;
const verify = (payload: string | Buffer, header: string | undefined) =>
  verifyStripeSignature({ payload: Buffer.from(payload), header, secret, nowMs, toleranceSeconds: 300 });

const event = subscriptionEvent({ type: 'customer.subscription.updated', created: nowSeconds, customer: 'cus_1', status: 'active', price: 'price_team', orgId: 'org_1' });

describe('Stripe webhook signature', () => {
  it('accepts a payload signed by stripe.webhooks.generateTestHeaderString', () => {
    const { payload, header } = signedEvent(event, secret, nowSeconds);
    expect(() => verify(payload, header)).not.toThrow();
    // And Stripe's own verifier agrees on the same bytes (our scheme is Stripe's).
    expect(Stripe.webhooks.constructEvent(payload, header, secret, 1e10).id).toBe(event.id);
  });

  it('refuses one changed byte, another secret, a missing or malformed header', () => {
    const { payload, header } = signedEvent(event, secret, nowSeconds);
    expect(() => verify(`${payload} `, header)).toThrow(WebhookSignatureError);
    expect(() => verify(payload.replace('price_team', 'price_tean'), header)).toThrow(/Invalid signature/);
    expect(() => verify(payload, signedEvent(event, 'whsec_other', nowSeconds).header)).toThrow(/Invalid signature/);
    expect(() => verify(payload, undefined)).toThrow(/Missing/);
    expect(() => verify(payload, 'v1=abc')).toThrow(/Malformed/);
    expect(() => verify(payload, `t=${nowSeconds}`)).toThrow(/Malformed/);
  });

  it('refuses a signature older (or newer) than the tolerance', () => {
    const stale = signedEvent(event, secret, nowSeconds - 301);
    expect(() => verify(stale.payload, stale.header)).toThrow(/tolerance/);
    const future = signedEvent(event, secret, nowSeconds + 301);
    expect(() => verify(future.payload, future.header)).toThrow(/tolerance/);
    const recent = signedEvent(event, secret, nowSeconds - 299);
    expect(() => verify(recent.payload, recent.header)).not.toThrow();
  });

  it('accepts any of several v1 signatures (secret rotation)', () => {
    const { payload, header } = signedEvent(event, secret, nowSeconds);
    const other = signedEvent(event, 'whsec_old', nowSeconds).header.split(',').find((p) => p.startsWith('v1='))!;
    expect(() => verify(payload, `${header},${other}`)).not.toThrow();
    expect(() => verify(payload, `t=${nowSeconds},${other}`)).toThrow(/Invalid signature/);
  });
});

describe('Stripe events', () => {
  it('parses a subscription event: customer, status, org, prices, period end', () => {
    const parsed = parseStripeEvent(JSON.stringify(subscriptionEvent({ ...{ type: 'customer.subscription.created', created: nowSeconds, customer: 'cus_1', status: 'trialing', price: 'price_1', lookupKey: 'team_monthly', orgId: 'org_1', currentPeriodEnd: nowSeconds + 10 } })));
    expect(parsed).toMatchObject({
      kind: 'subscription',
      type: 'customer.subscription.created',
      createdAt: new Date(nowMs),
      subscription: { id: 'sub_standin_1', customerId: 'cus_1', status: 'trialing', orgId: 'org_1', priceRefs: ['price_1', 'team_monthly'], currentPeriodEnd: new Date(nowMs + 10_000), cancelAtPeriodEnd: false },
    });
  });

  it('reports other event types as other, and refuses what is not an event', () => {
    expect(parseStripeEvent(JSON.stringify({ id: 'evt_1', type: 'invoice.paid', created: 1, data: { object: {} } }))).toEqual({ kind: 'other', id: 'evt_1', type: 'invoice.paid' });
    const verifier = createStripeWebhookVerifier({ secret, toleranceSeconds: 300, now: () => new Date(nowMs) });
    const notEvent = signedEvent({ hello: 'world' }, secret, nowSeconds);
    expect(() => verifier(Buffer.from(notEvent.payload), notEvent.header)).toThrow(WebhookSignatureError);
  });
});
