// Run reads: GET /api/runs, /api/runs/{id}, /api/runs/{id}/actions, /api/runs/next-task.
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BoardProviderError } from '../../adapters/boards/board-provider.js';
import { DomainError, notFound } from '../../domain/errors.js';
import { getRun, listRunActions, listRuns } from '../../queries/runs.query.js';
import { runAsOf, runHistory, type AsOf } from '../../queries/run-history.js';
import { authErrorResponses, DetailErrorSchema } from '../schemas/common.schemas.js';
import { ActionSchema, HistoryEntrySchema, ListRunsQuerySchema, NextTaskQuerySchema, NextTaskSchema, RunParamsSchema, RunSchema } from '../schemas/runs.schemas.js';
import type { RunRouteDeps } from './run-route-deps.js';

export const runsRoutes: FastifyPluginAsyncTypebox<RunRouteDeps> = async (app, deps) => {
  app.get(
    '/api/runs',
    {
      config: { permission: 'app:read' },
      schema: { tags: ['runs'], summary: 'List runs, newest first', querystring: ListRunsQuerySchema, response: { 200: Type.Array(RunSchema), ...authErrorResponses } },
    },
    async (request, reply) => {
      await deps.consistency.beforeRead(request);
      const cache = deps.runListCache;
      if (!cache) return listRuns(deps.knex, request.orgId, request.query);
      const { limit = 50, offset = 0, board_type, project_key } = request.query;
      const body = await cache.page({ orgId: request.orgId, limit, offset, board_type, project_key }, async () => {
        const serialized = reply.serialize(await listRuns(deps.knex, request.orgId, request.query));
        return typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as Uint8Array);
      });
      // Bytes already serialized by this route's schema; the typed reply only takes the object shape.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/runs/next-task',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: 'Highest-ranked active task from the connected board',
        querystring: NextTaskQuerySchema,
        response: { 200: NextTaskSchema, 502: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request, reply) => {
      const board = await deps.connectedBoard(request.orgId, request.traceparent);
      const asked = request.query.board_type;
      if (asked !== undefined && asked !== board.board_type) {
        throw new DomainError('invalid', `querystring/board_type is ${asked}, but the connected board is ${board.board_type}`);
      }
      const projectKey = request.query.project_key ?? board.project_keys[0];
      if (!projectKey) throw new DomainError('invalid', 'querystring/project_key is required: the integration settings name no project');
      try {
        const [item] = await board.provider.listActiveItems(projectKey, { limit: 1 });
        return {
          board_type: board.board_type,
          project_key: projectKey,
          task: item
            ? {
                key: item.key,
                title: item.title,
                ...(item.url ? { url: item.url } : {}),
                status: item.status,
                status_category: item.statusCategory,
                assignee: item.assignee?.name ?? null,
                priority: item.priority,
                estimate: item.estimate,
                labels: item.labels,
                updated_at: item.updatedAt,
              }
            : null,
        };
      } catch (err) {
        if (err instanceof BoardProviderError) return reply.code(502).send({ detail: `The board answered with an error: ${err.message}` });
        throw err;
      }
    },
  );

  app.get(
    '/api/runs/:run_id',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: 'One run; with as_of (ISO time or stream revision) the run as it was then, folded from its stream',
        params: RunParamsSchema,
        querystring: Type.Object(
          {
            as_of: Type.Optional(
              Type.String({ minLength: 1, maxLength: 40, description: 'the run as it was at this ISO time, or after this stream revision', examples: ['2026-11-24T09:30:00Z'] }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: RunSchema, 404: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { as_of: asOf } = request.query;
      if (asOf !== undefined) {
        let point: AsOf;
        if (/^\d+$/.test(asOf)) point = { revision: BigInt(asOf) };
        else {
          const time = new Date(asOf);
          if (Number.isNaN(time.getTime())) throw new DomainError('invalid', 'querystring/as_of must be an ISO time or a stream revision');
          point = { time };
        }
        const then = await runAsOf(deps.store, request.orgId, request.params.run_id, point);
        if (!then) throw notFound('Run not found at that point');
        return then;
      }
      await deps.consistency.beforeRead(request);
      const run = await getRun(deps.knex, request.orgId, request.params.run_id);
      if (!run) throw notFound('Run not found');
      return run;
    },
  );

  app.get(
    '/api/runs/:run_id/history',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: "For auditors: the run stream's events in order, with data, metadata, revision and time",
        params: RunParamsSchema,
        response: { 200: Type.Array(HistoryEntrySchema), 404: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const history = await runHistory(deps.store, request.orgId, request.params.run_id);
      if (!history) throw notFound('Run not found');
      return history;
    },
  );

  app.get(
    '/api/runs/:run_id/actions',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: 'Action log of one run, in plan order',
        params: RunParamsSchema,
        response: { 200: Type.Array(ActionSchema), 404: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      await deps.consistency.beforeRead(request);
      const run = await getRun(deps.knex, request.orgId, request.params.run_id);
      if (!run) throw notFound('Run not found');
      return listRunActions(deps.knex, request.orgId, request.params.run_id);
    },
  );
};
