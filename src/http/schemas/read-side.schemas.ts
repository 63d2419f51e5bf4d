// Response shapes of the read-side routes: projects, the approval inbox and its counts, metrics.
import { Type, type Static } from '@sinclair/typebox';

const Count = Type.Integer({ minimum: 0 });

export const ProjectSchema = Type.Object({
  board_type: Type.String(),
  project_key: Type.String(),
  runs: Count,
  active_runs: Count,
  runs_by_status: Type.Record(Type.String(), Count),
  actions_planned: Count,
  actions_executed: Count,
  last_run: Type.Object({ id: Type.String(), status: Type.String(), created_at: Type.String({ format: 'date-time' }) }),
});

/** A project as GET /api/projects shows it. */
export type ProjectView = Static<typeof ProjectSchema>;

export const InboxItemSchema = Type.Object({
  kind: Type.String({ description: 'action, run_confirmation or proposal' }),
  id: Type.String(),
  run_id: Type.Union([Type.String(), Type.Null()], { description: 'null for a backlog proposal' }),
  board_type: Type.String(),
  project_key: Type.String(),
  summary: Type.String(),
  waiting_since: Type.String({ format: 'date-time' }),
  decide: Type.Array(Type.Object({ method: Type.Literal('POST'), path: Type.String(), decision: Type.String() })),
});

/** A request waiting in the approval inbox. */
export type InboxItem = Static<typeof InboxItemSchema>;

export const StatsSchema = Type.Object({
  actions: Type.Object({ pending: Count, approved: Count, rejected: Count, executed: Count, failed: Count, skipped: Count }),
  runs_awaiting_confirmation: Count,
  runs_awaiting_approval: Count,
  proposals: Type.Object({ pending: Count, accepted: Count, rejected: Count, applying: Count, applied: Count, apply_failed: Count }),
});

/** GET /api/approvals/stats. */
export type ApprovalStats = Static<typeof StatsSchema>;

const Point = {
  runs: Count,
  actions_planned: Count,
  actions_executed: Count,
  actions_approved: Count,
  actions_rejected: Count,
  actions_failed: Count,
  // Runs that ended that day, by how they ended.
  runs_completed: Count,
  runs_failed: Count,
  runs_rejected: Count,
  runs_cancelled: Count,
};
export const MetricsSchema = Type.Object({
  window: Type.String(),
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  series: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), ...Point })),
  totals: Type.Object(Point),
  // approved / (approved + rejected) over the window; null without decisions.
  approval_rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  // Median seconds from a run's planning to a person's decision on one of its actions, over decisions in the window.
  median_time_to_decision_seconds: Type.Union([Type.Integer(), Type.Null()]),
});

/** GET /api/metrics. */
export type Metrics = Static<typeof MetricsSchema>;
/** One day of the metrics series. */
export type DayPoint = Metrics['series'][number];
