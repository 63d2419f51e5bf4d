// GET /api/metrics: per-day trends over the runs read model. Days are UTC calendar days; the window
// ends today (included). Approvals count human decisions only (auto mode approves without one).
import type { Knex } from 'knex';

export type MetricsWindow = '7d' | '30d' | '90d';

export interface MetricsFilters {
  window?: MetricsWindow;
  project_key?: string;
  board_type?: string;
}

export interface DayPoint {
  day: string;
  runs: number;
  actions_planned: number;
  actions_executed: number;
  actions_approved: number;
  actions_rejected: number;
  actions_failed: number;
}

export interface Metrics {
  window: MetricsWindow;
  from: string;
  to: string;
  series: DayPoint[];
  totals: Omit<DayPoint, 'day'>;
  /** approved / (approved + rejected) over the window; null without decisions. */
  approval_rate: number | null;
  /** Median seconds from a run's planning to a person's decision on one of its actions. */
  median_time_to_decision_seconds: number | null;
}

export async function runMetrics(knex: Knex, orgId: string, filters: MetricsFilters, now: Date): Promise<Metrics> {
  const window = filters.window ?? '30d';
  const days = Number.parseInt(window, 10);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  const scope = ['r.org_id = :org'];
  if (filters.project_key) scope.push('r.project_key = :project');
  if (filters.board_type) scope.push('r.board_type = :board');
  const bindings = { org: orgId, project: filters.project_key ?? null, board: filters.board_type ?? null, from: from.toISOString(), days };
  const { rows } = await knex.raw<{ rows: (DayPoint & { day: Date })[] }>(
    `WITH days AS (
       SELECT (:from::timestamptz AT TIME ZONE 'UTC')::date + i AS day FROM generate_series(0, :days::int - 1) AS i
     ),
     r AS (SELECT r.* FROM runs r WHERE ${scope.join(' AND ')}),
     a AS (SELECT a.*, r.created_at AS run_created FROM run_actions a JOIN r ON r.run_id = a.run_id)
     SELECT d.day,
       (SELECT count(*) FROM r WHERE (r.created_at AT TIME ZONE 'UTC')::date = d.day)::int AS runs,
       (SELECT count(*) FROM a WHERE (a.run_created AT TIME ZONE 'UTC')::date = d.day)::int AS actions_planned,
       (SELECT count(*) FROM a WHERE a.status = 'executed' AND (a.executed_at AT TIME ZONE 'UTC')::date = d.day)::int AS actions_executed,
       (SELECT count(*) FROM a WHERE a.decided_by IS NOT NULL AND a.status <> 'rejected' AND (a.decided_at AT TIME ZONE 'UTC')::date = d.day)::int AS actions_approved,
       (SELECT count(*) FROM a WHERE a.status = 'rejected' AND (a.decided_at AT TIME ZONE 'UTC')::date = d.day)::int AS actions_rejected,
       (SELECT count(*) FROM a WHERE a.status = 'failed' AND (a.updated_at AT TIME ZONE 'UTC')::date = d.day)::int AS actions_failed
     FROM days d ORDER BY d.day`,
    bindings,
  );
  const { rows: decision } = await knex.raw<{ rows: { median: number | null }[] }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.decided_at - r.created_at)) AS median
       FROM run_actions a JOIN runs r ON r.run_id = a.run_id
      WHERE ${scope.join(' AND ')} AND a.decided_by IS NOT NULL AND a.decided_at >= :from::timestamptz`,
    bindings,
  );
  const series = rows.map((r) => ({ ...r, day: r.day.toISOString().slice(0, 10) }));
  const sum = (k: keyof Omit<DayPoint, 'day'>) => series.reduce((n, p) => n + p[k], 0);
  const totals = {
    runs: sum('runs'),
    actions_planned: sum('actions_planned'),
    actions_executed: sum('actions_executed'),
    actions_approved: sum('actions_approved'),
    actions_rejected: sum('actions_rejected'),
    actions_failed: sum('actions_failed'),
  };
  const decided = totals.actions_approved + totals.actions_rejected;
  const median = decision[0]?.median;
  return {
    window,
    from: from.toISOString().slice(0, 10),
    to: to.toISOString().slice(0, 10),
    series,
    totals,
    approval_rate: decided ? Number((totals.actions_approved / decided).toFixed(4)) : null,
    median_time_to_decision_seconds: median === null || median === undefined ? null : Math.round(Number(median)),
  };
}
