// The payment-provider port the billing commands use: customers, hosted checkout, customer portal,
// and the verified webhook event. stripe-billing.ts implements it with the stripe package.

export class BillingProviderError extends Error {
  override readonly name = 'BillingProviderError';
  constructor(
    message: string,
    /** HTTP status the provider answered; undefined for a network failure or a timeout. */
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/** The webhook's signature is missing, malformed, wrong or outside the tolerance window. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface BillingProvider {
  /**
   * Creates the organization's customer. The idempotency key makes concurrent or repeated calls for
   * one organization return the same customer (the provider keeps keys for at least 24 hours).
   */
  createCustomer(input: { orgId: string; idempotencyKey: string }): Promise<{ id: string }>;
  /** The org_id the customer was created for (its metadata), or undefined. */
  customerOrgId(customerId: string): Promise<string | undefined>;
  createCheckoutSession(input: { orgId: string; customerId: string; priceId: string; successUrl: string; cancelUrl: string }): Promise<{ url: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}

/** A verified provider event, reduced to what billing uses. */
export type ProviderEvent =
  | { kind: 'subscription'; id: string; type: string; createdAt: Date; subscription: ProviderSubscription }
  | { kind: 'other'; id: string; type: string };

export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's status as sent (validated by the commands). */
  status: string;
  /** metadata.org_id, set by our checkout (subscription_data.metadata). */
  orgId: string | undefined;
  /** Price ids and lookup keys of the subscription's items, to find the plan. */
  priceRefs: string[];
  currentPeriodEnd: Date | undefined;
  cancelAtPeriodEnd: boolean | undefined;
}

/** Verifies the raw body against the signature header and parses it; throws WebhookSignatureError. */
export type WebhookVerifier = (payload: Buffer, signatureHeader: string | undefined) => ProviderEvent;
