// GET /api/projects: runs aggregated per board and project, for the caller's organization.
import type { Knex } from 'knex';
import type { ProjectView } from '../http/schemas/read-side.schemas.js';

interface Row {
  board_type: string;
  project_key: string;
  runs: number;
  active_runs: number;
  by_status: Record<string, number>;
  planned: number;
  executed: number;
  last_run_id: string;
  last_run_status: string;
  last_run_at: Date;
}

export async function listProjects(knex: Knex, orgId: string, boardType?: string): Promise<ProjectView[]> {
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `SELECT board_type, project_key,
            count(*)::int AS runs,
            count(*) FILTER (WHERE status NOT IN ('completed', 'failed', 'rejected', 'cancelled'))::int AS active_runs,
            (SELECT jsonb_object_agg(status, n) FROM (SELECT r2.status, count(*)::int AS n FROM runs r2
               WHERE r2.org_id = r.org_id AND r2.board_type = r.board_type AND r2.project_key = r.project_key
               GROUP BY r2.status) s) AS by_status,
            coalesce(sum(planned_actions_count), 0)::int AS planned,
            coalesce(sum(executed_actions_count), 0)::int AS executed,
            (array_agg(run_id ORDER BY created_at DESC, run_id DESC))[1] AS last_run_id,
            (array_agg(status ORDER BY created_at DESC, run_id DESC))[1] AS last_run_status,
            max(created_at) AS last_run_at
       FROM runs r
      WHERE org_id = ? ${boardType ? 'AND board_type = ?' : ''}
      GROUP BY org_id, board_type, project_key
      ORDER BY max(created_at) DESC, project_key`,
    boardType ? [orgId, boardType] : [orgId],
  );
  return rows.map((r) => ({
    board_type: r.board_type,
    project_key: r.project_key,
    runs: r.runs,
    active_runs: r.active_runs,
    runs_by_status: r.by_status,
    actions_planned: r.planned,
    actions_executed: r.executed,
    last_run: { id: r.last_run_id, status: r.last_run_status, created_at: r.last_run_at.toISOString() },
  }));
}
