// GET /api/projects, /api/approvals/inbox and /api/approvals/stats.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type { ReadYourWrites } from '../read-your-writes.js';
import { approvalInbox, approvalStats } from '../../queries/approvals.query.js';
import { listProjects } from '../../queries/projects.query.js';
import { runMetrics } from '../../queries/metrics.query.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { InboxItemSchema, METRICS_WINDOWS, MetricsSchema, ProjectSchema, StatsSchema } from '../schemas/read-side.schemas.js';
import { BoardTypeFilter, ProjectKeyFilter } from '../schemas/runs.schemas.js';

/** `consistency`: these reads wait for the caller's own action decisions (read-your-writes.ts). */
export interface ReadSideRouteDeps {
  knex: Knex;
  now: () => Date;
  /** Waits for the caller's own writes before reading (read-your-writes.ts). */
  consistency?: ReadYourWrites;
}

export const readSideRoutes: FastifyPluginAsyncTypebox<ReadSideRouteDeps> = async (app, { knex, now, consistency }) => {
  app.get(
    '/api/metrics',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: 'Trends per UTC day: runs, actions planned/executed/approved/rejected/failed, approval rate, median time to decision',
        querystring: Type.Object(
          {
            window: Type.Optional(Type.Union(METRICS_WINDOWS.map((w) => Type.Literal(w)), { default: '30d', description: 'how many UTC days, up to today', examples: ['30d'] })),
            project_key: Type.Optional(ProjectKeyFilter),
            board_type: Type.Optional(BoardTypeFilter),
          },
          { additionalProperties: false },
        ),
        response: { 200: MetricsSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      await consistency?.beforeRead(request, ['runs', 'run_metrics']);
      return runMetrics(knex, request.orgId, request.query, now());
    },
  );

  app.get(
    '/api/projects',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: 'Runs aggregated by project, most recently run first',
        querystring: Type.Object({ board_type: Type.Optional(BoardTypeFilter) }, { additionalProperties: false }),
        response: { 200: Type.Array(ProjectSchema), ...authErrorResponses },
      },
    },
    async (request) => {
      await consistency?.beforeRead(request);
      return listProjects(knex, request.orgId, request.query.board_type);
    },
  );

  app.get(
    '/api/approvals/inbox',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['approvals'],
        summary: 'Pending approval requests, oldest first, each with where to decide it',
        querystring: Type.Object(
          { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'most requests to return, oldest first' })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(InboxItemSchema), ...authErrorResponses },
      },
    },
    async (request) => {
      await consistency?.beforeRead(request);
      return approvalInbox(knex, request.orgId, request.query.limit);
    },
  );

  app.get(
    '/api/approvals/stats',
    {
      config: { permission: 'app:read' },
      schema: { tags: ['approvals'], summary: 'Counts per approval state', response: { 200: StatsSchema, ...authErrorResponses } },
    },
    async (request) => {
      await consistency?.beforeRead(request);
      return approvalStats(knex, request.orgId);
    },
  );
};
