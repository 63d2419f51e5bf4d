// Decider of the billing side of the org stream (`org-<orgId>`): the payment provider's customer of
// the organization and its subscription. It folds the same stream as the org decider but keeps the
// state billing needs (which provider events were applied, when the last one was created), so the
// org decider stays as it is. Pure: times come inside the commands.
import type { Decider } from './decider.js';
import type { OrgEvent } from './org.events.js';
import { effectivePlan, type PlanName, type SubscriptionStatus } from './plans.js';

export interface BillingSubscription {
  plan: PlanName;
  status: SubscriptionStatus;
  customer_id: string;
  subscription_id: string;
  current_period_end?: string;
  cancel_at_period_end?: boolean;
}

export interface BillingState {
  /** The provider customer of the organization (the first one linked wins). */
  customerId: string | undefined;
  subscription: BillingSubscription | undefined;
  /** Creation time (ms) of the last provider event applied; an older one changes nothing. */
  lastEventAt: number | undefined;
  /** Provider event ids already applied: a replayed webhook changes nothing. */
  seenEventIds: ReadonlySet<string>;
}

export type BillingCommand =
  | { type: 'LinkBillingCustomer'; customerId: string; now: Date }
  | {
      type: 'RecordSubscription';
      subscription: BillingSubscription;
      /** Stripe's event id (evt_…) and creation time. */
      providerEventId: string;
      providerEventAt: Date;
      now: Date;
    };

export const initialBillingState: BillingState = {
  customerId: undefined,
  subscription: undefined,
  lastEventAt: undefined,
  seenEventIds: new Set(),
};

function decide(command: BillingCommand, state: BillingState): OrgEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'LinkBillingCustomer':
      // One customer per organization: a second link (a concurrent checkout that lost the race)
      // appends nothing, and the caller uses the customer already linked.
      if (state.customerId !== undefined) return [];
      return [{ type: 'BillingCustomerLinked', data: { customer_id: command.customerId, at } }];
    case 'RecordSubscription': {
      if (state.seenEventIds.has(command.providerEventId)) return [];
      const eventAt = command.providerEventAt.getTime();
      // Stripe does not guarantee delivery order: an event created before the last applied one
      // describes an older state of the subscription and must not overwrite the newer one.
      if (state.lastEventAt !== undefined && eventAt < state.lastEventAt) return [];
      const current = state.subscription;
      const incoming = command.subscription;
      // An organization may briefly have two subscriptions (a new checkout while an old one is being
      // cancelled): the end of another subscription must not downgrade the one in good standing.
      if (
        current &&
        current.subscription_id !== incoming.subscription_id &&
        effectivePlan(current) !== 'free' &&
        effectivePlan(incoming) === 'free'
      ) {
        return [];
      }
      return [
        {
          type: 'SubscriptionChanged',
          data: {
            plan: incoming.plan,
            status: incoming.status,
            customer_id: incoming.customer_id,
            subscription_id: incoming.subscription_id,
            provider_event_id: command.providerEventId,
            provider_event_at: command.providerEventAt.toISOString(),
            ...(incoming.current_period_end !== undefined ? { current_period_end: incoming.current_period_end } : {}),
            ...(incoming.cancel_at_period_end !== undefined ? { cancel_at_period_end: incoming.cancel_at_period_end } : {}),
            at,
          },
        },
      ];
    }
  }
}

function evolve(state: BillingState, event: OrgEvent): BillingState {
  switch (event.type) {
    case 'BillingCustomerLinked':
      return state.customerId === undefined ? { ...state, customerId: event.data.customer_id } : state;
    case 'SubscriptionChanged': {
      const d = event.data;
      const eventAt = Date.parse(d.provider_event_at);
      return {
        customerId: state.customerId ?? d.customer_id,
        subscription: {
          plan: d.plan,
          status: d.status,
          customer_id: d.customer_id,
          subscription_id: d.subscription_id,
          ...(d.current_period_end !== undefined ? { current_period_end: d.current_period_end } : {}),
          ...(d.cancel_at_period_end !== undefined ? { cancel_at_period_end: d.cancel_at_period_end } : {}),
        },
        lastEventAt: Math.max(state.lastEventAt ?? eventAt, eventAt),
        seenEventIds: new Set([...state.seenEventIds, d.provider_event_id]),
      };
    }
    default:
      // Settings, schedule, flags, members: the org decider's business.
      return state;
  }
}

export const billingDecider: Decider<BillingState, BillingCommand, OrgEvent> = { initialState: initialBillingState, decide, evolve };
