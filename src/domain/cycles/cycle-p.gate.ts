// Who may run cycle P (docs/cycle-p.md): the `cycle_p` flag on, a source-control configuration saved
// with the integration settings, and a plan whose limits include cycle P. A request naming P without
// one of them is refused (403) with a detail naming what is missing, checked in that order: the
// flag and the configuration are the organization's own switches, the plan is billing. Like every
// plan limit, the plan is checked only where plan limits are enforced (PLAN_LIMITS_ENFORCED: by
// default where billing is configured, since elsewhere nobody could upgrade).
import { DomainError } from '../errors.js';
import type { IntegrationSettings } from '../integration.events.js';
import type { OrgState } from '../org.decider.js';
import { effectivePlan, planLimits } from '../plans.js';

/** What keeps cycle P from running, or undefined when it may run. */
export function cyclePBlocker(
  org: Pick<OrgState, 'flags' | 'subscription'>,
  integration: IntegrationSettings | undefined,
  options: { enforcePlan: boolean },
): string | undefined {
  if (!org.flags.cycle_p) return 'Cycle P needs the cycle_p feature flag to be on (PUT /api/feature-flags/cycle_p)';
  if (!integration?.source_control) {
    return 'Cycle P needs a source-control configuration (provider, repository and token in source_control of POST /api/settings/integration)';
  }
  if (!options.enforcePlan) return undefined;
  const plan = effectivePlan(org.subscription);
  if (!planLimits[plan].cycle_p) return `Cycle P is not included in the ${plan} plan: it needs the team or business plan`;
  return undefined;
}

/** Throws 403 naming what is missing when cycle P may not run. */
export function assertCyclePAllowed(
  org: Pick<OrgState, 'flags' | 'subscription'>,
  integration: IntegrationSettings | undefined,
  options: { enforcePlan: boolean },
): void {
  const blocker = cyclePBlocker(org, integration, options);
  if (blocker) throw new DomainError('forbidden', blocker);
}
