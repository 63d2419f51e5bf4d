// Command handlers of run streams. Every command is scoped: a run of another organization is
// "not found", exactly like a run that does not exist.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../adapters/event-store.js';
import type { BoardType, CycleId } from '../domain/org.events.js';
import type { OrgState } from '../domain/org.decider.js';
import { runDecider, runTenancy, type RunCommand, type RunState } from '../domain/run.decider.js';
import { ownedState, scopedTo } from '../domain/tenancy.js';
import type { RunEvent, RunFlow } from '../domain/run.events.js';
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
  /** Plans the run now (reads the board); returns the state after planning. */
  plan: (runId: string) => Promise<RunState>;
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

export function createRunCommands(deps: RunCommandDeps) {
  const newId = deps.newId ?? (() => randomUUID());

  const run = (orgId: string, runId: string, command: RunCommand, context: CommandContext): Promise<CommandResult<RunState, RunEvent>> =>
    handleCommand({ store: deps.store, streamId: runStreamId(runId), decider: scopedTo(runDecider, runTenancy, orgId), command, context, cache: deps.cache });

  async function request(orgId: string, body: RunRequest, flow: RunFlow, context: CommandContext, runId = newId()) {
    const org = await deps.loadOrg(orgId);
    await assertCyclesAllowed(deps, orgId, org, body.cycles); // cycle P: flag, source control, plan (403)
    await deps.checkNewRun?.(orgId, org, body);
    await run(
      orgId,
      runId,
      {
        type: 'RequestRun',
        request: {
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
        },
      },
      context,
    );
    return { runId, state: await deps.plan(runId) };
  }

  return {
    /**
     * POST /api/runs/trigger: resume the non-terminal run of this board and project, or start one.
     * `runId` names the new run; the scheduler derives it from the slot, so that requesting the same
     * slot again (another instance, a retry) finds the run already requested.
     */
    async trigger(orgId: string, body: RunRequest, context: CommandContext, runId?: string) {
      const active = await deps.findActiveRun(orgId, body.board_type, body.project_key);
      if (active) {
        if (body.cycles?.includes('P')) await assertCyclesAllowed(deps, orgId, await deps.loadOrg(orgId), body.cycles); // as starting would
        return { runId: active, resumed: true, state: await deps.plan(active) };
      }
      return { ...(await request(orgId, body, 'trigger', context, runId)), resumed: false };
    },
    /** POST /api/runs/start: the approval flow; the run waits for approvals whatever the write mode. */
    start: (orgId: string, body: RunRequest, context: CommandContext) => request(orgId, body, 'approval', context),
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
    /** The run's state from its stream (for as-of reads and checks); not found for other organizations. */
    async load(orgId: string, runId: string): Promise<RunState> {
      const { state } = await loadStream(deps.store, runStreamId(runId), runDecider, deps.cache);
      return ownedState(runTenancy, orgId, state);
    },
  };
}

export type RunCommands = ReturnType<typeof createRunCommands>;
