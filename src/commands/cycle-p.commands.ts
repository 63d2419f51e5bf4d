// The cycle P gate for run requests: loads what the gate needs beyond the org state the run
// commands already hold (the integration settings, folded from the same org stream by their own
// decider) and applies src/domain/cycles/cycle-p.gate.ts.
import type { EventStore } from '../adapters/event-store.js';
import { assertCyclePAllowed } from '../domain/cycles/cycle-p.gate.js';
import { integrationDecider } from '../domain/integration.decider.js';
import type { OrgState } from '../domain/org.decider.js';
import type { CycleId } from '../domain/org.events.js';
import { orgStreamId } from '../domain/streams.js';
import { loadStream } from './handle-command.js';
import type { StateCache } from './state-cache.js';

/** Throws 403 (DomainError 'forbidden') naming what is missing when `cycles` names P and P may not run. */
export async function assertCyclesAllowed(
  deps: { store: EventStore; cache?: StateCache | undefined; enforcePlanLimits?: boolean | undefined },
  orgId: string,
  org: OrgState,
  cycles: readonly CycleId[] | undefined,
): Promise<void> {
  if (!cycles?.includes('P')) return;
  const { state } = await loadStream(deps.store, orgStreamId(orgId), integrationDecider, deps.cache);
  assertCyclePAllowed(org, state.settings, { enforcePlan: deps.enforcePlanLimits ?? true });
}
