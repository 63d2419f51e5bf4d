// The rows of the runs read model (one per run, one per planned action) computed from run events, in
// memory: the runs projection loads the rows a batch touches into a RunRows, applies the batch and
// writes the touched rows back; the as-of read of a run (queries/run-history.ts) folds the run's
// recorded events through the same RunRows, and a decision's answer (queries/run-views.ts) builds its
// action row with the same helpers. One set of rules: the counts, statuses and fields cannot drift
// between the read model and the views computed without it.
import type { RecordedEvent } from '../adapters/event-store.js';
import type { PlannedAction, RunEvent } from '../domain/run.events.js';
import { idOfStream } from '../domain/streams.js';
import type { RunActionRow as ActionRow, RunRow } from './runs.schema.js';

const counters: Record<string, keyof RunRow> = {
  approved: 'approved_actions_count',
  rejected: 'rejected_actions_count',
  executed: 'executed_actions_count',
  failed: 'failed_actions_count',
  skipped: 'skipped_actions_count',
};

const terminalStatus = { RunCompleted: 'completed', RunFailed: 'failed', RunRejected: 'rejected', RunCancelled: 'cancelled' } as const;

export class RunRows {
  runs = new Map<string, RunRow>();
  actions = new Map<string, ActionRow>();
  touchedRuns = new Set<string>();
  touchedActions = new Set<string>();
  /** Rows this fold made (a request, a plan), as opposed to rows it was given and changed in place. */
  createdRuns = new Set<string>();
  createdActions = new Set<string>();

  action(runId: string, actionId: string): ActionRow | undefined {
    return this.actions.get(`${runId}\u0000${actionId}`);
  }

  /**
   * Moves an action to a status, keeping the run's counters in step. `approved_actions_count`
   * counts the actions approved (by a person or by auto mode) over the run's whole life, so an
   * approved action that goes on to execute stays counted (one skipped by a cancel does not).
   */
  setActionStatus(run: RunRow, action: ActionRow, status: string, revision: string, at: Date): void {
    const before = counters[action.status];
    const staysApproved = action.status === 'approved' && status !== 'skipped';
    if (before && !staysApproved) (run[before] as number) -= 1;
    if (action.status === 'proposed') run.pending_actions_count -= 1;
    action.status = status;
    const after = counters[status];
    if (after) (run[after] as number) += 1;
    if (status === 'proposed') run.pending_actions_count += 1;
    action.updated_at = at;
    action.revision = revision;
    this.touchedActions.add(`${action.run_id}\u0000${action.action_id}`);
  }

  apply(recorded: RecordedEvent): void {
    const runId = idOfStream('run', recorded.streamName);
    if (!runId) return;
    const event = { type: recorded.type, data: recorded.data } as RunEvent;
    const revision = recorded.revision.toString();
    const at = recorded.created;
    let run = this.runs.get(runId);
    if (run && BigInt(run.revision) >= recorded.revision) return; // already applied
    if (event.type === 'RunRequested') {
      const r = event.data;
      run = {
        run_id: runId,
        org_id: r.org_id,
        board_type: r.board_type,
        project_key: r.project_key,
        status: 'planning',
        flow: r.flow,
        write_mode: r.settings.write_mode,
        is_dry_run: r.dry_run || r.settings.write_mode === 'dry_run',
        cycles_run: [], // the cycles that ran: none until the run is planned
        planned_actions_count: 0,
        executed_actions_count: 0,
        failed_actions_count: 0,
        skipped_actions_count: 0,
        approved_actions_count: 0,
        rejected_actions_count: 0,
        pending_actions_count: 0,
        items_read: 0,
        requested_by: r.requested_by,
        error: null,
        execution_started_by: null,
        created_at: new Date(r.at),
        updated_at: at,
        completed_at: null,
        created_at_iso: new Date(r.at).toISOString(),
        completed_at_iso: null,
        revision,
      };
      this.runs.set(runId, run);
      this.createdRuns.add(runId);
      this.touchedRuns.add(runId);
      return;
    }
    if (!run) return; // a run whose request we never saw: nothing to attach to
    run.revision = revision;
    run.updated_at = at;
    this.touchedRuns.add(runId);
    const actionOf = (id: string) => this.action(runId, id);
    switch (event.type) {
      case 'RunPlanned':
        run.planned_actions_count = event.data.actions.length;
        run.cycles_run = event.data.cycles ?? [...new Set(event.data.actions.map((a) => a.cycle))];
        run.items_read = event.data.items_read;
        event.data.actions.forEach((a, i) => {
          const row = plannedActionRow(runId, run.org_id, a, i, at, revision);
          this.actions.set(`${runId}\u0000${a.action_id}`, row);
          this.createdActions.add(`${runId}\u0000${a.action_id}`);
          this.setActionStatus(run, row, 'proposed', revision, at);
        });
        break;
      case 'ConfirmationRequested':
        run.status = 'awaiting_confirmation';
        break;
      case 'ApprovalRequested':
        run.status = 'awaiting_approval';
        break;
      case 'ActionApproved':
      case 'ActionRejected': {
        const action = actionOf(event.data.action_id);
        if (!action) break;
        recordDecision(action, event);
        this.setActionStatus(run, action, event.type === 'ActionApproved' ? 'approved' : 'rejected', revision, at);
        break;
      }
      case 'RunExecutionStarted':
        run.status = 'executing';
        run.execution_started_by = event.data.by;
        if (event.data.auto_approve) {
          for (const [key, action] of this.actions) {
            if (key.startsWith(`${runId}\u0000`) && action.status === 'proposed') this.setActionStatus(run, action, 'approved', revision, at);
          }
        }
        break;
      case 'ActionExecutionStarted':
      case 'ActionExecuted':
      case 'ActionFailed':
      case 'ActionSkipped': {
        const action = actionOf(event.data.action_id);
        if (!action) break;
        if (event.type === 'ActionExecutionStarted') this.setActionStatus(run, action, 'executing', revision, at);
        else if (event.type === 'ActionExecuted') {
          action.executed_at = at;
          this.setActionStatus(run, action, 'executed', revision, at);
        } else if (event.type === 'ActionFailed') {
          action.error = event.data.error;
          this.setActionStatus(run, action, 'failed', revision, at);
        } else {
          action.decision_reason = event.data.reason;
          this.setActionStatus(run, action, 'skipped', revision, at);
        }
        break;
      }
      case 'RunCompleted':
      case 'RunFailed':
      case 'RunRejected':
      case 'RunCancelled':
        run.status = terminalStatus[event.type];
        run.completed_at = at;
        run.completed_at_iso = at.toISOString();
        if (event.type === 'RunFailed') run.error = event.data.error;
        if (event.type === 'RunRejected' || event.type === 'RunCancelled') run.error = event.data.reason ?? null;
        break;
      default:
        break;
    }
  }
}

/**
 * The columns of an action row that change once it is planned: setActionStatus, recordDecision and
 * the execution's fields in RunRows.apply, which change a row in place (only a plan makes new
 * ones, counted in createdActions). The runs projection's live batches update only these on the rows the table holds
 * (runs.projection.ts); test/unit/run-rows-changing-columns.test.ts holds the fold to it.
 */
export const ACTION_CHANGING_COLUMNS = [
  'status',
  'decision',
  'decided_by',
  'decided_at',
  'decision_reason',
  'executed_at',
  'error',
  'updated_at',
  'revision',
] as const satisfies readonly (keyof ActionRow)[];

/** The columns of a run's row that change once it is requested (RunRows.apply, in place, as above). */
export const RUN_CHANGING_COLUMNS = [
  'status',
  'cycles_run',
  'planned_actions_count',
  'executed_actions_count',
  'failed_actions_count',
  'skipped_actions_count',
  'approved_actions_count',
  'rejected_actions_count',
  'pending_actions_count',
  'items_read',
  'error',
  'execution_started_by',
  'updated_at',
  'completed_at',
  'completed_at_iso',
  'revision',
] as const satisfies readonly (keyof RunRow)[];

/** The row of an action as planned (status `new` until the run's counters take it in). */
export function plannedActionRow(runId: string, orgId: string, a: PlannedAction, index: number, at: Date, revision: string): ActionRow {
  return {
    run_id: runId,
    action_id: a.action_id,
    org_id: orgId,
    seq: index + 1,
    cycle: a.cycle,
    kind: a.kind,
    item_key: a.item_key,
    item_title: a.item_title ?? null,
    params: a.params,
    reason: a.reason,
    status: 'new',
    decision: null,
    decided_by: null,
    decided_at: null,
    decision_reason: null,
    executed_at: null,
    error: null,
    updated_at: at,
    revision,
  };
}

/**
 * Who decided an action, how, when and why (a rejection's reason). The time is the decision's own
 * (the event's `at`, the decider's clock), not when the store recorded it: the command's answer
 * (queries/run-views.ts) knows only the former, and the metrics measure "planned → decided" between
 * the events' own times.
 */
export function recordDecision(action: ActionRow, event: Extract<RunEvent, { type: 'ActionApproved' | 'ActionRejected' }>): void {
  action.decision = event.type === 'ActionApproved' ? 'approved' : 'rejected';
  action.decided_by = event.data.by;
  action.decided_at = new Date(event.data.at);
  if (event.type === 'ActionRejected') action.decision_reason = event.data.reason ?? null;
}

/** A run's rows after `events` (its stream, in order, from the start): what the read model holds then. */
export function foldRunRows(events: readonly RecordedEvent[]): { run: RunRow | undefined; actions: ActionRow[] } {
  const rows = new RunRows();
  for (const e of events) rows.apply(e);
  const run = rows.runs.values().next().value;
  return { run, actions: [...rows.actions.values()].sort((a, b) => a.seq - b.seq) };
}
