// GET /api/email/suppressions and DELETE /api/email/suppressions/{email}: the deployment-wide
// suppression list. Public in the permission table because no bearer token or organization role
// grants access (docs/email-suppressions.md): only X-API-Key equal to SYSTEM_API_KEY, compared in
// constant time, checked before the body or the query is looked at.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Position } from '../../adapters/event-store.js';
import { timingSafeEqualText } from '../../adapters/crypto/timing-safe.js';
import type { SuppressionCommands } from '../../commands/suppression.commands.js';
import { listSuppressions } from '../../queries/suppressions.query.js';
import type { Knex } from 'knex';
import { MiddlewareError } from '../plugins/errors.js';
import { traceOf } from '../request-context.js';
import { DetailErrorSchema, MiddlewareErrorSchema } from '../schemas/common.schemas.js';
import { SuppressionListQuerySchema, SuppressionListSchema, SuppressionParamsSchema } from '../schemas/suppressions.schemas.js';
import { Type } from '@sinclair/typebox';

export interface SuppressionRouteDeps {
  knex: Knex;
  commands: SuppressionCommands;
  /** SYSTEM_API_KEY; undefined → the routes answer 401 to everyone. */
  systemApiKey: string | undefined;
  awaitReadModel: (position: Position | undefined) => Promise<void>;
}

const errors = { 400: DetailErrorSchema, 401: MiddlewareErrorSchema, 429: MiddlewareErrorSchema, 503: DetailErrorSchema };

export const suppressionRoutes: FastifyPluginAsyncTypebox<SuppressionRouteDeps> = async (app, deps) => {
  // onRequest: before the body and the query are parsed, so a caller without the key learns nothing.
  // SYSTEM_API_KEY unset: no key can be right, so every caller gets the same 401 (a client mistake
  // is never a 5xx, and the answer does not tell outsiders how the server is configured); the
  // operator is told once in the log.
  let warned = false;
  const requireSystemKey = async (request: FastifyRequest) => {
    const given = request.headers['x-api-key'];
    if (!deps.systemApiKey) {
      if (!warned) request.log.warn('the suppression feed was called but SYSTEM_API_KEY is not set');
      warned = true;
    }
    if (!deps.systemApiKey || typeof given !== 'string' || !timingSafeEqualText(given, deps.systemApiKey)) {
      throw new MiddlewareError(401, 'A valid X-API-Key is required');
    }
  };
  const context = (request: FastifyRequest) => ({ user_id: 'system-api-key', correlation_id: request.id, request_id: request.id, ...traceOf(request) });

  app.get(
    '/api/email/suppressions',
    {
      config: { public: true },
      onRequest: requireSystemKey,
      schema: {
        tags: ['email'],
        summary: 'Deployment-wide suppression feed, newest first (system credential only)',
        security: [{ systemApiKey: [] }],
        querystring: SuppressionListQuerySchema,
        response: { 200: SuppressionListSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await listSuppressions(deps.knex, { limit, offset });
      return { ...page, limit, offset };
    },
  );

  app.delete(
    '/api/email/suppressions/:email',
    {
      config: { public: true },
      onRequest: requireSystemKey,
      schema: {
        tags: ['email'],
        summary: 'Remove an address from the suppression list (system credential only)',
        security: [{ systemApiKey: [] }],
        params: SuppressionParamsSchema,
        response: { 204: Type.Null(), 404: DetailErrorSchema, 409: DetailErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await deps.commands.remove(request.params.email, context(request));
      await deps.awaitReadModel(result.position);
      return reply.code(204).send(null);
    },
  );
};
