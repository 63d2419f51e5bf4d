// Reads of the runs read model. Every query filters by the caller's organization.
import type { Knex } from 'knex';
import type { BoardType } from '../domain/org.events.js';
import { activeRunStatuses } from '../domain/run.decider.js';
import type { ActionView, RunView } from '../http/schemas/runs.schemas.js';
import { toActionView, toRunView, type ActionRowRead, type RunRowRead } from './run-views.js';

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
  return (rows as RunRowRead[]).map(toRunView);
}

export async function getRun(knex: Knex, orgId: string, runId: string): Promise<RunView | undefined> {
  const row = await knex('runs').select(runSelect(knex)).where({ org_id: orgId, run_id: runId }).first<RunRowRead | undefined>();
  return row ? toRunView(row) : undefined;
}

export async function listRunActions(knex: Knex, orgId: string, runId: string): Promise<ActionView[]> {
  const rows = await knex('run_actions').where({ org_id: orgId, run_id: runId }).orderBy('seq').select<ActionRowRead[]>('*');
  return rows.map(toActionView);
}


/** The organization's newest non-terminal run of a board and project. */
export async function findActiveRun(knex: Knex, orgId: string, boardType: BoardType, projectKey: string): Promise<string | undefined> {
  const row = await knex('runs')
    .where({ org_id: orgId, board_type: boardType, project_key: projectKey })
    .whereIn('status', activeRunStatuses)
    .orderBy('created_at', 'desc')
    .first<{ run_id: string } | undefined>('run_id');
  return row?.run_id;
}
