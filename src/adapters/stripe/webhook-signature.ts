// Stripe webhook signatures (https://docs.stripe.com/webhooks#verify-manually):
//   Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + raw body)>[,v1=…][,v0=…]
// Verified on the raw request bytes (a re-serialised JSON body would not match), every v1 compared
// in constant time (timingSafeEqualText), several v1 values accepted (Stripe sends one per active
// secret while a secret is being rolled). Our own code rather than stripe.webhooks.constructEvent so
// that the one comparison helper and an injected clock are used; the tests sign with the stripe
// package's own generateTestHeaderString, which keeps this faithful to Stripe's scheme.
import { createHmac } from 'node:crypto';
import { timingSafeEqualText } from '../crypto/timing-safe.js';
import { WebhookSignatureError } from './billing-provider.js';

export interface VerifyStripeSignatureOptions {
  payload: Uint8Array;
  header: string | undefined;
  secret: string;
  /** Now, in milliseconds since the epoch. */
  nowMs: number;
  /** How far the signed timestamp may be from now, in seconds (Stripe's default is 300). */
  toleranceSeconds: number;
}

const MAX_HEADER = 4_096;

export function verifyStripeSignature(options: VerifyStripeSignatureOptions): void {
  const { header, payload, secret } = options;
  if (!header || header.length > MAX_HEADER) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('Malformed Stripe-Signature header');
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
  // Compare against every candidate (no early exit), so timing says nothing about which one matched.
  let matched = false;
  for (const candidate of signatures) matched = timingSafeEqualText(candidate, expected) || matched;
  if (!matched) throw new WebhookSignatureError('Invalid signature');
  // Checked after the signature, so that a forged header cannot probe the tolerance window.
  const ageSeconds = options.nowMs / 1000 - Number(timestamp);
  if (Math.abs(ageSeconds) > options.toleranceSeconds) throw new WebhookSignatureError('Signature timestamp outside the tolerance window');
}
