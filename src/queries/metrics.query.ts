// GET /api/metrics: per-day trends from the run_metrics read model (run-metrics.projection.ts), and
// people's decisions from the runs read model (run_actions), which alone keeps them.
// Runs are counted on the day they were requested and again on the day they ended, by outcome
// (completed, failed, rejected, cancelled). Days are UTC calendar days of each event's own time; the
// window ends today (included). Approvals count human decisions only (auto mode approves without
// one); the time to decision runs from the run's planning to the decision.
import type { Knex } from 'knex';
import type { DayPoint, Metrics } from '../http/schemas/read-side.schemas.js';

export type MetricsWindow = '7d' | '30d' | '90d';

export interface MetricsFilters {
  window?: MetricsWindow;
  project_key?: string;
  board_type?: string;
}

export async function runMetrics(knex: Knex, orgId: string, filters: MetricsFilters, now: Date): Promise<Metrics> {
  const window = filters.window ?? '30d';
  const days = Number.parseInt(window, 10);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  const scopeOf = (table: string) =>
    [`${table}.org_id = :org`, ...(filters.project_key ? [`${table}.project_key = :project`] : []), ...(filters.board_type ? [`${table}.board_type = :board`] : [])].join(' AND ');
  const inScope = scopeOf('t');
  // A person's decisions in the window (auto mode's approvals have no decision), scoped by their run.
  const decisions = (run: 'runs' | 'metric_runs') =>
    `run_actions a JOIN ${run} t ON t.run_id = a.run_id
      WHERE a.org_id = :org AND ${inScope} AND a.decision IS NOT NULL AND a.decided_at >= :from::date AT TIME ZONE 'UTC'`;
  const bindings = { org: orgId, project: filters.project_key ?? null, board: filters.board_type ?? null, from: from.toISOString().slice(0, 10), days };
  // The run_metrics read model (run-metrics.projection.ts): each fact with its own time, counted on
  // the UTC day it happened. Days are returned as text: node-postgres would turn a \`date\` into a
  // local-midnight Date, which shifts the day in any time zone east of UTC.
  const { rows } = await knex.raw<{ rows: DayPoint[] }>(
    `WITH days AS (
       SELECT :from::date + i AS day FROM generate_series(0, :days::int - 1) AS i
     ),
     facts AS (
       SELECT 'run' AS k, requested_at AS at FROM metric_runs t WHERE ${inScope} AND requested_at >= :from::date AT TIME ZONE 'UTC'
       UNION ALL SELECT 'planned', planned_at FROM metric_actions t WHERE ${inScope} AND planned_at >= :from::date AT TIME ZONE 'UTC'
       UNION ALL SELECT 'executed', executed_at FROM metric_actions t WHERE ${inScope} AND executed_at >= :from::date AT TIME ZONE 'UTC'
       UNION ALL SELECT a.decision, a.decided_at FROM ${decisions('runs')}
       UNION ALL SELECT 'failed', failed_at FROM metric_actions t WHERE ${inScope} AND failed_at >= :from::date AT TIME ZONE 'UTC'
       UNION ALL SELECT 'run_' || outcome, ended_at FROM metric_runs t WHERE ${inScope} AND ended_at >= :from::date AT TIME ZONE 'UTC'
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE f.k = 'run')::int AS runs,
            count(*) FILTER (WHERE f.k = 'planned')::int AS actions_planned,
            count(*) FILTER (WHERE f.k = 'executed')::int AS actions_executed,
            count(*) FILTER (WHERE f.k = 'approved')::int AS actions_approved,
            count(*) FILTER (WHERE f.k = 'rejected')::int AS actions_rejected,
            count(*) FILTER (WHERE f.k = 'failed')::int AS actions_failed,
            count(*) FILTER (WHERE f.k = 'run_completed')::int AS runs_completed,
            count(*) FILTER (WHERE f.k = 'run_failed')::int AS runs_failed,
            count(*) FILTER (WHERE f.k = 'run_rejected')::int AS runs_rejected,
            count(*) FILTER (WHERE f.k = 'run_cancelled')::int AS runs_cancelled
       FROM days d
       LEFT JOIN facts f ON f.at >= d.day::timestamp AT TIME ZONE 'UTC' AND f.at < (d.day + 1)::timestamp AT TIME ZONE 'UTC'
      GROUP BY d.day
      ORDER BY d.day`,
    bindings,
  );
  // Time to decision: from the plan (RunPlanned, the run's planned_at) to a person's approval or
  // rejection, for the decisions taken in the window.
  const { rows: decision } = await knex.raw<{ rows: { median: number | string | null }[] }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.decided_at - t.planned_at)) AS median
       FROM ${decisions('metric_runs')}`,
    bindings,
  );
  const series = rows;
  const sum = (k: keyof Omit<DayPoint, 'day'>) => series.reduce((n, p) => n + p[k], 0);
  const totals = {
    runs: sum('runs'),
    actions_planned: sum('actions_planned'),
    actions_executed: sum('actions_executed'),
    actions_approved: sum('actions_approved'),
    actions_rejected: sum('actions_rejected'),
    actions_failed: sum('actions_failed'),
    runs_completed: sum('runs_completed'),
    runs_failed: sum('runs_failed'),
    runs_rejected: sum('runs_rejected'),
    runs_cancelled: sum('runs_cancelled'),
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
