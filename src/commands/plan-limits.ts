// Enforcement of the plans' limits (src/domain/plans.ts). Usage comes from the read models (runs,
// members), passed in as a small reader so this module sees no database. The subscription comes from
// the org stream, which the run commands load anyway; a subscription that is past due or cancelled
// falls back to the free plan's limits (effectivePlan).
//
// Consistency: the read models trail the event store by the projector's lag, and two requests at the
// same moment can both pass a check at limit − 1. A limit may therefore be exceeded by the number of
// requests in flight at once; we accept that (a plan limit is commercial, not a safety guard) rather
// than serialise every run request of an organization on one stream.
import { DomainError } from '../domain/errors.js';
import type { BoardType } from '../domain/org.events.js';
import { effectivePlan, planLimits, type PlanLimits, type PlanName, type SubscriptionSummary } from '../domain/plans.js';

/** 403 naming the limit, e.g. "Plan limit reached: runs_per_month (50 on the free plan)". */
export class PlanLimitError extends DomainError {
  constructor(
    readonly limit: keyof PlanLimits,
    readonly value: number,
    readonly plan: PlanName,
  ) {
    super('forbidden', `Plan limit reached: ${limit} (${value} on the ${plan} plan)`);
  }
}

export interface PlanUsage {
  runs_this_month: number;
  projects: number;
  members: number;
}

/** Reads of the read models that measure usage; every one is scoped to one organization. */
export interface PlanUsageReader {
  /** Runs requested since `since` (the start of the current UTC month). */
  runsSince(orgId: string, since: Date): Promise<number>;
  /** Distinct (board type, project key) pairs with runs. */
  projects(orgId: string): Promise<number>;
  hasRunsFor(orgId: string, boardType: BoardType, projectKey: string): Promise<boolean>;
  /** Members: users with a stored role assignment or seen through their tokens. */
  members(orgId: string): Promise<number>;
  isMember(orgId: string, userId: string): Promise<boolean>;
}

export interface PlanLimitsDeps {
  usage: PlanUsageReader;
  now: () => Date;
}

/** The first instant of `now`'s calendar month, UTC: runs_per_month counts from there. */
export function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function createPlanLimits(deps: PlanLimitsDeps) {
  return {
    async usage(orgId: string): Promise<PlanUsage> {
      const [runs, projects, members] = await Promise.all([
        deps.usage.runsSince(orgId, startOfMonthUtc(deps.now())),
        deps.usage.projects(orgId),
        deps.usage.members(orgId),
      ]);
      return { runs_this_month: runs, projects, members };
    },

    /**
     * Before a NEW run is requested (resuming one is not a new run): the month's runs, and a project
     * the organization has no runs for yet.
     */
    async checkNewRun(orgId: string, subscription: SubscriptionSummary | undefined, run: { board_type: BoardType; project_key: string }): Promise<void> {
      const plan = effectivePlan(subscription);
      const limits = planLimits[plan];
      if (limits.runs_per_month !== null) {
        const runs = await deps.usage.runsSince(orgId, startOfMonthUtc(deps.now()));
        if (runs >= limits.runs_per_month) throw new PlanLimitError('runs_per_month', limits.runs_per_month, plan);
      }
      if (limits.projects !== null && !(await deps.usage.hasRunsFor(orgId, run.board_type, run.project_key))) {
        const projects = await deps.usage.projects(orgId);
        if (projects >= limits.projects) throw new PlanLimitError('projects', limits.projects, plan);
      }
    },

    /** Before a stored assignment is added for a member who has none (re-assigning is fine). */
    async checkNewMember(orgId: string, subscription: SubscriptionSummary | undefined, userId: string): Promise<void> {
      const plan = effectivePlan(subscription);
      const limit = planLimits[plan].members;
      if (limit === null || (await deps.usage.isMember(orgId, userId))) return;
      if ((await deps.usage.members(orgId)) >= limit) throw new PlanLimitError('members', limit, plan);
    },
  };
}

export type PlanLimitsService = ReturnType<typeof createPlanLimits>;
