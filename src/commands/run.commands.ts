// Command handlers of run streams. Every command is scoped: a run of another organization is
// "not found", exactly like a run that does not exist.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../adapters/event-store.js';
import { conflict } from '../domain/errors.js';
import type { BoardType, CycleId } from '../domain/org.events.js';
import type { OrgState } from '../domain/org.decider.js';
import { isTerminal, runDecider, runTenancy, type RunCommand, type RunState } from '../domain/run.decider.js';
import { ownedState, scopedTo } from '../domain/tenancy.js';
import type { RunEvent, RunFlow, RunRequestedData } from '../domain/run.events.js';
import { assertSameKind, claimRun } from './run-claim.js';
import { runStreamId } from '../domain/streams.js';
import { defaultCycles } from '../domain/cycles/index.js';
import { handleCommand, loadStream, type CommandContext, type CommandResult } from './handle-command.js';
import { assertCyclesAllowed } from './cycle-p.commands.js';
import type { StateCache } from './state-cache.js';

export interface RunCommandDeps {
  store: EventStore;
  now: () => Date;
  newId?: () => string;
  /** The organization's current state (settings, flags…), read from its stream. */
  loadOrg: (orgId: string) => Promise<OrgState>;
  /** The organization's non-terminal run for this board and project, if any (from the runs read model). */
  findActiveRun: (orgId: string, boardType: BoardType, projectKey: string) => Promise<string | undefined>;
  /** Plans the run now (reads the board); returns the state after planning. `trace`: the caller's traceparent (tracing on). */
  plan: (runId: string, trace?: string) => Promise<RunState>;
  /** Folded run states kept between commands (see state-cache.ts). */
  cache?: StateCache;
  /** Refuses a NEW run the organization's plan does not allow (plan-limits.ts); throws a DomainError. */
  checkNewRun?: (orgId: string, org: OrgState, body: RunRequest) => Promise<void>;
  /** Whether the plan's limits apply (cycle P's plan check among them); default true. */
  enforcePlanLimits?: boolean;
}

export interface RunRequest {
  board_type: BoardType;
  project_key: string;
  cycles?: CycleId[];
  dry_run?: boolean;
}

const activeConflict = (active: RunRequestedData) =>
  conflict(`Run ${active.run_id} is already active for ${active.board_type} ${active.project_key}; cancel it (POST /api/runs/${active.run_id}/cancel) or wait for it to end`);

export function createRunCommands(deps: RunCommandDeps) {
  const newId = deps.newId ?? (() => randomUUID());

  const run = (orgId: string, runId: string, command: RunCommand, context: CommandContext): Promise<CommandResult<RunState, RunEvent>> =>
    handleCommand({ store: deps.store, streamId: runStreamId(runId), decider: scopedTo(runDecider, runTenancy, orgId), command, context, cache: deps.cache });

  const load = async (runId: string) => (await loadStream(deps.store, runStreamId(runId), runDecider, deps.cache)).state;

  function requestData(orgId: string, org: OrgState, body: RunRequest, flow: RunFlow, context: CommandContext, runId: string): RunRequestedData {
    return {
      run_id: runId,
      org_id: orgId,
      board_type: body.board_type,
      project_key: body.project_key,
      cycles: body.cycles && body.cycles.length > 0 ? [...new Set(body.cycles)] : defaultCycles,
      dry_run: body.dry_run ?? false,
      flow,
      settings: org.settings,
      requested_by: context.user_id,
      at: deps.now().toISOString(),
    };
  }

  /**
   * Claims the project (run-claim.ts) and requests the run. When another run holds the claim, its
   * request is returned instead and nothing new is requested; the caller decides what that means.
   */
  async function request(orgId: string, body: RunRequest, flow: RunFlow, context: CommandContext, runId = newId()) {
    const org = await deps.loadOrg(orgId);
    await assertCyclesAllowed(deps, orgId, org, body.cycles); // cycle P: flag, source control, plan (403)
    await deps.checkNewRun?.(orgId, org, body);
    const wanted = requestData(orgId, org, body, flow, context, runId);
    const active = await claimRun({ store: deps.store, now: deps.now, runStatus: async (id) => (await load(id)).status }, wanted, context);
    // The claimer requests its run right after claiming; a caller that finds the claim first
    // requests it too (the same request, so whichever append comes second changes nothing).
    await run(orgId, active.run_id, { type: 'RequestRun', request: active }, context);
    return { active, mine: active.run_id === runId };
  }

  /** The active run of the board project known to the runs read model (runs from before claims). */
  async function activeFromReadModel(orgId: string, body: RunRequest): Promise<RunRequestedData | undefined> {
    const id = await deps.findActiveRun(orgId, body.board_type, body.project_key);
    if (!id) return undefined;
    const state = await load(id);
    return state.request && !isTerminal(state.status) ? state.request : undefined;
  }

  return {
    /**
     * POST /api/runs/trigger: resume the non-terminal run of this board and project, or start one.
     * `runId` names the new run; the scheduler derives it from the slot, so that requesting the same
     * slot again (another instance, a retry) finds the run already requested.
     */
    async trigger(orgId: string, body: RunRequest, context: CommandContext, runId?: string) {
      const known = await activeFromReadModel(orgId, body);
      if (known) {
        assertSameKind(known, body);
        if (body.cycles?.includes('P')) await assertCyclesAllowed(deps, orgId, await deps.loadOrg(orgId), body.cycles); // as starting would
        return { runId: known.run_id, resumed: true, state: await deps.plan(known.run_id, context.traceparent) };
      }
      const { active, mine } = await request(orgId, body, 'trigger', context, runId);
      if (!mine) assertSameKind(active, body);
      return { runId: active.run_id, resumed: !mine, state: await deps.plan(active.run_id, context.traceparent) };
    },
    /** POST /api/runs/start: the approval flow; the run waits for approvals whatever the write mode. */
    async start(orgId: string, body: RunRequest, context: CommandContext) {
      const known = await activeFromReadModel(orgId, body);
      if (known) throw activeConflict(known);
      const { active, mine } = await request(orgId, body, 'approval', context);
      if (!mine) throw activeConflict(active);
      return { runId: active.run_id, state: await deps.plan(active.run_id, context.traceparent) };
    },
    confirm: (orgId: string, runId: string, context: CommandContext) =>
      run(orgId, runId, { type: 'ConfirmRun', by: context.user_id, now: deps.now() }, context),
    approveAction: (orgId: string, runId: string, actionId: string, context: CommandContext) =>
      run(orgId, runId, { type: 'ApproveAction', actionId, by: context.user_id, now: deps.now() }, context),
    rejectAction: (orgId: string, runId: string, actionId: string, reason: string | undefined, context: CommandContext) =>
      run(orgId, runId, { type: 'RejectAction', actionId, by: context.user_id, ...(reason ? { reason } : {}), now: deps.now() }, context),
    approveAll: (orgId: string, runId: string, context: CommandContext) =>
      run(orgId, runId, { type: 'ApproveAll', by: context.user_id, now: deps.now() }, context),
    execute: (orgId: string, runId: string, context: CommandContext) =>
      run(orgId, runId, { type: 'ExecuteRun', by: context.user_id, now: deps.now() }, context),
    reject: (orgId: string, runId: string, reason: string | undefined, context: CommandContext) =>
      run(orgId, runId, { type: 'RejectRun', by: context.user_id, ...(reason ? { reason } : {}), now: deps.now() }, context),
    /** POST /api/runs/{id}/cancel: stops a non-terminal run; the executor starts no action after it. */
    cancel: (orgId: string, runId: string, reason: string | undefined, context: CommandContext) =>
      run(orgId, runId, { type: 'CancelRun', by: context.user_id, ...(reason ? { reason } : {}), now: deps.now() }, context),
    /** The run's state from its stream (for as-of reads and checks); not found for other organizations. */
    async load(orgId: string, runId: string): Promise<RunState> {
      const state = await load(runId);
      return ownedState(runTenancy, orgId, state);
    },
  };
}

export type RunCommands = ReturnType<typeof createRunCommands>;
