// The one mapping of the runs read model to the API's Run and RunAction (src/http/schemas/runs.schemas.ts):
// rows read by the queries, and rows computed by the read model's own rules (projections/run-rows.ts)
// without reading it (as-of reads, command answers given before the read model is read back).
import { actionPosition, type RunState } from '../domain/run.decider.js';
import type { RunEvent } from '../domain/run.events.js';
import type { ActionView, RunView } from '../http/schemas/runs.schemas.js';
import { plannedActionRow, recordDecision } from '../projections/run-rows.js';
import type { RunActionRow, RunRow } from '../projections/runs.schema.js';

/** Timestamps as a read gives them: Date from the driver, or text already formatted by the query. */
type AsRead<Row, Timestamps extends keyof Row> = Omit<Row, Timestamps> & { [K in Timestamps]: Row[K] | string };

/** The run row columns the Run view shows. */
export type RunRowRead = AsRead<Omit<RunRow, 'org_id' | 'revision' | 'execution_started_by' | 'created_at_iso' | 'completed_at_iso'>, 'created_at' | 'updated_at' | 'completed_at'>;
/** The action row columns the RunAction view shows. */
export type ActionRowRead = AsRead<Omit<RunActionRow, 'org_id' | 'revision' | 'updated_at'>, 'decided_at' | 'executed_at'>;

const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());

/** The one mapping of a run row to the API's Run (list, detail, as-of reads and command answers). */
export function toRunView(r: RunRowRead): RunView {
  return {
    id: r.run_id,
    board_type: r.board_type,
    project_key: r.project_key,
    status: r.status,
    is_dry_run: r.is_dry_run,
    planned_actions_count: r.planned_actions_count,
    executed_actions_count: r.executed_actions_count,
    cycles_run: r.cycles_run,
    flow: r.flow,
    write_mode: r.write_mode,
    approved_actions_count: r.approved_actions_count,
    rejected_actions_count: r.rejected_actions_count,
    failed_actions_count: r.failed_actions_count,
    skipped_actions_count: r.skipped_actions_count,
    pending_actions_count: r.pending_actions_count,
    items_read: r.items_read,
    requested_by: r.requested_by,
    error: r.error,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    completed_at: iso(r.completed_at),
  };
}

/** The one mapping of an action row to the API's RunAction (lists and decision answers). */
export function toActionView(a: ActionRowRead): ActionView {
  return {
    id: a.action_id,
    run_id: a.run_id,
    seq: a.seq,
    cycle: a.cycle,
    kind: a.kind,
    item_key: a.item_key,
    item_title: a.item_title,
    params: a.params,
    reason: a.reason,
    status: a.status,
    decided_by: a.decided_by,
    decided_at: iso(a.decided_at),
    decision_reason: a.decision_reason,
    executed_at: iso(a.executed_at),
    error: a.error,
  };
}

/**
 * An action just decided, from the command's own result (the state after the append and the
 * decision events), in the one RunAction shape (toActionView): the row the read model holds once it
 * has caught up (built by the read model's own helpers, projections/run-rows.ts), without the round
 * trip of reading it back. Undefined when the run has no such action.
 */
export function decidedActionView(runId: string, actionId: string, state: RunState, events: readonly RunEvent[]): ActionView | undefined {
  const index = actionPosition(state, actionId);
  const action = index === undefined ? undefined : state.actions[index];
  if (index === undefined || !action) return undefined;
  const row = plannedActionRow(runId, state.request?.org_id ?? '', action, index, new Date(0), '0');
  row.status = action.status;
  const decision = events.find(
    (e): e is Extract<RunEvent, { type: 'ActionApproved' | 'ActionRejected' }> =>
      (e.type === 'ActionApproved' || e.type === 'ActionRejected') && e.data.action_id === actionId,
  );
  if (decision) recordDecision(row, decision);
  return toActionView(row);
}
