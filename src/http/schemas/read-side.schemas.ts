// Response shapes of the read-side routes: projects, the approval inbox and its counts, metrics.
import { Type, type Static } from '@sinclair/typebox';
import { runStatuses } from '../../domain/run.decider.js';
import { OneOf } from './common.schemas.js';

const Count = Type.Integer({ minimum: 0 });

const BOARD_TYPE = OneOf(['jira', 'linear'], { description: 'the board type' });

export const ProjectSchema = Type.Object({
  board_type: BOARD_TYPE,
  project_key: Type.String({ description: "the board's project key", examples: ['DEMO'] }),
  runs: Type.Integer({ minimum: 0, description: 'runs of the project' }),
  active_runs: Type.Integer({ minimum: 0, description: 'runs not yet in a terminal status' }),
  runs_by_status: Type.Record(Type.String(), Count, { description: 'runs per status' }),
  actions_planned: Type.Integer({ minimum: 0, description: 'actions planned over all runs' }),
  actions_executed: Type.Integer({ minimum: 0, description: 'actions written to the board over all runs' }),
  last_run: Type.Object(
    { id: Type.String({ description: 'the run id' }), status: OneOf(runStatuses, { description: 'its status' }), created_at: Type.String({ format: 'date-time', description: 'when it was requested' }) },
    { description: 'the most recent run' },
  ),
});

/** A project as GET /api/projects shows it. */
export type ProjectView = Static<typeof ProjectSchema>;

export const InboxItemSchema = Type.Object(
  {
    kind: OneOf(['action', 'run_confirmation', 'proposal'], { description: "what waits: a run's action, a run to confirm (over the confirmation threshold), or a backlog proposal" }),
    id: Type.String({ description: 'the action, run or proposal id', examples: ['act-1'] }),
    run_id: Type.Union([Type.String(), Type.Null()], { description: 'the run; null for a backlog proposal' }),
    board_type: BOARD_TYPE,
    project_key: Type.String({ description: "the board's project key", examples: ['DEMO'] }),
    summary: Type.String({ description: 'what is asked, in a line', examples: ['label on DEMO-1 (Checkout is slow): no priority and no labels'] }),
    waiting_since: Type.String({ format: 'date-time', description: 'when it started waiting (the inbox is oldest first)' }),
    decide: Type.Array(
      Type.Object({
        method: Type.Literal('POST', { description: 'always POST' }),
        path: Type.String({ description: 'the route that records this decision' }),
        decision: OneOf(['approve', 'reject', 'confirm', 'accept'], { description: 'the decision the route records' }),
      }),
      { description: 'the decisions on offer, each with its route' },
    ),
  },
  {
    description: 'A request waiting for a person',
    examples: [
      {
        kind: 'action',
        id: 'act-1',
        run_id: '6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b',
        board_type: 'jira',
        project_key: 'DEMO',
        summary: 'label on DEMO-1 (Checkout is slow): no priority and no labels',
        waiting_since: '2026-11-24T09:00:00.000Z',
        decide: [
          { method: 'POST', path: '/api/runs/6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b/actions/act-1/approve', decision: 'approve' },
          { method: 'POST', path: '/api/runs/6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b/actions/act-1/reject', decision: 'reject' },
        ],
      },
    ],
  },
);

/** A request waiting in the approval inbox. */
export type InboxItem = Static<typeof InboxItemSchema>;

export const StatsSchema = Type.Object({
  actions: Type.Object(
    { pending: Count, approved: Count, rejected: Count, executed: Count, failed: Count, skipped: Count },
    { description: "the organization's actions by their current status (an executed action counts as executed, not approved)" },
  ),
  runs_awaiting_confirmation: Type.Integer({ minimum: 0, description: 'runs waiting for a confirmation' }),
  runs_awaiting_approval: Type.Integer({ minimum: 0, description: 'runs with actions waiting for a decision' }),
  proposals: Type.Object(
    { pending: Count, accepted: Count, rejected: Count, applying: Count, applied: Count, apply_failed: Count },
    { description: 'backlog proposals by their current status' },
  ),
});

/** GET /api/approvals/stats. */
export type ApprovalStats = Static<typeof StatsSchema>;

const Point = {
  runs: Type.Integer({ minimum: 0, description: 'runs requested' }),
  actions_planned: Type.Integer({ minimum: 0, description: 'actions planned' }),
  actions_executed: Type.Integer({ minimum: 0, description: 'actions written to the board' }),
  actions_approved: Type.Integer({ minimum: 0, description: 'actions approved by a person' }),
  actions_rejected: Type.Integer({ minimum: 0, description: 'actions rejected by a person' }),
  actions_failed: Type.Integer({ minimum: 0, description: 'actions whose write failed' }),
  // Runs that ended that day, by how they ended.
  runs_completed: Type.Integer({ minimum: 0, description: 'runs that completed that day' }),
  runs_failed: Type.Integer({ minimum: 0, description: 'runs that failed that day' }),
  runs_rejected: Type.Integer({ minimum: 0, description: 'runs rejected that day' }),
  runs_cancelled: Type.Integer({ minimum: 0, description: 'runs cancelled that day' }),
};
const QUIET_DAY = { runs: 0, actions_planned: 0, actions_executed: 0, actions_approved: 0, actions_rejected: 0, actions_failed: 0 };
const BUSY_DAY = { runs: 1, actions_planned: 4, actions_executed: 2, actions_approved: 2, actions_rejected: 1, actions_failed: 0 };

export const METRICS_WINDOWS = ['7d', '30d', '90d'] as const;

export const MetricsSchema = Type.Object(
  {
    window: OneOf(METRICS_WINDOWS, { description: 'the window asked for' }),
    from: Type.String({ format: 'date', description: 'first UTC day of the window' }),
    to: Type.String({ format: 'date', description: 'last UTC day of the window (today)' }),
    series: Type.Array(Type.Object({ day: Type.String({ format: 'date', description: 'the UTC day' }), ...Point }), { description: 'one point per UTC day, every day of the window' }),
    totals: Type.Object(Point, { description: 'the sums over the window' }),
    approval_rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'approved / (approved + rejected) over the window; null without decisions' }),
    median_time_to_decision_seconds: Type.Union([Type.Integer(), Type.Null()], {
      description: "median seconds from a run's planning to a person's decision on one of its actions, over the window's decisions; null without any",
    }),
  },
  {
    description: "The organization's runs and decisions per UTC day over a window",
    examples: [
      {
        window: '7d',
        from: '2026-11-18',
        to: '2026-11-24',
        series: ['18', '19', '20', '21', '22', '23', '24'].map((d) => ({ day: `2026-11-${d}`, ...(d === '24' ? BUSY_DAY : QUIET_DAY) })),
        totals: BUSY_DAY,
        approval_rate: 0.67,
        median_time_to_decision_seconds: 420,
      },
    ],
  },
);

/** GET /api/metrics. */
export type Metrics = Static<typeof MetricsSchema>;
/** One day of the metrics series. */
export type DayPoint = Metrics['series'][number];
