// Reads of the runs read model. Every query filters by the caller's organization.
import type { Knex } from 'knex';
import type { BoardType } from '../domain/org.events.js';

export interface RunView {
  id: string;
  board_type: string;
  project_key: string;
  status: string;
  is_dry_run: boolean;
  planned_actions_count: number;
  executed_actions_count: number;
  cycles_run: string[];
  flow: string;
  write_mode: string;
  approved_actions_count: number;
  rejected_actions_count: number;
  failed_actions_count: number;
  skipped_actions_count: number;
  pending_actions_count: number;
  items_read: number;
  requested_by: string;
  error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface ActionView {
  id: string;
  run_id: string;
  seq: number;
  cycle: string;
  kind: string;
  item_key: string;
  item_title: string | null;
  params: Record<string, unknown>;
  reason: string;
  status: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  executed_at: string | null;
  error: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());

/**
 * The runs columns, timestamps already in ISO form: parsing three timestamps per row into Date
 * objects only to print them again was the largest cost of a list request.
 */
const isoColumn = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const RUN_COLUMNS = [
  'run_id', 'board_type', 'project_key', 'status', 'is_dry_run', 'planned_actions_count', 'executed_actions_count', 'cycles_run',
  'flow', 'write_mode', 'approved_actions_count', 'rejected_actions_count', 'failed_actions_count', 'skipped_actions_count',
  'pending_actions_count', 'items_read', 'requested_by', 'error',
];
const runSelect = (knex: Knex) => [...RUN_COLUMNS, ...['created_at', 'updated_at', 'completed_at'].map((c) => knex.raw(isoColumn(c)))];

export function toRunView(row: Record<string, unknown>): RunView {
  const r = row as unknown as Omit<RunView, 'id' | 'created_at' | 'updated_at' | 'completed_at'> & {
    run_id: string;
    created_at: Date | string;
    updated_at: Date | string;
    completed_at: Date | string | null;
  };
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

function toActionView(row: Record<string, unknown>): ActionView {
  const a = row as unknown as Omit<ActionView, 'id' | 'decided_at' | 'executed_at'> & { action_id: string; decided_at: Date | null; executed_at: Date | null };
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

export interface RunFilters {
  limit?: number;
  offset?: number;
  board_type?: string;
  project_key?: string;
}

/** Newest first. */
export async function listRuns(knex: Knex, orgId: string, filters: RunFilters): Promise<RunView[]> {
  // The page is chosen in a subquery and only its rows are formatted: formatting in the same SELECT
  // would run for every row OFFSET skips.
  const page = knex('runs').select('*').where({ org_id: orgId });
  if (filters.board_type) void page.andWhere({ board_type: filters.board_type });
  if (filters.project_key) void page.andWhere({ project_key: filters.project_key });
  void page
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'run_id', order: 'desc' }])
    .limit(filters.limit ?? 50)
    .offset(filters.offset ?? 0);
  const rows = await knex
    .from(page.as('runs'))
    .select(runSelect(knex))
    // Qualified: unqualified, created_at would name the formatted text column.
    .orderBy([{ column: 'runs.created_at', order: 'desc' }, { column: 'runs.run_id', order: 'desc' }]);
  return rows.map(toRunView);
}

export async function getRun(knex: Knex, orgId: string, runId: string): Promise<RunView | undefined> {
  const row = await knex('runs').select(runSelect(knex)).where({ org_id: orgId, run_id: runId }).first<Record<string, unknown> | undefined>();
  return row ? toRunView(row) : undefined;
}

export async function listRunActions(knex: Knex, orgId: string, runId: string): Promise<ActionView[]> {
  const rows = await knex('run_actions').where({ org_id: orgId, run_id: runId }).orderBy('seq');
  return rows.map(toActionView);
}

const ACTIVE = ['planning', 'awaiting_confirmation', 'awaiting_approval', 'executing'];

/** The organization's newest non-terminal run of a board and project. */
export async function findActiveRun(knex: Knex, orgId: string, boardType: BoardType, projectKey: string): Promise<string | undefined> {
  const row = await knex('runs')
    .where({ org_id: orgId, board_type: boardType, project_key: projectKey })
    .whereIn('status', ACTIVE)
    .orderBy('created_at', 'desc')
    .first<{ run_id: string } | undefined>('run_id');
  return row?.run_id;
}
