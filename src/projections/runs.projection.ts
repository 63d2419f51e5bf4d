// runs: one row per run and one per planned action, from the run streams.
// A batch loads the rows it touches, folds the events past each row's revision in memory, then
// writes one multi-row upsert per table (revision-guarded), so replays change nothing.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../adapters/event-store.js';
import type { RunEvent } from '../domain/run.events.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import { upsertForward } from './upsert.js';
import type { Projection } from './projection.js';
import type { RunActionRow as ActionRow, RunRow } from './runs.schema.js';

const counters: Record<string, keyof RunRow> = {
  approved: 'approved_actions_count',
  rejected: 'rejected_actions_count',
  executed: 'executed_actions_count',
  failed: 'failed_actions_count',
  skipped: 'skipped_actions_count',
};

const terminalStatus = { RunCompleted: 'completed', RunFailed: 'failed', RunRejected: 'rejected', RunCancelled: 'cancelled' } as const;

class Batch {
  runs = new Map<string, RunRow>();
  actions = new Map<string, ActionRow>();
  touchedRuns = new Set<string>();
  touchedActions = new Set<string>();

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
        revision,
      };
      this.runs.set(runId, run);
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
          const row: ActionRow = {
            run_id: runId,
            action_id: a.action_id,
            org_id: run.org_id,
            seq: i + 1,
            cycle: a.cycle,
            kind: a.kind,
            item_key: a.item_key,
            item_title: a.item_title ?? null,
            params: a.params,
            reason: a.reason,
            status: 'new',
            decided_by: null,
            decided_at: null,
            decision_reason: null,
            executed_at: null,
            error: null,
            updated_at: at,
            revision,
          };
          this.actions.set(`${runId}\u0000${a.action_id}`, row);
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
        action.decided_by = event.data.by;
        action.decided_at = at;
        if (event.type === 'ActionRejected') action.decision_reason = event.data.reason ?? null;
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
        if (event.type === 'RunFailed') run.error = event.data.error;
        if (event.type === 'RunRejected' || event.type === 'RunCancelled') run.error = event.data.reason ?? null;
        break;
      default:
        break;
    }
  }
}

/**
 * Loads the rows a batch touches: its runs, and only the actions its events name (all of a run's
 * actions only when auto-approval touches every proposed one). Loading every action of every run
 * in the batch made large runs cost O(actions) per command.
 */
async function loadRows(trx: Knex.Transaction, batch: Batch, events: readonly RecordedEvent[], runIds: string[]): Promise<void> {
  const runs = await trx<RunRow>('runs').whereIn('run_id', runIds).forUpdate();
  for (const r of runs) batch.runs.set(r.run_id, { ...r, revision: String(r.revision) });
  const wholeRuns = new Set<string>();
  const pairs: [string, string][] = [];
  for (const e of events) {
    const runId = idOfStream('run', e.streamName);
    if (!runId) continue;
    const data = e.data as { action_id?: unknown; auto_approve?: unknown };
    if (e.type === 'RunExecutionStarted' && data.auto_approve === true) wholeRuns.add(runId);
    else if (typeof data.action_id === 'string') pairs.push([runId, data.action_id]);
  }
  const wanted = pairs.filter(([runId]) => !wholeRuns.has(runId));
  if (wholeRuns.size === 0 && wanted.length === 0) return;
  const actions = await trx<ActionRow>('run_actions').where((q) => {
    if (wholeRuns.size > 0) void q.orWhereIn('run_id', [...wholeRuns]);
    if (wanted.length > 0) void q.orWhereIn(['run_id', 'action_id'], wanted);
  });
  for (const a of actions) batch.actions.set(`${a.run_id}\u0000${a.action_id}`, { ...a, revision: String(a.revision) });
}

export const runsProjection: Projection = {
  name: 'runs',
  // 2: cancelled runs, approved count over the run's life, cycles_run from the plan.
  version: 2,
  tables: ['runs', 'run_actions'],
  filter: { streamPrefixes: [streamCategories.run] },
  async apply(trx, events) {
    const runIds = [...new Set(events.map((e) => idOfStream('run', e.streamName)).filter((id): id is string => id !== undefined))];
    if (runIds.length === 0) return;
    const batch = new Batch();
    await loadRows(trx, batch, events, runIds);
    for (const event of events) batch.apply(event);
    await upsertForward(trx, 'runs', ['run_id'], [...batch.touchedRuns].map((id) => batch.runs.get(id)!));
    const actions = [...batch.touchedActions].map((k) => batch.actions.get(k)!).map((a) => ({ ...a, params: JSON.stringify(a.params) }));
    await upsertForward(trx, 'run_actions', ['run_id', 'action_id'], actions);
  },
};
