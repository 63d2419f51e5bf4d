// Moves runs forward where the board is involved: planning (read the board, run the cycles) and
// executing approved actions. Level-triggered: `reconcile(runId)` looks at the run's state and does
// the next step, so handling the same event twice, or resuming after a crash, is safe.
//
// Execution of one action (docs/architecture.md, "Runs"):
//   1. append ActionExecutionStarted (the intent) with the stream's expected revision;
//   2. call the provider;
//   3. append ActionExecuted or ActionFailed.
// An action found "executing" on load lost its outcome to a crash between 1 and 3: it is reconciled
// by reading the item from the provider first, and performed again only if the board shows it undone.
import type { EventStore } from '../adapters/event-store.js';
import { BoardProviderError, type BoardProvider } from '../adapters/boards/board-provider.js';
import { handleCommand, loadStream, type CommandContext } from '../commands/handle-command.js';
import { cycles, defaultCycles } from '../domain/cycles/index.js';
import { defaultCycleOptions, type ActionDraft, type CycleOptions } from '../domain/cycles/cycle.js';
import type { CycleId } from '../domain/org.events.js';
import { runDecider, type ActionState, type RunCommand, type RunState } from '../domain/run.decider.js';
import type { BoardType } from '../domain/org.events.js';
import { runStreamId } from '../domain/streams.js';
import { SourceControlError } from '../adapters/source-control/source-control.js';
import type { PullRequestInputSource } from './pull-request-inputs.js';

/** Gives the board provider of an organization; throws BoardNotConfiguredError when there is none. */
export interface BoardProviders {
  /** `trace`: with tracing on, the traceparent its calls' spans are children of. */
  forOrg(orgId: string, boardType: BoardType, trace?: string): Promise<BoardProvider>;
}

export class BoardNotConfiguredError extends Error {
  override readonly name = 'BoardNotConfiguredError';
}

export interface RunProcessorDeps {
  store: EventStore;
  boards: BoardProviders;
  now: () => Date;
  cycleOptions?: CycleOptions;
  /** Most items read from the board for one plan. */
  maxItems?: number;
  /** Cycle P's pull requests and existing links (absent: P plans nothing). */
  pullRequests?: PullRequestInputSource;
}

const SYSTEM: CommandContext = { user_id: 'system', correlation_id: 'run-processor' };

/** The text embedded in a comment so a restarted executor can find it on the board. */
export const actionMarker = (runId: string, actionId: string) => `sprintguard:${runId}:${actionId}`;

export function createRunProcessor(deps: RunProcessorDeps) {
  const cycleOptions = deps.cycleOptions ?? defaultCycleOptions;
  const maxItems = deps.maxItems ?? 500;

  const load = async (runId: string) => (await loadStream(deps.store, runStreamId(runId), runDecider)).state;
  // The trigger route plans its run at once and the executor, woken by RunRequested, would plan it
  // too: both would read the board and one plan would be refused. One plan per run in flight here;
  // the other caller waits for it and then finds the run planned.
  const planning = new Map<string, Promise<void>>();
  const planOnce = (runId: string, state: RunState, trace: string | undefined): Promise<void> => {
    let flight = planning.get(runId);
    if (!flight) {
      flight = plan(runId, state, trace).finally(() => planning.delete(runId));
      planning.set(runId, flight);
    }
    return flight;
  };
  const run = (runId: string, command: RunCommand, context: CommandContext = SYSTEM) =>
    handleCommand({ store: deps.store, streamId: runStreamId(runId), decider: runDecider, command, context: { ...context, org_id: context.org_id } });

  // `trace`: the traceparent of the span doing the work (a request's, a reactor step's), with tracing
  // on: the parent of the board calls and of the appends (in the commands' context).
  const contextFor = (orgId: string, runId: string, trace: string | undefined): CommandContext => ({
    ...SYSTEM,
    org_id: orgId,
    correlation_id: runId,
    ...(trace ? { traceparent: trace } : {}),
  });

  async function plan(runId: string, state: RunState, trace: string | undefined): Promise<void> {
    const request = state.request!;
    const context = contextFor(request.org_id, runId, trace);
    let provider: BoardProvider;
    try {
      provider = await deps.boards.forOrg(request.org_id, request.board_type, trace);
    } catch (err) {
      if (err instanceof BoardNotConfiguredError) {
        await run(runId, { type: 'FailRun', error: err.message, now: deps.now() }, context);
        return;
      }
      throw err;
    }
    let items;
    try {
      items = await provider.listActiveItems(request.project_key, { limit: maxItems });
    } catch (err) {
      if (err instanceof BoardProviderError) {
        await run(runId, { type: 'FailRun', error: `Reading the board failed: ${err.message}`, now: deps.now() }, context);
        return;
      }
      throw err;
    }
    const now = deps.now();
    const ids: CycleId[] = request.cycles.length > 0 ? request.cycles : defaultCycles;
    let prInputs = {};
    try {
      if (ids.includes('P')) prInputs = (await deps.pullRequests?.forRun(request, now)) ?? {};
    } catch (err) {
      if (!(err instanceof SourceControlError)) throw err;
      await run(runId, { type: 'FailRun', error: `Reading pull requests failed: ${err.message}`, now: deps.now() }, context);
      return;
    }
    const snapshot = { projectKey: request.project_key, items, ...prInputs };
    const drafts: (ActionDraft & { cycle: CycleId })[] = [];
    for (const id of ids) {
      const cycle = cycles[id];
      if (!cycle) continue; // e.g. P before its issue lands: the trigger route refuses it up front
      for (const draft of cycle.plan(snapshot, cycleOptions, now)) drafts.push({ ...draft, cycle: id });
    }
    await run(runId, { type: 'RecordPlan', drafts, itemsRead: items.length, now }, context);
  }

  async function perform(provider: BoardProvider, runId: string, action: ActionState): Promise<void> {
    const p = action.params;
    switch (action.kind) {
      case 'comment':
        return provider.comment(action.item_key, String(p.body), actionMarker(runId, action.action_id));
      case 'label':
        return provider.addLabel(action.item_key, String(p.label));
      case 'transition':
        return provider.transition(action.item_key, {
          ...(typeof p.name === 'string' ? { name: p.name } : {}),
          ...(p.category === 'todo' || p.category === 'in_progress' || p.category === 'done' ? { category: p.category } : {}),
        });
      case 'assign':
        return provider.assign(action.item_key, typeof p.assignee === 'string' ? p.assignee : null);
      case 'link_pull_request':
        return provider.linkPullRequest(action.item_key, { globalId: String(p.global_id), url: String(p.url), title: String(p.title) });
    }
  }

  /** After a crash: is the action's effect already on the board? */
  async function alreadyDone(provider: BoardProvider, runId: string, action: ActionState): Promise<boolean> {
    const p = action.params;
    if (action.kind === 'comment') return provider.hasComment(action.item_key, actionMarker(runId, action.action_id));
    if (action.kind === 'link_pull_request') return false; // the link is an idempotent upsert: just do it again
    const item = await provider.getItem(action.item_key);
    if (!item) return false;
    switch (action.kind) {
      case 'label':
        return item.labels.includes(String(p.label));
      case 'transition':
        return typeof p.name === 'string' ? item.status.toLowerCase() === p.name.toLowerCase() : item.statusCategory === p.category;
      case 'assign': {
        const who = typeof p.assignee === 'string' ? p.assignee : null;
        if (who === null) return item.assignee === null;
        return item.assignee !== null && [item.assignee.id, item.assignee.email, item.assignee.name].includes(who);
      }
    }
  }

  async function executeNext(runId: string, state: RunState, trace: string | undefined): Promise<boolean> {
    const request = state.request!;
    const action = state.actions.find((a) => a.status === 'executing') ?? state.actions.find((a) => a.status === 'approved');
    if (!action) return false;
    const context = contextFor(request.org_id, runId, trace);
    const provider = await deps.boards.forOrg(request.org_id, request.board_type, trace);
    const now = deps.now;
    let reconciled = false;
    if (action.status === 'approved') {
      const intent = await run(runId, { type: 'StartActionExecution', actionId: action.action_id, now: now() }, context);
      if (intent.events.length === 0) return true; // someone else moved it; look again
    } else {
      try {
        reconciled = await alreadyDone(provider, runId, action);
      } catch (err) {
        if (!(err instanceof BoardProviderError)) throw err;
      }
    }
    if (!reconciled) {
      // The last look before the board write: a run cancelled meanwhile gets no further write.
      const current = await load(runId);
      if (current.status !== 'executing') {
        await run(runId, { type: 'RecordActionOutcome', actionId: action.action_id, outcome: 'skipped', error: `run ${current.status ?? 'gone'} before the write`, now: now() }, context);
        return true;
      }
      try {
        await perform(provider, runId, action);
      } catch (err) {
        if (!(err instanceof BoardProviderError)) throw err;
        // A write that is not repeated blindly (a comment) may have landed all the same: look first.
        reconciled = err.details.maybeApplied === true && (await alreadyDone(provider, runId, action).catch(() => false));
        if (!reconciled) {
          await run(runId, { type: 'RecordActionOutcome', actionId: action.action_id, outcome: 'failed', error: err.message, now: now() }, context);
          return true;
        }
      }
    }
    await run(runId, { type: 'RecordActionOutcome', actionId: action.action_id, outcome: 'executed', reconciled, now: now() }, context);
    return true;
  }

  return {
    load,
    /** Plans the run when it is still planning (used by the trigger route and the reactor). */
    async planIfNeeded(runId: string, trace?: string): Promise<RunState> {
      const state = await load(runId);
      if (state.status === 'planning') {
        await planOnce(runId, state, trace);
        return load(runId);
      }
      return state;
    },
    /** Does every step the run can take now: plan, then execute approved actions one by one. */
    async reconcile(runId: string, signal?: AbortSignal, trace?: string): Promise<void> {
      for (;;) {
        if (signal?.aborted) return;
        const state = await load(runId);
        if (state.status === 'planning') await planOnce(runId, state, trace);
        else if (state.status === 'executing') {
          if (!(await executeNext(runId, state, trace))) return;
        } else if (state.status === 'cancelled' && state.actions.some((a) => a.status === 'executing')) {
          // Started before the cancel: its outcome is found (or it is marked not performed).
          if (!(await executeNext(runId, state, trace))) return;
        } else return;
      }
    },
  };
}

export type RunProcessor = ReturnType<typeof createRunProcessor>;
