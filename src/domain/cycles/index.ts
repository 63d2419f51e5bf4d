// The cycles a run can execute, by letter.
import type { CycleId } from '../org.events.js';
import type { Cycle } from './cycle.js';
import { pullRequestCycle } from './pull-request.cycle.js';
import { staleCycle } from './stale.cycle.js';
import { triageCycle } from './triage.cycle.js';

export const cycles: Partial<Record<CycleId, Cycle>> = { T: triageCycle, S: staleCycle, P: pullRequestCycle };

/** Cycles a run executes when the request names none. */
export const defaultCycles: CycleId[] = ['T', 'S'];
