// A Stripe API stand-in: a real HTTP server on 127.0.0.1 speaking the wire format the stripe
// package uses (docs/billing.md): form-encoded POST bodies with bracketed keys
// (`line_items[0][price]=…`), `Authorization: Bearer sk_…`, `Idempotency-Key` honoured on POST (the
// same key replays the first answer, as Stripe does), and Stripe's error shape
// `{"error": {"type": "invalid_request_error", "message": …}}` with a 4xx status.
// Routes: POST /v1/customers, GET /v1/customers/{id}, POST /v1/checkout/sessions,
// POST /v1/billing_portal/sessions. Anything else answers 404 in Stripe's error shape.
//
//   const stripe = await startStripeStandIn({ prices: ['price_team', 'price_business'] });
//   new Stripe(stripe.secretKey, { host: '127.0.0.1', port: stripe.port, protocol: 'http' })   // or STRIPE_API_URL=stripe.url
//   stripe.customers / stripe.checkoutSessions / stripe.portalSessions   // what was created
//   stripe.requests                                                       // every request: method, path, form, idempotencyKey, status
//   const { payload, header } = signedEvent(subscriptionEvent({...}), 'whsec_…', timestamp?)   // a webhook as Stripe sends it
//   await stripe.close();
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  status?: number;
}

export interface StandInCustomer {
  id: string;
  object: 'customer';
  metadata: Record<string, string>;
  description: string | null;
}

export interface StripeStandIn {
  url: string;
  port: number;
  secretKey: string;
  customers: Map<string, StandInCustomer>;
  checkoutSessions: Record<string, unknown>[];
  portalSessions: Record<string, unknown>[];
  requests: StandInRequest[];
  close(): Promise<void>;
}

/** `a[b][0][c]=x` form keys → the flat key and its value, plus the sub-object under a prefix. */
function under(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    if (k.startsWith(`${prefix}[`)) out[k.slice(prefix.length + 1, k.indexOf(']', prefix.length))] = v;
  }
  return out;
}

export async function startStripeStandIn(options: { prices?: string[]; secretKey?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_standin_51abc';
  const prices = new Set(options.prices ?? ['price_team', 'price_business']);
  const customers = new Map<string, StandInCustomer>();
  const checkoutSessions: Record<string, unknown>[] = [];
  const portalSessions: Record<string, unknown>[] = [];
  const requests: StandInRequest[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}_standin${String(++seq).padStart(6, '0')}`;

  const error = (status: number, message: string, type = 'invalid_request_error', code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });

  function route(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StandInCustomer = { id: nextId('cus'), object: 'customer', metadata: under(form, 'metadata'), description: form.description ?? null };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'GET' && customerMatch) {
      const customer = customers.get(decodeURIComponent(customerMatch[1]!));
      return customer ? { status: 200, body: customer } : error(404, `No such customer: '${customerMatch[1]}'`, 'invalid_request_error', 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription') return error(400, 'mode must be subscription in this stand-in');
      if (!form.success_url) return error(400, 'Missing required param: success_url.');
      const price = form['line_items[0][price]'];
      if (!price || !prices.has(price)) return error(400, `No such price: '${price ?? ''}'`, 'invalid_request_error', 'resource_missing');
      if (form.customer && !customers.has(form.customer)) return error(400, `No such customer: '${form.customer}'`, 'invalid_request_error', 'resource_missing');
      const id = nextId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        metadata: under(form, 'metadata'),
        line_items: [{ price, quantity: Number(form['line_items[0][quantity]'] ?? '1') }],
        subscription_data: { metadata: under(form, 'subscription_data[metadata]') },
        form,
      };
      checkoutSessions.push(session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!form.customer) return error(400, 'Missing required param: customer.');
      if (!customers.has(form.customer)) return error(400, `No such customer: '${form.customer}'`, 'invalid_request_error', 'resource_missing');
      const id = nextId('bps');
      const session = { id, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url ?? null, url: `https://billing.stripe.test/p/session/${id}` };
      portalSessions.push(session);
      return { status: 200, body: session };
    }
    return error(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const key = req.headers['idempotency-key'];
      const recorded: StandInRequest = { method, path: url.pathname, form, idempotencyKey: typeof key === 'string' ? key : undefined };
      requests.push(recorded);
      let answer: { status: number; body: unknown };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        answer = error(401, 'Invalid API Key provided: sk_test_****');
      } else if (method === 'POST' && recorded.idempotencyKey && idempotent.has(recorded.idempotencyKey)) {
        answer = idempotent.get(recorded.idempotencyKey)!;
      } else {
        answer = route(method, url.pathname, form);
        if (method === 'POST' && recorded.idempotencyKey) idempotent.set(recorded.idempotencyKey, answer);
      }
      recorded.status = answer.status;
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    secretKey,
    customers,
    checkoutSessions,
    portalSessions,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SubscriptionEventInput {
  /** evt_… (default: a fresh one). */
  id?: string;
  /** customer.subscription.created | updated | deleted, or any other type. */
  type: string;
  /** Unix seconds (default: now). */
  created?: number;
  subscriptionId?: string;
  customer: string;
  status: string;
  price: string;
  lookupKey?: string | null;
  /** metadata.org_id, as our checkout sets it; omit to test the customer fallback. */
  orgId?: string;
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: number;
}

let eventSeq = 0;

/** A customer.subscription.* event as Stripe sends it (API version 2025+: periods on the items). */
export function subscriptionEvent(input: SubscriptionEventInput): Record<string, unknown> {
  const created = input.created ?? Math.floor(Date.now() / 1000);
  const subscriptionId = input.subscriptionId ?? 'sub_standin_1';
  return {
    id: input.id ?? `evt_standin_${++eventSeq}_${created}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: input.type,
    data: {
      object: {
        id: subscriptionId,
        object: 'subscription',
        customer: input.customer,
        status: input.status,
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        metadata: input.orgId ? { org_id: input.orgId } : {},
        items: {
          object: 'list',
          data: [
            {
              id: 'si_standin_1',
              object: 'subscription_item',
              current_period_start: created,
              current_period_end: input.currentPeriodEnd ?? created + 30 * 86_400,
              price: { id: input.price, object: 'price', lookup_key: input.lookupKey ?? null, product: 'prod_standin' },
              quantity: 1,
            },
          ],
        },
      },
    },
  };
}

/** The body and Stripe-Signature header Stripe would send, signed with the stripe package's own helper. */
export function signedEvent(event: Record<string, unknown>, secret: string, timestamp?: number): { payload: string; header: string } {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) });
  return { payload, header };
}
