// Billing (docs/billing.md) end to end: the real server process, real PostgreSQL, the stripe package pointed
// at the Stripe stand-in (STRIPE_API_URL), webhooks signed with the stripe package's own test-header
// helper and sent as raw bytes, and a Jira stand-in for the runs whose limits the plan enforces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { signedEvent, startStripeStandIn, subscriptionEvent, type StripeStandIn } from '../support/stand-ins/stripe-stand-in.js';
import { ORG, startRunHarness, type RunHarness } from '../support/run-harness.js';
import type { PlanView } from '../../src/http/schemas/billing.schemas.js';

const WEBHOOK_SECRET = 'whsec_e2e_secret_value';
let h: RunHarness;
let jira: JiraStandIn;
let stripe: StripeStandIn;

type PlanBody = PlanView;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Sends a webhook exactly as Stripe would: raw JSON bytes and the Stripe-Signature header. */
async function sendWebhook(event: Record<string, unknown>, options: { timestamp?: number; tamper?: (payload: string) => string } = {}) {
  const { payload, header } = signedEvent(event, WEBHOOK_SECRET, options.timestamp);
  const res = await fetch(`${h.service.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    body: options.tamper ? options.tamper(payload) : payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const plan = async () => {
  const res = await h.call<PlanBody>('GET', '/api/user/plan');
  expect(res.status).toBe(200);
  return res.body;
};

const trigger = (project: string) => h.call<{ detail?: string; id?: string }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: project, cycles: ['T'] });

beforeAll(async () => {
  stripe = await startStripeStandIn({ prices: ['price_team_monthly', 'price_business_monthly'] });
  jira = await startJiraStandIn();
  for (const key of ['ALPHA', 'BETA', 'GAMMA']) jira.seedProject(key);
  h = await startRunHarness('billing_e2e', {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_TEAM: 'price_team_monthly',
    STRIPE_PRICE_BUSINESS: 'price_business_monthly',
  });
  const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ALPHA'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // Dry runs complete after planning, so each trigger below is a new run, never a resumed one.
  expect((await h.call('PUT', '/api/org/settings', { write_mode: 'dry_run' })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await jira?.close();
  await stripe?.close();
});

describe('billing end to end', () => {
  it('checkout and portal go through the stripe client to the stand-in, with one customer for the organization', async () => {
    const checkout = await h.call<{ url: string }>('POST', '/api/billing/create-checkout', {
      plan: 'team',
      success_url: 'https://app.example.com/billing/success',
      cancel_url: 'https://app.example.com/billing/cancel',
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    expect(stripe.customers.size).toBe(1);
    const customer = [...stripe.customers.values()][0]!;
    expect(customer.metadata).toEqual({ org_id: ORG });
    const customerCreation = stripe.requests.find((r) => r.path === '/v1/customers')!;
    expect(customerCreation.idempotencyKey).toBe(`sprintguard-customer-${ORG}`);
    const session = stripe.checkoutSessions[0] as { customer: string; form: Record<string, string> };
    expect(session.customer).toBe(customer.id);
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_team_monthly',
      'line_items[0][quantity]': '1',
      client_reference_id: ORG,
      'subscription_data[metadata][org_id]': ORG,
      success_url: 'https://app.example.com/billing/success',
    });

    const portal = await h.call<{ url: string }>('POST', '/api/billing/portal', { return_url: 'https://app.example.com/settings/billing' });
    expect(portal.status, JSON.stringify(portal.body)).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(stripe.portalSessions[0]).toMatchObject({ customer: customer.id, return_url: 'https://app.example.com/settings/billing' });
    // The secret key never comes back in a response.
    expect(JSON.stringify([checkout.body, portal.body])).not.toContain(stripe.secretKey);
  });

  it('webhooks: a valid signature is recorded once; tampered and stale signatures answer 400 and change nothing', async () => {
    const customer = [...stripe.customers.values()][0]!;
    const event = subscriptionEvent({ type: 'customer.subscription.created', created: nowSeconds() - 60, customer: customer.id, subscriptionId: 'sub_e2e', status: 'incomplete', price: 'price_team_monthly', orgId: ORG });
    const tampered = await sendWebhook(event, { tamper: (p) => p.replace('"incomplete"', '"active"') });
    expect(tampered.status).toBe(400);
    const stale = await sendWebhook(event, { timestamp: nowSeconds() - 1000 });
    expect(stale.status).toBe(400);
    expect(stale.body.detail).toMatch(/tolerance/);
    expect(await plan()).toMatchObject({ plan: 'free', status: 'active' });

    expect(await sendWebhook(event)).toEqual({ status: 200, body: { received: true, outcome: 'recorded' } });
    expect(await sendWebhook(event)).toEqual({ status: 200, body: { received: true, outcome: 'unchanged' } });
    expect(await plan()).toMatchObject({ plan: 'team', status: 'incomplete', effective_plan: 'free' });
  });

  it('an upgrade lifts the projects limit and a cancellation restores it', async () => {
    const customer = [...stripe.customers.values()][0]!;
    const sub = { customer: customer.id, subscriptionId: 'sub_e2e', price: 'price_team_monthly', orgId: ORG } as const;

    // Free plan: one project.
    expect((await trigger('ALPHA')).status).toBe(201);
    const refused = await trigger('BETA');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Plan limit reached: projects (1 on the free plan)' });

    // Payment completes: the subscription becomes active on the team plan.
    expect((await sendWebhook(subscriptionEvent({ ...sub, type: 'customer.subscription.updated', created: nowSeconds() - 30, status: 'active' }))).body.outcome).toBe('recorded');
    expect(await plan()).toMatchObject({ plan: 'team', status: 'active', effective_plan: 'team', limits: { projects: 10, runs_per_month: 1000 } });
    const me = await h.call<{ subscription: Record<string, unknown> }>('GET', '/api/user/me');
    expect(me.body.subscription).toMatchObject({ plan: 'team', status: 'active', effective_plan: 'team' });
    expect((await trigger('BETA')).status).toBe(201);
    expect((await plan()).usage).toMatchObject({ projects: 2, runs_this_month: 2 });

    // Cancelled: back to the free plan's limits; runs on known projects still count, a new project is refused.
    expect((await sendWebhook(subscriptionEvent({ ...sub, type: 'customer.subscription.deleted', created: nowSeconds() - 10, status: 'canceled' }))).body.outcome).toBe('recorded');
    expect(await plan()).toMatchObject({ plan: 'team', status: 'canceled', effective_plan: 'free', limits: { projects: 1 } });
    expect((await trigger('ALPHA')).status).toBe(201);
    const again = await trigger('GAMMA');
    expect(again.status).toBe(403);
    expect(again.body.detail).toBe('Plan limit reached: projects (1 on the free plan)');
  });
});
