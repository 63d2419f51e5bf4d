// Decider of a run stream (docs/architecture.md). Every status change and every decision is an explicit
// event, and the steps whose event does not say it all append RunLogged lines, so the stream alone tells
// an auditor what happened and why.
//
// planning ──RunPlanned──► awaiting_confirmation ──RunConfirmed──► awaiting_approval ──► executing ──► completed
//     │                         (more actions than the threshold)        │ (approval)        ▲
//     │                                                                    └── auto ──────────┘
//     └─► completed (dry run / nothing to do)     any non-terminal, not executing ──► rejected;  planning ──► failed
//     any non-terminal ──RunCancelled──► cancelled (the executor starts no action after it)
import type { Decider } from './decider.js';
import { conflict, notFound } from './errors.js';
import type { CycleId } from './org.events.js';
import type { ActionDraft } from './cycles/cycle.js';
import type { PlannedAction, RunEvent, RunRequestedData } from './run.events.js';
import type { Tenancy } from './tenancy.js';

export const runStatuses = ['planning', 'awaiting_confirmation', 'awaiting_approval', 'executing', 'completed', 'failed', 'rejected', 'cancelled'] as const;
export type RunStatus = (typeof runStatuses)[number];
export type ActionStatus = 'proposed' | 'approved' | 'rejected' | 'executing' | 'executed' | 'failed' | 'skipped';

export const terminalRunStatuses: readonly RunStatus[] = ['completed', 'failed', 'rejected', 'cancelled'];
export const isTerminal = (status: RunStatus | undefined) => status !== undefined && terminalRunStatuses.includes(status);
/** The statuses of a run still in progress (the complement of isTerminal). */
export const activeRunStatuses: readonly RunStatus[] = runStatuses.filter((s) => !isTerminal(s));

export interface ActionState extends PlannedAction {
  status: ActionStatus;
}

export interface RunState {
  request: RunRequestedData | undefined;
  status: RunStatus | undefined;
  /** In plan order. */
  actions: ActionState[];
  /**
   * Each action's place in `actions`, made with the plan (the order never changes after it, so every
   * later state shares the map). A decision on a run of 1,000 actions looked its action up three or
   * four times by scanning them (decide, the fold after it, the fold after the append, the answer).
   */
  positions: ReadonlyMap<string, number>;
  /** How many actions are still proposed: whether a decision was the last one, without a scan. */
  proposed: number;
}

export const initialRunState: RunState = { request: undefined, status: undefined, actions: [], positions: new Map(), proposed: 0 };

/** The action's place in the run's plan, or undefined. */
export function actionPosition(state: RunState, actionId: string): number | undefined {
  return state.positions.get(actionId);
}

export type RunCommand =
  | { type: 'RequestRun'; request: RunRequestedData }
  | { type: 'RecordPlan'; drafts: (ActionDraft & { cycle: CycleId })[]; itemsRead: number; now: Date }
  | { type: 'FailRun'; error: string; now: Date }
  | { type: 'ConfirmRun'; by: string; now: Date }
  | { type: 'ApproveAction'; actionId: string; by: string; now: Date }
  | { type: 'RejectAction'; actionId: string; by: string; reason?: string; now: Date }
  | { type: 'ApproveAll'; by: string; now: Date }
  | { type: 'ExecuteRun'; by: string; now: Date }
  | { type: 'RejectRun'; by: string; reason?: string; now: Date }
  | { type: 'CancelRun'; by: string; reason?: string; now: Date }
  | { type: 'StartActionExecution'; actionId: string; now: Date }
  | { type: 'RecordActionOutcome'; actionId: string; outcome: 'executed' | 'failed' | 'skipped'; error?: string; reconciled?: boolean; now: Date };

const log = (message: string, at: string, level: 'info' | 'warn' | 'error' = 'info'): RunEvent => ({
  type: 'RunLogged',
  data: { level, message, at },
});

function requireRun(state: RunState): asserts state is RunState & { request: RunRequestedData; status: RunStatus } {
  if (!state.request || !state.status) throw notFound('Run not found');
}

function refuseTerminal(state: RunState, what: string): void {
  if (isTerminal(state.status)) throw conflict(`Cannot ${what}: the run is already ${state.status}`);
}

function findAction(state: RunState, actionId: string): ActionState {
  const position = actionPosition(state, actionId);
  const action = position === undefined ? undefined : state.actions[position];
  if (!action) throw notFound(`Action ${actionId} not found in this run`);
  return action;
}

/** The run starts executing: approve what auto mode approves, and complete at once when nothing is approved. */
function startExecution(state: RunState, by: string, autoApprove: boolean, at: string): RunEvent[] {
  const willRun = state.actions.filter((a) => a.status === 'approved' || (autoApprove && a.status === 'proposed'));
  const events: RunEvent[] = [{ type: 'RunExecutionStarted', data: { by, auto_approve: autoApprove, at } }];
  if (willRun.length === 0) {
    events.push(log('nothing approved to execute', at), { type: 'RunCompleted', data: { at } });
  } else {
    events.push(log(`executing ${willRun.length} approved action${willRun.length === 1 ? '' : 's'}`, at));
  }
  return events;
}

/** After planning (or the confirmation gate): wait for approvals, or execute in auto mode. */
function afterGate(state: RunState & { request: RunRequestedData }, pending: number, at: string): RunEvent[] {
  const needsApproval = state.request.flow === 'approval' || state.request.settings.write_mode === 'approval';
  if (needsApproval) {
    return [{ type: 'ApprovalRequested', data: { pending_count: pending, at } }, log(`waiting for approval of ${pending} action${pending === 1 ? '' : 's'}`, at)];
  }
  return startExecution(state, 'system', true, at);
}

function decide(command: RunCommand, state: RunState): RunEvent[] {
  if (command.type === 'RequestRun') {
    if (state.request) return []; // already requested: the command is satisfied
    const r = command.request;
    return [
      { type: 'RunRequested', data: r },
      log(`run requested by ${r.requested_by}: ${r.board_type} ${r.project_key}, cycles ${r.cycles.join(', ')}${r.dry_run ? ', dry run' : ''}`, r.at),
    ];
  }
  requireRun(state);
  const at = command.now.toISOString();
  switch (command.type) {
    case 'RecordPlan': {
      if (state.status !== 'planning') return []; // planned already (another process got there first)
      const { action_cap: cap, confirmation_threshold: threshold } = state.request.settings;
      const actions: PlannedAction[] = command.drafts.map((d, i) => ({ ...d, action_id: `act-${i + 1}` }));
      const events: RunEvent[] = [
        log(`read ${command.itemsRead} active item${command.itemsRead === 1 ? '' : 's'} from ${state.request.board_type} ${state.request.project_key}`, at),
        { type: 'RunPlanned', data: { actions, items_read: command.itemsRead, cycles: state.request.cycles, at } },
      ];
      const perCycle = [...new Set(actions.map((a) => a.cycle))].map((c) => `${c}: ${actions.filter((a) => a.cycle === c).length}`);
      events.push(log(`planned ${actions.length} action${actions.length === 1 ? '' : 's'}${perCycle.length ? ` (${perCycle.join(', ')})` : ''}`, at));
      const dryRun = state.request.dry_run || state.request.settings.write_mode === 'dry_run';
      if (dryRun) {
        for (const a of actions) events.push({ type: 'ActionSkipped', data: { action_id: a.action_id, reason: 'dry run: planned only', at } });
        events.push(log('dry run: nothing is written to the board', at), { type: 'RunCompleted', data: { at } });
        return events;
      }
      const overCap = actions.slice(cap);
      for (const a of overCap) {
        events.push({ type: 'ActionSkipped', data: { action_id: a.action_id, reason: `action cap of ${cap} reached`, at } });
      }
      if (overCap.length > 0) events.push(log(`skipped ${overCap.length} action${overCap.length === 1 ? '' : 's'}: action cap of ${cap} reached`, at, 'warn'));
      const kept = actions.length - overCap.length;
      if (kept === 0) {
        events.push(log('nothing to do', at), { type: 'RunCompleted', data: { at } });
        return events;
      }
      if (actions.length > threshold) {
        events.push(
          { type: 'ConfirmationRequested', data: { planned_count: actions.length, threshold, at } },
          log(`${actions.length} actions planned, more than the confirmation threshold of ${threshold}: waiting for confirmation`, at),
        );
        return events;
      }
      return [...events, ...afterGate({ ...fold(state, events), request: state.request }, kept, at)];
    }
    case 'FailRun':
      if (isTerminal(state.status)) return [];
      return [log(command.error, at, 'error'), { type: 'RunFailed', data: { error: command.error, at } }];
    case 'ConfirmRun': {
      refuseTerminal(state, 'confirm');
      if (state.status !== 'awaiting_confirmation') throw conflict(`The run is ${state.status}; there is no confirmation to give`);
      const pending = state.proposed;
      return [{ type: 'RunConfirmed', data: { by: command.by, at } }, log(`confirmed by ${command.by}`, at), ...afterGate(state, pending, at)];
    }
    case 'ApproveAction':
    case 'RejectAction': {
      const verb = command.type === 'ApproveAction' ? 'approve' : 'reject';
      refuseTerminal(state, `${verb} an action`);
      const action = findAction(state, command.actionId);
      if (action.status !== 'proposed') throw conflict(`Action ${action.action_id} is already ${action.status}`);
      if (state.status !== 'awaiting_approval') throw conflict(`The run is ${state.status}; actions can be decided once it awaits approval`);
      // Members in sorted order, as the content digest writes them (handle-command.ts eventMetadata).
      const decided: RunEvent =
        command.type === 'ApproveAction'
          ? { type: 'ActionApproved', data: { action_id: action.action_id, at, by: command.by } }
          : {
              type: 'ActionRejected',
              data: command.reason ? { action_id: action.action_id, at, by: command.by, reason: command.reason } : { action_id: action.action_id, at, by: command.by },
            };
      // The decision is its own record (which action, who, when, why): no log line repeats it. It
      // used to, which made every approval a two-event append and doubled what each projection did
      // per command (docs/architecture.md, "Runs"); runs of before keep their lines.
      const events: RunEvent[] = [decided];
      // The action was proposed: this decision leaves one fewer. The state after it is folded only
      // for the last one (folding copies the run's actions, up to the cap, on every decision).
      if (state.proposed === 1) events.push(...startExecution(fold(state, [decided]), command.by, false, at));
      return events;
    }
    case 'ApproveAll': {
      refuseTerminal(state, 'approve actions');
      if (state.status !== 'awaiting_approval') throw conflict(`The run is ${state.status}; actions can be decided once it awaits approval`);
      const approved: RunEvent[] = state.actions
        .filter((a) => a.status === 'proposed')
        .map((a) => ({ type: 'ActionApproved', data: { action_id: a.action_id, by: command.by, at } }));
      const events: RunEvent[] = [...approved, log(`${approved.length} action${approved.length === 1 ? '' : 's'} approved by ${command.by}`, at)];
      return [...events, ...startExecution(fold(state, approved), command.by, false, at)];
    }
    case 'ExecuteRun': {
      refuseTerminal(state, 'execute');
      if (state.status === 'executing') throw conflict('The run is already executing');
      if (state.status !== 'awaiting_approval') throw conflict(`The run is ${state.status}; it can be executed once it awaits approval`);
      const undecided: RunEvent[] = state.actions
        .filter((a) => a.status === 'proposed')
        .map((a) => ({ type: 'ActionSkipped', data: { action_id: a.action_id, reason: 'not approved before execution', at } }));
      return [...undecided, ...startExecution(fold(state, undecided), command.by, false, at)];
    }
    case 'RejectRun': {
      refuseTerminal(state, 'reject the run');
      if (state.status === 'executing') throw conflict('The run is already executing');
      return [
        { type: 'RunRejected', data: { by: command.by, ...(command.reason ? { reason: command.reason } : {}), at } },
        log(`run rejected by ${command.by}${command.reason ? `: ${command.reason}` : ''}`, at),
      ];
    }
    case 'CancelRun': {
      refuseTerminal(state, 'cancel the run');
      // Actions not yet started are skipped; one already started finishes and is recorded.
      const skipped: RunEvent[] = state.actions
        .filter((a) => a.status === 'proposed' || a.status === 'approved')
        .map((a) => ({ type: 'ActionSkipped', data: { action_id: a.action_id, reason: 'run cancelled', at } }));
      return [
        ...skipped,
        { type: 'RunCancelled', data: { by: command.by, ...(command.reason ? { reason: command.reason } : {}), at } },
        log(`run cancelled by ${command.by}${command.reason ? `: ${command.reason}` : ''}`, at, 'warn'),
      ];
    }
    case 'StartActionExecution': {
      if (state.status !== 'executing') return [];
      const action = findAction(state, command.actionId);
      if (action.status !== 'approved') return [];
      return [{ type: 'ActionExecutionStarted', data: { action_id: action.action_id, at } }];
    }
    case 'RecordActionOutcome': {
      const action = findAction(state, command.actionId);
      if (action.status !== 'executing') return [];
      const what = `${action.kind} on ${action.item_key}`;
      const outcome: RunEvent[] =
        command.outcome === 'skipped'
          ? [
              { type: 'ActionSkipped', data: { action_id: action.action_id, reason: command.error ?? 'not performed', at } },
              log(`${action.action_id} not performed: ${what}: ${command.error ?? 'not performed'}`, at, 'warn'),
            ]
          : command.outcome === 'executed'
          ? [
              { type: 'ActionExecuted', data: { action_id: action.action_id, reconciled: command.reconciled ?? false, at } },
              log(`${action.action_id} executed: ${what}${command.reconciled ? ' (found done on the board after a restart)' : ''}`, at),
            ]
          : [
              { type: 'ActionFailed', data: { action_id: action.action_id, error: command.error ?? 'failed', at } },
              log(`${action.action_id} failed: ${what}: ${command.error ?? 'failed'}`, at, 'error'),
            ];
      const after = fold(state, outcome);
      if (state.status === 'executing' && !after.actions.some((a) => a.status === 'approved' || a.status === 'executing')) {
        const counts = (s: ActionStatus) => after.actions.filter((a) => a.status === s).length;
        outcome.push(log(`run completed: ${counts('executed')} executed, ${counts('failed')} failed, ${counts('skipped')} skipped, ${counts('rejected')} rejected`, at), {
          type: 'RunCompleted',
          data: { at },
        });
      }
      return outcome;
    }
  }
}

function setAction(state: RunState, actionId: string, status: ActionStatus): RunState {
  // Runs hold up to the action cap (1,000) and every decision lands here, twice per command (decide
  // and the fold after the append): find it by its place, copy the array natively, replace one entry.
  const index = actionPosition(state, actionId);
  if (index === undefined) return state;
  const before = state.actions[index]!;
  const actions = state.actions.slice();
  actions[index] = { ...before, status };
  const proposed = state.proposed + (status === 'proposed' ? 1 : 0) - (before.status === 'proposed' ? 1 : 0);
  return { ...state, actions, proposed };
}

function evolve(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'RunRequested':
      return { ...state, request: event.data, status: 'planning' };
    case 'RunPlanned': {
      const actions = event.data.actions.map((a): ActionState => ({ ...a, status: 'proposed' }));
      return { ...state, actions, positions: new Map(actions.map((a, i) => [a.action_id, i])), proposed: actions.length };
    }
    case 'ConfirmationRequested':
      return { ...state, status: 'awaiting_confirmation' };
    case 'ActionApproved':
      return setAction(state, event.data.action_id, 'approved');
    case 'ActionRejected':
      return setAction(state, event.data.action_id, 'rejected');
    case 'RunExecutionStarted': {
      const actions = event.data.auto_approve
        ? state.actions.map((a) => (a.status === 'proposed' ? { ...a, status: 'approved' as const } : a))
        : state.actions;
      return { ...state, status: 'executing', actions, proposed: event.data.auto_approve ? 0 : state.proposed };
    }
    case 'ActionExecutionStarted':
      return setAction(state, event.data.action_id, 'executing');
    case 'ActionExecuted':
      return setAction(state, event.data.action_id, 'executed');
    case 'ActionFailed':
      return setAction(state, event.data.action_id, 'failed');
    case 'ActionSkipped':
      return setAction(state, event.data.action_id, 'skipped');
    case 'RunCompleted':
      return { ...state, status: 'completed' };
    case 'RunFailed':
      return { ...state, status: 'failed' };
    case 'RunRejected':
      return { ...state, status: 'rejected' };
    case 'RunCancelled':
      return { ...state, status: 'cancelled' };
    case 'ApprovalRequested':
      return { ...state, status: 'awaiting_approval' };
    case 'RunLogged':
    case 'RunConfirmed':
      return state;
  }
}

function fold(state: RunState, events: RunEvent[]): RunState {
  return events.reduce(evolve, state);
}

export const runDecider: Decider<RunState, RunCommand, RunEvent> = { initialState: initialRunState, decide, evolve };

/** A run belongs to the organization that requested it (see tenancy.ts). */
export const runTenancy: Tenancy<RunState, RunCommand> = {
  orgOf: (state) => state.request?.org_id,
  creates: (command) => command.type === 'RequestRun',
  notFoundMessage: 'Run not found',
};

