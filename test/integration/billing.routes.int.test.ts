// Billing routes on the whole service (real PostgreSQL, projector, read models) with the stripe
// package pointed at the local Stripe stand-in: checkout, portal, the signed webhook, the plan read
// and the limits it enforces. The end-to-end file repeats the main path on the real server process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunCommands } from '../../src/commands/run.commands.js';
import { initialOrgState } from '../../src/domain/org.decider.js';
import { initialRunState } from '../../src/domain/run.decider.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { signedEvent, startStripeStandIn, subscriptionEvent, type StripeStandIn } from '../support/stand-ins/stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_int_test_secret';
let t: TestApp;
let bare: TestApp;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn({ prices: ['price_team', 'price_business'] });
  t = await createTestApp({
    label: 'billing',
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_TEAM: 'price_team',
      STRIPE_PRICE_BUSINESS: 'price_business',
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      // No run executor: runs left in planning (no board here) must stay open for the resume case,
      // not be failed by the executor's planning attempt.
      REACTORS_ENABLED: 'false',
    },
  });
  bare = await createTestApp({ label: 'billing_bare' });
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await stripe?.close();
});

const admin = (orgId: string) => t.auth({ orgId, userId: 'ada', admin: true });
const checkoutBody = { plan: 'team', success_url: 'https://app.example.com/billing/done', cancel_url: 'https://app.example.com/billing' };

async function post(app: TestApp, url: string, payload: unknown, orgId: string) {
  return app.app.inject({ method: 'POST', url, headers: await app.auth({ orgId, userId: 'ada', admin: true }), payload: payload as object });
}

async function webhook(event: Record<string, unknown>, options: { secret?: string; timestamp?: number; tamper?: boolean; app?: TestApp } = {}) {
  const { payload, header } = signedEvent(event, options.secret ?? WEBHOOK_SECRET, options.timestamp);
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload: options.tamper ? payload.replace('"active"', '"trialing"') : payload,
  });
}

async function plan(orgId: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/plan', headers: await admin(orgId) });
  expect(res.statusCode).toBe(200);
  return res.json<{ plan: string; status: string; effective_plan: string; limits: Record<string, unknown>; usage: { runs_this_month: number; projects: number; members: number } }>();
}

async function orgEventTypes(orgId: string): Promise<string[]> {
  const types: string[] = [];
  try {
    for await (const e of t.infra.store.readStream(orgStreamId(orgId))) types.push(e.type);
  } catch {
    // no stream yet
  }
  return types;
}

describe('billing not configured', () => {
  it('checkout and portal answer 503 without STRIPE_SECRET_KEY; the webhook 503 without STRIPE_WEBHOOK_SECRET, even when signed', async () => {
    const checkout = await post(bare, '/api/billing/create-checkout', checkoutBody, 'org_bare');
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json().detail).toMatch(/STRIPE_SECRET_KEY/);
    const portal = await post(bare, '/api/billing/portal', { return_url: 'https://app.example.com' }, 'org_bare');
    expect(portal.statusCode).toBe(503);
    const hook = await webhook(subscriptionEvent({ type: 'customer.subscription.created', customer: 'cus_x', status: 'active', price: 'price_team', orgId: 'org_bare' }), { app: bare });
    expect(hook.statusCode).toBe(503);
    expect(hook.json().detail).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(await orgEventTypes('org_bare')).toEqual([]);
  });

  it('does not enforce plan limits where nobody can upgrade (PLAN_LIMITS_ENFORCED defaults to billing being configured)', async () => {
    const headers = await bare.auth({ orgId: 'org_bare', userId: 'ada', admin: true });
    const planRes = await bare.app.inject({ method: 'GET', url: '/api/user/plan', headers });
    expect(planRes.json()).toMatchObject({ plan: 'free', effective_plan: 'free', enforced: false });
    for (const u of ['u1', 'u2', 'u3', 'u4']) {
      expect((await bare.app.inject({ method: 'PUT', url: `/api/rbac/members/${u}`, headers, payload: { role: 'viewer' } })).statusCode).toBe(200);
    }
  });
});

describe('checkout and portal', () => {
  it('need billing:manage and valid bodies', async () => {
    const manager = await t.auth({ orgId: 'org_v', userId: 'mia', admin: false });
    const denied = await t.app.inject({ method: 'POST', url: '/api/billing/create-checkout', headers: manager, payload: checkoutBody });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toMatchObject({ required_permission: 'billing:manage' });
    for (const body of [{ ...checkoutBody, plan: 'free' }, { ...checkoutBody, success_url: 'javascript:alert(1)' }, { ...checkoutBody, extra: 1 }, { plan: 'team' }]) {
      const res = await post(t, '/api/billing/create-checkout', body, 'org_v');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await post(t, '/api/billing/portal', {}, 'org_v')).statusCode).toBe(400);
  });

  it('creates one customer per organization, even for two checkouts at once, and a subscription checkout for the plan price', async () => {
    const before = stripe.customers.size;
    const [a, b] = await Promise.all([post(t, '/api/billing/create-checkout', checkoutBody, 'org_c'), post(t, '/api/billing/create-checkout', { ...checkoutBody, plan: 'business' }, 'org_c')]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(stripe.customers.size).toBe(before + 1);
    const customer = [...stripe.customers.values()].at(-1)!;
    expect(customer.metadata).toEqual({ org_id: 'org_c' });
    expect((await orgEventTypes('org_c')).filter((x) => x === 'BillingCustomerLinked')).toHaveLength(1);
    const sessions = stripe.checkoutSessions.slice(-2) as { customer: string; client_reference_id: string; line_items: { price: string }[]; form: Record<string, string> }[];
    expect(sessions.map((s) => s.customer)).toEqual([customer.id, customer.id]);
    expect(sessions.map((s) => s.line_items[0]!.price).sort()).toEqual(['price_business', 'price_team']);
    expect(sessions[0]!.client_reference_id).toBe('org_c');
    expect(sessions[0]!.form['subscription_data[metadata][org_id]']).toBe('org_c');

    // A later checkout reuses the linked customer.
    expect((await post(t, '/api/billing/create-checkout', checkoutBody, 'org_c')).statusCode).toBe(200);
    expect(stripe.customers.size).toBe(before + 1);
  });

  it('portal: 409 before any billing account, then a session for the linked customer', async () => {
    const early = await post(t, '/api/billing/portal', { return_url: 'https://app.example.com/settings' }, 'org_portal');
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/create-checkout/);
    expect((await post(t, '/api/billing/create-checkout', checkoutBody, 'org_portal')).statusCode).toBe(200);
    const portal = await post(t, '/api/billing/portal', { return_url: 'https://app.example.com/settings' }, 'org_portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const session = stripe.portalSessions.at(-1) as { customer: string; return_url: string };
    expect(session.return_url).toBe('https://app.example.com/settings');
    expect(stripe.customers.get(session.customer)?.metadata.org_id).toBe('org_portal');
  });

  it('a refusal by Stripe becomes 503 without its message', async () => {
    const other = await createTestApp({ label: 'billing_badprice', env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_URL: stripe.url, STRIPE_PRICE_TEAM: 'price_unknown' } });
    try {
      const res = await post(other, '/api/billing/create-checkout', checkoutBody, 'org_bad');
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe('The payment provider could not create the checkout; try again later');
      const business = await post(other, '/api/billing/create-checkout', { ...checkoutBody, plan: 'business' }, 'org_bad');
      expect(business.statusCode).toBe(503);
      expect(business.json().detail).toMatch(/STRIPE_PRICE_BUSINESS/);
    } finally {
      await other.close();
    }
  });
});

describe('webhook', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('records a signed subscription event once; replays, tampered and stale signatures change nothing', async () => {
    const created = subscriptionEvent({ type: 'customer.subscription.created', created: now() - 10, customer: 'cus_w1', subscriptionId: 'sub_w1', status: 'active', price: 'price_team', orgId: 'org_w' });
    const ok = await webhook(created);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await plan('org_w')).toMatchObject({ plan: 'team', status: 'active', effective_plan: 'team', enforced: true, limits: { runs_per_month: 1000, projects: 10, members: 25, cycle_p: true } });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: await admin('org_w') });
    expect(me.json().subscription).toMatchObject({ plan: 'team', status: 'active', effective_plan: 'team', cancel_at_period_end: false });

    expect((await webhook(created)).json()).toEqual({ received: true, outcome: 'unchanged' });

    const cancel = subscriptionEvent({ type: 'customer.subscription.updated', created: now(), customer: 'cus_w1', subscriptionId: 'sub_w1', status: 'active', price: 'price_team', orgId: 'org_w', cancelAtPeriodEnd: true });
    const tampered = await webhook(cancel, { tamper: true });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().detail).toMatch(/signature/i);
    const stale = await webhook(cancel, { timestamp: now() - 1000 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().detail).toMatch(/tolerance/);
    const wrongSecret = await webhook(cancel, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(cancel) });
    expect(unsigned.statusCode).toBe(400);
    expect((await orgEventTypes('org_w')).filter((x) => x === 'SubscriptionChanged')).toHaveLength(1);

    // An event created before the last applied one (late delivery) changes nothing either.
    const older = subscriptionEvent({ type: 'customer.subscription.updated', created: now() - 100, customer: 'cus_w1', subscriptionId: 'sub_w1', status: 'incomplete', price: 'price_team', orgId: 'org_w' });
    expect((await webhook(older)).json()).toEqual({ received: true, outcome: 'unchanged' });
    expect((await plan('org_w')).status).toBe('active');
  });

  it('acknowledges and ignores unknown event types, unknown prices and unknown organizations', async () => {
    const invoice = { id: 'evt_invoice_1', object: 'event', type: 'invoice.paid', created: now(), data: { object: { id: 'in_1', object: 'invoice' } } };
    expect((await webhook(invoice)).json()).toEqual({ received: true, outcome: 'ignored' });
    const unknownPrice = subscriptionEvent({ type: 'customer.subscription.created', customer: 'cus_u', status: 'active', price: 'price_mystery', orgId: 'org_u' });
    expect((await webhook(unknownPrice)).json()).toEqual({ received: true, outcome: 'ignored' });
    const nobody = subscriptionEvent({ type: 'customer.subscription.created', customer: 'cus_nobody', status: 'active', price: 'price_team' });
    expect((await webhook(nobody)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await orgEventTypes('org_u')).toEqual([]);
  });

  it('maps a subscription without metadata through the customer the checkout created; a lookup key names the plan too', async () => {
    expect((await post(t, '/api/billing/create-checkout', checkoutBody, 'org_m')).statusCode).toBe(200);
    const customer = [...stripe.customers.values()].find((c) => c.metadata.org_id === 'org_m')!;
    const event = subscriptionEvent({ type: 'customer.subscription.created', customer: customer.id, status: 'trialing', price: 'price_123', lookupKey: 'price_business' });
    expect((await webhook(event)).json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await plan('org_m')).toMatchObject({ plan: 'business', status: 'trialing', effective_plan: 'business', limits: { runs_per_month: null } });
    // Already subscribed: a second checkout is refused, the portal is the place to change plans.
    const again = await post(t, '/api/billing/create-checkout', checkoutBody, 'org_m');
    expect(again.statusCode).toBe(409);
  });

  it('deleted → canceled; past due falls back to the free limits', async () => {
    const base = { customer: 'cus_d', subscriptionId: 'sub_d', price: 'price_team', orgId: 'org_d' } as const;
    await webhook(subscriptionEvent({ ...base, type: 'customer.subscription.created', created: now() - 30, status: 'active' }));
    await webhook(subscriptionEvent({ ...base, type: 'customer.subscription.updated', created: now() - 20, status: 'past_due' }));
    expect(await plan('org_d')).toMatchObject({ plan: 'team', status: 'past_due', effective_plan: 'free', limits: { members: 3 } });
    await webhook(subscriptionEvent({ ...base, type: 'customer.subscription.deleted', created: now() - 10, status: 'active' }));
    expect(await plan('org_d')).toMatchObject({ plan: 'team', status: 'canceled', effective_plan: 'free', limits: { projects: 1 } });
  });
});

describe('plan limits', () => {
  const putMember = async (orgId: string, userId: string, role = 'operator') =>
    t.app.inject({ method: 'PUT', url: `/api/rbac/members/${userId}`, headers: await admin(orgId), payload: { role } });

  it('members: a fourth member is refused on the free plan, re-assigning is fine, a subscription lifts it', async () => {
    // The administrator assigning is a member too (seen through their token): with u1 and u2, three.
    for (const u of ['u1', 'u2']) expect((await putMember('org_mem', u)).statusCode).toBe(200);
    const fourth = await putMember('org_mem', 'u3');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toEqual({ detail: 'Plan limit reached: members (3 on the free plan)' });
    expect((await putMember('org_mem', 'u1', 'approver')).statusCode).toBe(200);
    expect((await plan('org_mem')).usage.members).toBe(3);

    await webhook(subscriptionEvent({ type: 'customer.subscription.created', customer: 'cus_mem', subscriptionId: 'sub_mem', status: 'active', price: 'price_team', orgId: 'org_mem' }));
    expect((await putMember('org_mem', 'u3')).statusCode).toBe(200);
  });

  it('runs per month: the 51st new run of the month is refused on the free plan; resuming a run is not a new run', async () => {
    const orgId = 'org_runs_limit';
    // 49 runs requested directly through the run commands (no board needed: they stay in planning).
    const seed = createRunCommands({
      store: t.infra.store,
      now: () => new Date(),
      loadOrg: async () => initialOrgState,
      findActiveRun: async () => undefined,
      plan: async () => initialRunState,
    });
    const context = { org_id: orgId, user_id: 'seed', correlation_id: 'seed' };
    // One active run per project: each seeded run is cancelled before the next (it still counts).
    for (let i = 0; i < 49; i++) {
      const { runId } = await seed.start(orgId, { board_type: 'jira', project_key: 'ENG' }, context);
      await seed.cancel(orgId, runId, 'seed', context);
    }
    // The usage read model catches up with the projector (bounded wait, no timing assertion).
    for (let i = 0; i < 200 && (await plan(orgId)).usage.runs_this_month < 49; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await plan(orgId)).usage).toMatchObject({ runs_this_month: 49, projects: 1 });

    const headers = await admin(orgId);
    const fiftieth = await t.app.inject({ method: 'POST', url: '/api/runs/start', headers, payload: { board_type: 'jira', project_key: 'ENG' } });
    expect(fiftieth.statusCode, fiftieth.body).toBe(201);
    const refused = await t.app.inject({ method: 'POST', url: '/api/runs/start', headers, payload: { board_type: 'jira', project_key: 'ENG' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Plan limit reached: runs_per_month (50 on the free plan)' });
    // trigger finds the non-terminal run of ENG and resumes it: allowed at the limit, and not counted.
    const active = await seed.start(orgId, { board_type: 'jira', project_key: 'ENG' }, context);
    for (let i = 0; i < 200 && (await plan(orgId)).usage.runs_this_month < 51; i++) await new Promise((r) => setTimeout(r, 50));
    const resumed = await t.app.inject({ method: 'POST', url: '/api/runs/trigger', headers, payload: { board_type: 'jira', project_key: 'ENG' } });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ id: active.runId, resumed: true });
    expect((await plan(orgId)).usage.runs_this_month).toBe(51);
  });

  it('projects: a run on a second project is refused on the free plan', async () => {
    const headers = await admin('org_proj');
    expect((await t.app.inject({ method: 'POST', url: '/api/runs/start', headers, payload: { board_type: 'jira', project_key: 'ONE' } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/runs/start', headers, payload: { board_type: 'jira', project_key: 'ONE' } })).statusCode).toBe(201);
    const second = await t.app.inject({ method: 'POST', url: '/api/runs/start', headers, payload: { board_type: 'linear', project_key: 'ONE' } });
    expect(second.statusCode).toBe(403);
    expect(second.json().detail).toBe('Plan limit reached: projects (1 on the free plan)');
  });
});
