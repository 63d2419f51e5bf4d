// Billing commands: checkout and portal sessions with the payment provider, and verified provider
// events turned into SubscriptionChanged on the org stream (billing.decider.ts).
import { BillingProviderError, type BillingProvider, type ProviderEvent, type ProviderSubscription } from '../adapters/stripe/billing-provider.js';
import type { EventStore, Position } from '../adapters/event-store.js';
import { billingDecider, type BillingCommand, type BillingState } from '../domain/billing.decider.js';
import { conflict, DomainError } from '../domain/errors.js';
import type { OrgEvent } from '../domain/org.events.js';
import { effectivePlan, type PlanName, type SubscriptionStatus } from '../domain/plans.js';
import { orgStreamId } from '../domain/streams.js';
import { handleCommand, loadStream, type CommandContext, type CommandResult } from './handle-command.js';

export type PaidPlan = Exclude<PlanName, 'free'>;

export interface BillingCommandDeps {
  store: EventStore;
  now: () => Date;
  /** Undefined when STRIPE_SECRET_KEY is not configured: checkout and portal answer 503. */
  provider: BillingProvider | undefined;
  /** Price id (or lookup key) per paid plan, from configuration. */
  prices: Partial<Record<PaidPlan, string>>;
  /** The organization a provider customer belongs to, from the billing read model. */
  findOrgByCustomer: (customerId: string) => Promise<string | undefined>;
  log?: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

export type WebhookOutcome =
  | { outcome: 'recorded'; orgId: string; position: Position | undefined }
  | { outcome: 'unchanged'; orgId: string }
  | { outcome: 'ignored'; reason: string };

const knownStatuses: ReadonlySet<string> = new Set<SubscriptionStatus>([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);

const priceVariable: Record<PaidPlan, string> = { team: 'STRIPE_PRICE_TEAM', business: 'STRIPE_PRICE_BUSINESS' };

/** Stable per organization: two concurrent checkouts create one Stripe customer. */
export const customerIdempotencyKey = (orgId: string) => `sprintguard-customer-${orgId}`;

const systemContext = (orgId: string, eventId: string): CommandContext => ({
  org_id: orgId,
  user_id: 'stripe',
  correlation_id: eventId,
});

export function createBillingCommands(deps: BillingCommandDeps) {
  const run = (orgId: string, command: BillingCommand, context: CommandContext): Promise<CommandResult<BillingState, OrgEvent>> =>
    handleCommand({ store: deps.store, streamId: orgStreamId(orgId), decider: billingDecider, command, context });

  const load = async (orgId: string): Promise<BillingState> => (await loadStream(deps.store, orgStreamId(orgId), billingDecider)).state;

  function requireProvider(): BillingProvider {
    if (!deps.provider) throw new DomainError('unavailable', 'Billing is not configured on this server (STRIPE_SECRET_KEY is not set)');
    return deps.provider;
  }

  /** Provider failures become 503 with a fixed text: the provider's own message stays in the log. */
  async function viaProvider<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof BillingProviderError) {
        deps.log?.warn({ status: err.status, err: err.message }, `payment provider refused the ${what}`);
        throw new DomainError('unavailable', `The payment provider could not create the ${what}; try again later`);
      }
      throw err;
    }
  }

  /** The organization's customer: the linked one, or a new one linked now (first link wins). */
  async function ensureCustomer(provider: BillingProvider, orgId: string, state: BillingState, context: CommandContext): Promise<string> {
    if (state.customerId) return state.customerId;
    const created = await viaProvider('checkout', () => provider.createCustomer({ orgId, idempotencyKey: customerIdempotencyKey(orgId) }));
    const linked = await run(orgId, { type: 'LinkBillingCustomer', customerId: created.id, now: deps.now() }, context);
    return linked.state.customerId ?? created.id;
  }

  /** Maps a subscription's items to a plan through configuration; undefined when no price matches. */
  function planOf(subscription: ProviderSubscription): PaidPlan | undefined {
    for (const plan of ['business', 'team'] as const) {
      const price = deps.prices[plan];
      if (price && subscription.priceRefs.includes(price)) return plan;
    }
    return undefined;
  }

  async function orgOf(subscription: ProviderSubscription): Promise<string | undefined> {
    if (subscription.orgId) return subscription.orgId;
    const known = await deps.findOrgByCustomer(subscription.customerId);
    if (known) return known;
    // Last resort: the customer we created carries metadata.org_id.
    if (!deps.provider) return undefined;
    try {
      return await deps.provider.customerOrgId(subscription.customerId);
    } catch (err) {
      if (err instanceof BillingProviderError) throw new DomainError('unavailable', 'The payment provider could not be reached');
      throw err;
    }
  }

  return {
    load,

    async createCheckout(orgId: string, body: { plan: PaidPlan; success_url: string; cancel_url: string }, context: CommandContext) {
      const provider = requireProvider();
      const priceId = deps.prices[body.plan];
      if (!priceId) throw new DomainError('unavailable', `Billing for the ${body.plan} plan is not configured on this server (${priceVariable[body.plan]} is not set)`);
      const state = await load(orgId);
      if (state.subscription && effectivePlan(state.subscription) !== 'free') {
        throw conflict(`The organization already has an active ${state.subscription.plan} subscription; change it in the billing portal`);
      }
      const customerId = await ensureCustomer(provider, orgId, state, context);
      return viaProvider('checkout', () =>
        provider.createCheckoutSession({ orgId, customerId, priceId, successUrl: body.success_url, cancelUrl: body.cancel_url }),
      );
    },

    async createPortal(orgId: string, body: { return_url: string }) {
      const provider = requireProvider();
      const state = await load(orgId);
      if (!state.customerId) throw conflict('The organization has no billing account yet: subscribe with POST /api/billing/create-checkout first');
      const customerId = state.customerId;
      return viaProvider('portal session', () => provider.createPortalSession({ customerId, returnUrl: body.return_url }));
    },

    /** A verified provider event. Anything billing cannot attribute or map is acknowledged and ignored (logged). */
    async applyProviderEvent(event: ProviderEvent): Promise<WebhookOutcome> {
      if (event.kind !== 'subscription') return { outcome: 'ignored', reason: `event type ${event.type} is not handled` };
      const subscription = event.subscription;
      const ignore = (reason: string): WebhookOutcome => {
        deps.log?.warn({ event: event.id, type: event.type, subscription: subscription.id, customer: subscription.customerId }, `billing event ignored: ${reason}`);
        return { outcome: 'ignored', reason };
      };
      // Stripe sends deleted with status canceled already; say so whatever it sends.
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status;
      if (!knownStatuses.has(status)) return ignore(`unknown subscription status '${status}'`);
      const plan = planOf(subscription);
      if (!plan) return ignore('no configured price (STRIPE_PRICE_TEAM, STRIPE_PRICE_BUSINESS) matches the subscription');
      const orgId = await orgOf(subscription);
      if (!orgId) return ignore('the subscription names no organization and its customer is unknown');
      const result = await run(
        orgId,
        {
          type: 'RecordSubscription',
          subscription: {
            plan,
            status,
            customer_id: subscription.customerId,
            subscription_id: subscription.id,
            ...(subscription.currentPeriodEnd ? { current_period_end: subscription.currentPeriodEnd.toISOString() } : {}),
            ...(subscription.cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: subscription.cancelAtPeriodEnd } : {}),
          },
          providerEventId: event.id,
          providerEventAt: event.createdAt,
          now: deps.now(),
        },
        systemContext(orgId, event.id),
      );
      if (result.events.length === 0) return { outcome: 'unchanged', orgId };
      deps.log?.info({ org: orgId, event: event.id, plan, status }, 'subscription changed');
      return { outcome: 'recorded', orgId, position: result.position };
    },
  };
}

export type BillingCommands = ReturnType<typeof createBillingCommands>;
