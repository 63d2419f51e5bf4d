// The billing port on the stripe package (docs/billing.md). The API base is
// configuration (STRIPE_API_URL) so that tests point the real client at a local stand-in.
// Errors are reduced to a status and Stripe's error type: Stripe's messages may quote what was sent,
// and nothing a caller sent to us or a key fragment should reach a log line or a response.
import Stripe from 'stripe';
import { BillingProviderError, type BillingProvider } from './billing-provider.js';

export interface StripeBillingOptions {
  secretKey: string;
  /** e.g. https://api.stripe.com (default) or http://127.0.0.1:port for a stand-in. */
  apiUrl?: string;
  /** Per request (default 20 s). */
  timeoutMs?: number;
  /** Retries of network failures, 409 and 5xx, with the SDK's idempotency keys (default 2). */
  maxNetworkRetries?: number;
}

function clientOptions(options: StripeBillingOptions): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
  };
  if (!options.apiUrl) return base;
  const url = new URL(options.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      throw new BillingProviderError(`Stripe ${what} failed (${err.type}${err.statusCode ? `, HTTP ${err.statusCode}` : ''})`, err.statusCode);
    }
    throw err;
  }
}

export function createStripeBilling(options: StripeBillingOptions): BillingProvider {
  const stripe = new Stripe(options.secretKey, clientOptions(options));
  return {
    async createCustomer({ orgId, idempotencyKey }) {
      const customer = await call('customer creation', () =>
        stripe.customers.create({ metadata: { org_id: orgId }, description: `Sprintguard organization ${orgId}` }, { idempotencyKey }),
      );
      return { id: customer.id };
    },
    async customerOrgId(customerId) {
      let customer: Stripe.Customer | Stripe.DeletedCustomer;
      try {
        customer = await call('customer lookup', () => stripe.customers.retrieve(customerId));
      } catch (err) {
        // No such customer (another account's, or deleted for good): nothing to map, not an outage.
        if (err instanceof BillingProviderError && err.status === 404) return undefined;
        throw err;
      }
      if ('deleted' in customer && customer.deleted) return undefined;
      const orgId = customer.metadata.org_id;
      return typeof orgId === 'string' && orgId !== '' ? orgId : undefined;
    },
    async createCheckoutSession({ orgId, customerId, priceId, successUrl, cancelUrl }) {
      const session = await call('checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: orgId,
          // The subscription carries the organization, so its webhooks map back without a lookup.
          subscription_data: { metadata: { org_id: orgId } },
          metadata: { org_id: orgId },
        }),
      );
      if (!session.url) throw new BillingProviderError('Stripe checkout session has no url', undefined);
      return { url: session.url };
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await call('portal session', () => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return { url: session.url };
    },
  };
}
