// Stripe webhook events (https://docs.stripe.com/api/events/object) → the port's ProviderEvent.
// Only customer.subscription.created|updated|deleted carry a subscription we use; everything else is
// "other" (acknowledged and ignored). In API version 2025-03-31 and later the billing period lives on
// the subscription items (items.data[].current_period_end), no longer on the subscription itself.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { WebhookSignatureError, type ProviderEvent, type WebhookVerifier } from './billing-provider.js';
import { verifyStripeSignature } from './webhook-signature.js';

const EventSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.String({ minLength: 1, maxLength: 255 }),
  created: Type.Integer({ minimum: 0 }),
  data: Type.Object({ object: Type.Unknown() }),
});

const NullableString = Type.Union([Type.String(), Type.Null()]);

const SubscriptionSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  customer: Type.Union([Type.String({ minLength: 1, maxLength: 255 }), Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) })]),
  status: Type.String({ minLength: 1, maxLength: 64 }),
  metadata: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
  cancel_at_period_end: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  items: Type.Object({
    data: Type.Array(
      Type.Object({
        price: Type.Object({ id: Type.String(), lookup_key: Type.Optional(NullableString) }),
        current_period_end: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
      }),
    ),
  }),
});
type StripeSubscription = Static<typeof SubscriptionSchema>;

export const subscriptionEventTypes = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

export class MalformedEventError extends Error {
  override readonly name = 'MalformedEventError';
}

/** Parses a verified event body. Throws MalformedEventError for JSON that is not a Stripe event. */
export function parseStripeEvent(body: string): ProviderEvent {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new MalformedEventError('The body is not JSON');
  }
  if (!Value.Check(EventSchema, json)) throw new MalformedEventError('The body is not a Stripe event');
  if (!subscriptionEventTypes.has(json.type)) return { kind: 'other', id: json.id, type: json.type };
  const object = json.data.object;
  if (!Value.Check(SubscriptionSchema, object)) throw new MalformedEventError(`${json.type} does not carry a subscription`);
  return { kind: 'subscription', id: json.id, type: json.type, createdAt: new Date(json.created * 1000), subscription: toSubscription(object) };
}

function toSubscription(s: StripeSubscription) {
  const orgId = s.metadata?.org_id;
  const ends = s.items.data.map((i) => i.current_period_end).filter((e): e is number => typeof e === 'number');
  return {
    id: s.id,
    customerId: typeof s.customer === 'string' ? s.customer : s.customer.id,
    status: s.status,
    orgId: typeof orgId === 'string' && orgId !== '' ? orgId : undefined,
    priceRefs: s.items.data.flatMap((i) => [i.price.id, ...(i.price.lookup_key ? [i.price.lookup_key] : [])]),
    currentPeriodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : undefined,
    cancelAtPeriodEnd: typeof s.cancel_at_period_end === 'boolean' ? s.cancel_at_period_end : undefined,
  };
}

export function createStripeWebhookVerifier(options: { secret: string; toleranceSeconds: number; now: () => Date }): WebhookVerifier {
  return (payload, header) => {
    verifyStripeSignature({ payload, header, secret: options.secret, nowMs: options.now().getTime(), toleranceSeconds: options.toleranceSeconds });
    try {
      return parseStripeEvent(payload.toString('utf8'));
    } catch (err) {
      // Correctly signed but unreadable: still the sender's fault, and still a 400.
      if (err instanceof MalformedEventError) throw new WebhookSignatureError(err.message);
      throw err;
    }
  };
}
