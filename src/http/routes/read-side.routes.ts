// GET /api/projects, /api/approvals/inbox and /api/approvals/stats.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import { approvalInbox, approvalStats } from '../../queries/approvals.query.js';
import { listProjects } from '../../queries/projects.query.js';
import { runMetrics } from '../../queries/metrics.query.js';
import { authErrorResponses } from '../schemas/common.schemas.js';

const Count = Type.Integer({ minimum: 0 });

const ProjectSchema = Type.Object({
  board_type: Type.String(),
  project_key: Type.String(),
  runs: Count,
  active_runs: Count,
  runs_by_status: Type.Record(Type.String(), Count),
  actions_planned: Count,
  actions_executed: Count,
  last_run: Type.Object({ id: Type.String(), status: Type.String(), created_at: Type.String({ format: 'date-time' }) }),
});

const InboxItemSchema = Type.Object({
  kind: Type.String({ description: 'action, run_confirmation or proposal' }),
  id: Type.String(),
  run_id: Type.Union([Type.String(), Type.Null()], { description: 'null for a backlog proposal' }),
  board_type: Type.String(),
  project_key: Type.String(),
  summary: Type.String(),
  waiting_since: Type.String({ format: 'date-time' }),
  decide: Type.Array(Type.Object({ method: Type.Literal('POST'), path: Type.String(), decision: Type.String() })),
});

const StatsSchema = Type.Object({
  actions: Type.Object({ pending: Count, approved: Count, rejected: Count, executed: Count, failed: Count, skipped: Count }),
  runs_awaiting_confirmation: Count,
  runs_awaiting_approval: Count,
  proposals: Type.Object({ pending: Count, accepted: Count, rejected: Count, applying: Count, applied: Count, apply_failed: Count }),
});

const Point = {
  runs: Count,
  actions_planned: Count,
  actions_executed: Count,
  actions_approved: Count,
  actions_rejected: Count,
  actions_failed: Count,
};
const MetricsSchema = Type.Object({
  window: Type.String(),
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  series: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), ...Point })),
  totals: Type.Object(Point),
  approval_rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  median_time_to_decision_seconds: Type.Union([Type.Integer(), Type.Null()]),
});

export const readSideRoutes: FastifyPluginAsyncTypebox<{ knex: Knex; now: () => Date }> = async (app, { knex, now }) => {
  app.get(
    '/api/metrics',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: 'Trends per UTC day: runs, actions planned/executed/approved/rejected/failed, approval rate, median time to decision',
        querystring: Type.Object(
          {
            window: Type.Optional(Type.Union([Type.Literal('7d'), Type.Literal('30d'), Type.Literal('90d')], { default: '30d' })),
            project_key: Type.Optional(Type.String({ maxLength: 64 })),
            board_type: Type.Optional(Type.String({ maxLength: 32 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: MetricsSchema, ...authErrorResponses },
      },
    },
    async (request) => runMetrics(knex, request.orgId, request.query, now()),
  );

  app.get(
    '/api/projects',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: 'Runs aggregated by project, most recently run first',
        querystring: Type.Object({ board_type: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false }),
        response: { 200: Type.Array(ProjectSchema), ...authErrorResponses },
      },
    },
    async (request) => listProjects(knex, request.orgId, request.query.board_type),
  );

  app.get(
    '/api/approvals/inbox',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['approvals'],
        summary: 'Pending approval requests, oldest first, each with where to decide it',
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) }, { additionalProperties: false }),
        response: { 200: Type.Array(InboxItemSchema), ...authErrorResponses },
      },
    },
    async (request) => approvalInbox(knex, request.orgId, request.query.limit),
  );

  app.get(
    '/api/approvals/stats',
    {
      config: { permission: 'app:read' },
      schema: { tags: ['approvals'], summary: 'Counts per approval state', response: { 200: StatsSchema, ...authErrorResponses } },
    },
    async (request) => approvalStats(knex, request.orgId),
  );
};
