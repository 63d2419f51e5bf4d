// What the API and the workers share: the board connection, the run processor, and the org and run
// commands with plan limits. Built once per process with the process's one clock.
import type { Knex } from 'knex';
import type { EventStore } from '../adapters/event-store.js';
import { createSourceControlProvider } from '../adapters/source-control/create-source-control.js';
import { createOrgCommands, type OrgCommands } from '../commands/org.commands.js';
import { createPlanLimits, type PlanLimitsService } from '../commands/plan-limits.js';
import { createRunCommands, type RunRequest } from '../commands/run.commands.js';
import { StateCache } from '../commands/state-cache.js';
import { planLimitsEnforced } from '../config.js';
import type { OrgState } from '../domain/org.decider.js';
import { createPlanUsageReader } from '../queries/billing.query.js';
import { linkedPullRequests } from '../queries/pull-request-links.query.js';
import { findActiveRun } from '../queries/runs.query.js';
import { createPullRequestInputs } from '../reactors/pull-request-inputs.js';
import { createRunProcessor, type RunProcessor } from '../reactors/run-processor.js';
import { createOrgBoards, type OrgBoards } from './board-connection.js';
import type { Infrastructure } from './infrastructure.js';

/** Run commands wired to the read model and the run processor (used by the routes and the scheduler). */
export function wireRunCommands(deps: {
  store: EventStore;
  knex: Knex;
  runProcessor: RunProcessor;
  now: () => Date;
  /** The process's org commands and plan limits; a caller wiring run commands alone (a test) may leave them out. */
  orgCommands?: OrgCommands;
  planLimits?: PlanLimitsService;
  enforcePlanLimits?: boolean;
}) {
  const orgCommands = deps.orgCommands ?? createOrgCommands({ store: deps.store, now: deps.now });
  // Plan limits apply to every new run, whether a route or the scheduler requests it.
  const limits = deps.planLimits ?? createPlanLimits({ usage: createPlanUsageReader(deps.knex), now: deps.now });
  return createRunCommands({
    ...(deps.enforcePlanLimits ? { checkNewRun: (orgId: string, org: OrgState, body: RunRequest) => limits.checkNewRun(orgId, org.subscription, body) } : {}),
    enforcePlanLimits: deps.enforcePlanLimits ?? false,
    store: deps.store,
    now: deps.now,
    loadOrg: orgCommands.load,
    findActiveRun: (orgId, boardType, projectKey) => findActiveRun(deps.knex, orgId, boardType, projectKey),
    plan: (runId, trace) => deps.runProcessor.planIfNeeded(runId, trace),
    cache: new StateCache(),
  });
}

export interface SharedCommands {
  now: () => Date;
  boards: OrgBoards;
  /** Plans runs by reading the board; the same processor drives the run reactor. */
  runProcessor: RunProcessor;
  orgCommands: OrgCommands;
  planLimits: PlanLimitsService;
  enforcePlanLimits: boolean;
  runCommands: ReturnType<typeof wireRunCommands>;
}

/** The system clock: the one `now` of a process unless a test passes its own. */
export const systemClock = (): Date => new Date();

export async function createSharedCommands(infra: Infrastructure, now: () => Date = systemClock): Promise<SharedCommands> {
  const { config, store } = infra;
  const { knex } = infra.db;
  const boards = await createOrgBoards(infra, now);
  // Cycle P: pull requests from the saved source control, links already made from the runs read model.
  const pullRequests = createPullRequestInputs({
    loadConnection: async (orgId) => (await boards.integration.loadBoardConnection(orgId))?.source_control,
    providerFor: (connection) =>
      createSourceControlProvider(connection, { allowPrivateUrls: config.allowPrivateProviderUrls, ...(infra.orgUrlFetch ? { fetch: infra.orgUrlFetch } : {}) }),
    linked: (orgId, boardType, projectKey) => linkedPullRequests(knex, orgId, boardType, projectKey),
    maxPullRequests: config.SOURCE_CONTROL_MAX_PULL_REQUESTS,
    lookbackDays: config.SOURCE_CONTROL_LOOKBACK_DAYS,
  });
  const runProcessor = createRunProcessor({ store, boards: boards.providers, now, pullRequests });
  const orgCommands = createOrgCommands({ store, now });
  const planLimits = createPlanLimits({ usage: createPlanUsageReader(knex), now });
  const enforcePlanLimits = planLimitsEnforced(config);
  const runCommands = wireRunCommands({ store, knex, runProcessor, now, orgCommands, planLimits, enforcePlanLimits });
  return { now, boards, runProcessor, orgCommands, planLimits, enforcePlanLimits, runCommands };
}
