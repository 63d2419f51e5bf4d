// What the run exports contain: the list filters of GET /api/runs plus a creation-time range.
import type pg from 'pg';
import type { Readable } from 'node:stream';
import { csvFromCopy, safeCell, type CsvColumn } from './csv.js';
import { renderPdfTable, type PdfColumn } from './pdf.js';
import { exportQuery, exportRows, type ExportSessionLimits } from './export-session.js';

export interface RunExportFilters {
  board_type?: string;
  project_key?: string;
  from?: string;
  to?: string;
}

/** PDF is for reading: past this many rows it says so and stops; CSV has no limit. */
export const PDF_ROW_LIMIT = 5_000;

const RUN_COLUMNS: (CsvColumn & PdfColumn)[] = [
  { header: 'run_id', field: 'run_id', kind: 'text', width: 9 },
  { header: 'created_at', field: 'created_at', kind: 'timestamp', isoField: 'created_at_iso', width: 6 },
  { header: 'board_type', field: 'board_type', kind: 'text', width: 3 },
  { header: 'project_key', field: 'project_key', kind: 'text', width: 4 },
  { header: 'status', field: 'status', kind: 'text', width: 5 },
  { header: 'is_dry_run', field: 'is_dry_run', kind: 'boolean', width: 3 },
  { header: 'cycles_run', field: 'cycles_run', kind: 'text[]', width: 3 },
  { header: 'planned', field: 'planned_actions_count', kind: 'integer', width: 3 },
  { header: 'executed', field: 'executed_actions_count', kind: 'integer', width: 3 },
  { header: 'failed', field: 'failed_actions_count', kind: 'integer', width: 2 },
  { header: 'skipped', field: 'skipped_actions_count', kind: 'integer', width: 2 },
  { header: 'requested_by', field: 'requested_by', kind: 'text', width: 4 },
  { header: 'completed_at', field: 'completed_at', kind: 'timestamp', isoField: 'completed_at_iso', width: 6 },
];

const ACTION_COLUMNS: (CsvColumn & PdfColumn)[] = [
  { header: 'seq', field: 'seq', kind: 'integer', width: 1 },
  { header: 'action_id', field: 'action_id', kind: 'text', width: 2 },
  { header: 'cycle', field: 'cycle', kind: 'text', width: 1 },
  { header: 'kind', field: 'kind', kind: 'text', width: 2 },
  { header: 'item_key', field: 'item_key', kind: 'text', width: 3 },
  { header: 'item_title', field: 'item_title', kind: 'text', width: 5 },
  { header: 'status', field: 'status', kind: 'text', width: 3 },
  { header: 'reason', field: 'reason', kind: 'text', width: 5 },
  { header: 'decided_by', field: 'decided_by', kind: 'text', width: 4 },
  { header: 'decided_at', field: 'decided_at', kind: 'timestamp', width: 7 },
  { header: 'decision_reason', field: 'decision_reason', kind: 'text', width: 5 },
  { header: 'executed_by', field: 'executed_by', kind: 'text', width: 4 },
  { header: 'executed_at', field: 'executed_at', kind: 'timestamp', width: 7 },
  { header: 'error', field: 'error', kind: 'text', width: 4 },
];

/** The runs the filters select, in no order (RUNS_ORDER: newest first, as the list). */
function runsSource(orgId: string, f: RunExportFilters): { sql: string; params: string[] } {
  const where = ['org_id = $1'];
  const params: string[] = [orgId];
  const add = (clause: string, value: string) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.board_type) add('board_type = ?', f.board_type);
  if (f.project_key) add('project_key = ?', f.project_key);
  if (f.from) add('created_at >= ?', f.from);
  if (f.to) add('created_at < ?', f.to);
  return { sql: `SELECT * FROM runs WHERE ${where.join(' AND ')}`, params };
}

const runsOrder = (table: string) => `${table}.created_at DESC, ${table}.run_id DESC`;

/** The rows' cells, made one row at a time as the layout asks (it yields between stretches of rows). */
function* cellsOf(rows: Record<string, unknown>[], columns: readonly CsvColumn[]): Generator<string[]> {
  for (const r of rows) yield columns.map((c) => safeCell(r[c.field]));
}

async function* asyncCellsOf(rows: AsyncIterable<Record<string, unknown>>, columns: readonly CsvColumn[]): AsyncGenerator<string[]> {
  for await (const r of rows) yield columns.map((c) => safeCell(r[c.field]));
}

export function describeFilters(f: RunExportFilters): string {
  const parts = Object.entries(f).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? `Filters: ${parts.join(', ')}` : 'Filters: none';
}

export function runsCsv(pool: pg.Pool, orgId: string, f: RunExportFilters, limits?: ExportSessionLimits): Promise<Readable> {
  const { sql, params } = runsSource(orgId, f);
  return csvFromCopy(pool, { source: sql, params, orderBy: runsOrder('src'), columns: RUN_COLUMNS }, limits);
}

export async function runsPdf(pool: pg.Pool, orgId: string, f: RunExportFilters, now: Date, limits?: ExportSessionLimits): Promise<Uint8Array> {
  const { sql, params } = runsSource(orgId, f);
  const rows = await exportQuery<Record<string, unknown>>(pool, `${sql} ORDER BY ${runsOrder('runs')} LIMIT ${PDF_ROW_LIMIT + 1}`, params, limits);
  const truncated = rows.length > PDF_ROW_LIMIT;
  return renderPdfTable({
    title: 'Sprintguard runs',
    subtitle: [describeFilters(f), `Generated ${now.toISOString()}${truncated ? ` - first ${PDF_ROW_LIMIT} runs only; use format=csv for all` : ''}`],
    columns: RUN_COLUMNS,
    rows: cellsOf(rows.slice(0, PDF_ROW_LIMIT), RUN_COLUMNS),
  });
}

/**
 * One run's action log. The list filters apply to the run (a run of another board or project gives
 * no rows); `from`/`to` select the actions by their latest change (`updated_at`), so an auditor can
 * ask what happened to a run's actions in a period.
 */
function actionsSource(orgId: string, runId: string, f: RunExportFilters): { sql: string; params: string[] } {
  const where = ['a.org_id = $1', 'a.run_id = $2'];
  const params: string[] = [orgId, runId];
  const add = (clause: string, value: string) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.board_type) add('r.board_type = ?', f.board_type);
  if (f.project_key) add('r.project_key = ?', f.project_key);
  if (f.from) add('a.updated_at >= ?', f.from);
  if (f.to) add('a.updated_at < ?', f.to);
  // executed_by: who started the run's execution (`system` in auto mode), for the actions it performed or tried.
  const sql = `SELECT a.*, CASE WHEN a.status IN ('executing', 'executed', 'failed') THEN r.execution_started_by END AS executed_by
                 FROM run_actions a JOIN runs r ON r.run_id = a.run_id AND r.org_id = a.org_id
                WHERE ${where.join(' AND ')}`;
  return { sql, params };
}

export function actionsCsv(pool: pg.Pool, orgId: string, runId: string, f: RunExportFilters = {}, limits?: ExportSessionLimits): Promise<Readable> {
  const { sql, params } = actionsSource(orgId, runId, f);
  return csvFromCopy(pool, { source: sql, params, orderBy: 'src.seq', columns: ACTION_COLUMNS }, limits);
}

export async function actionsPdf(pool: pg.Pool, orgId: string, runId: string, now: Date, f: RunExportFilters = {}, limits?: ExportSessionLimits): Promise<Uint8Array> {
  const source = actionsSource(orgId, runId, f);
  const { params } = source;
  const sql = `${source.sql} ORDER BY a.seq LIMIT ${PDF_ROW_LIMIT}`;
  return renderPdfTable({
    title: `Sprintguard run ${runId}: action log`,
    subtitle: [describeFilters(f), `Generated ${now.toISOString()}`],
    columns: ACTION_COLUMNS,
    rows: asyncCellsOf(exportRows(pool, sql, params, limits), ACTION_COLUMNS),
  });
}
