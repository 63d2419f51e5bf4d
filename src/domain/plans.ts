// Plans and their enforced limits (docs/billing.md, "Limits"): one table, read by the billing routes, the
// commands that enforce a limit and GET /api/user/plan. `null` means "no limit".
import { Type, type Static } from '@sinclair/typebox';

export const PlanNameSchema = Type.Union([Type.Literal('free'), Type.Literal('team'), Type.Literal('business')]);
export type PlanName = Static<typeof PlanNameSchema>;

/** Stripe's subscription statuses, as Stripe names them. */
export const SubscriptionStatusSchema = Type.Union(
  ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'].map((s) => Type.Literal(s)),
);
export type SubscriptionStatus = Static<typeof SubscriptionStatusSchema>;

export interface PlanLimits {
  /** Runs requested in one calendar month (UTC). */
  runs_per_month: number | null;
  /** Distinct (board type, project key) pairs that have runs. */
  projects: number | null;
  /** Members with a stored role assignment. */
  members: number | null;
  /** Whether cycle P (pull-request linking) may run. */
  cycle_p: boolean;
}

export const planLimits: Readonly<Record<PlanName, Readonly<PlanLimits>>> = {
  free: { runs_per_month: 50, projects: 1, members: 3, cycle_p: false },
  team: { runs_per_month: 1_000, projects: 10, members: 25, cycle_p: true },
  business: { runs_per_month: null, projects: null, members: null, cycle_p: true },
};

/** The subscription as the organization's stream knows it (no subscription yet: free). */
export interface SubscriptionSummary {
  plan: PlanName;
  status: SubscriptionStatus;
}

/** Statuses whose plan's limits apply; any other (past due, cancelled, unpaid…) falls back to free. */
const inGoodStanding: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing']);

/** The plan whose limits apply now. */
export function effectivePlan(subscription: SubscriptionSummary | undefined): PlanName {
  if (!subscription || !inGoodStanding.has(subscription.status)) return 'free';
  return subscription.plan;
}
