// `Idempotency-Key` on every POST that creates something (docs/api-behaviour.md). A retry with the
// same key and the same request gets the first answer again (status, body, Location) with
// `Idempotent-Replayed: true`; the same key with another request answers 422; a retry while the
// first request is still being answered waits for it. Keys are scoped to the caller (organization
// and user) and kept IDEMPOTENCY_KEY_TTL_HOURS. Server errors are not kept: the client may retry.
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sleep } from '../../lib/retry.js';
import type { IdempotencyKeys, KeyScope } from '../idempotency/idempotency-keys.js';

/** The POST routes that create something. The one list: a route added here gets the header. */
export const idempotentRoutes: ReadonlySet<string> = new Set([
  'POST /api/runs/trigger',
  'POST /api/runs/start',
  'POST /api/import/backlog',
  'POST /api/meetings/ingest',
  'POST /api/backlog-proposals/:proposal_id/decision',
  'POST /api/backlog-proposals/decision',
  'POST /api/billing/create-checkout',
]);

export const IDEMPOTENCY_HEADER = 'idempotency-key';

const KeyHeaderSchema = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '^[\\x21-\\x7E]+$',
    description: 'Retrying with the same key and body returns the first answer; the same key with another body answers 422. Kept at least 24 hours.',
  }),
);

/** How long a retry waits for the first request with its key to be answered. */
const IN_FLIGHT_WAIT_MS = 15_000;

export interface IdempotencyOptions {
  keys: IdempotencyKeys;
}

const scopes = new WeakMap<FastifyRequest, KeyScope>();

/** JSON with object keys sorted, so that the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const routeKey = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

export default fp<IdempotencyOptions>(
  async function idempotencyPlugin(app: FastifyInstance, { keys }) {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((m) => idempotentRoutes.has(`${m} ${route.url}`))) return;
      const schema = (route.schema ?? {}) as { headers?: { properties?: Record<string, unknown> } };
      const headers = schema.headers ?? Type.Object({});
      route.schema = {
        ...route.schema,
        headers: { ...headers, properties: { ...(headers.properties ?? {}), [IDEMPOTENCY_HEADER]: KeyHeaderSchema } },
      };
    });

    app.addHook('preHandler', async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || !idempotentRoutes.has(routeKey(request))) return;
      const scope: KeyScope = { org_id: request.orgId, user_id: request.identity.userId, key };
      const fingerprint = createHash('sha256')
        .update(canonical([routeKey(request), request.params, request.body ?? null]))
        .digest('hex');
      const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
      for (;;) {
        const taken = await keys.begin(scope, fingerprint, routeKey(request));
        if (taken === true) {
          scopes.set(request, scope);
          return;
        }
        if (taken.fingerprint !== fingerprint) {
          return reply.code(422).send({ detail: 'This Idempotency-Key was used with another request (route or body); send a new key for a new request' });
        }
        if (taken.status !== null) {
          void reply.code(taken.status).header('idempotent-replayed', 'true');
          if (taken.location) void reply.header('location', taken.location);
          if (taken.content_type) void reply.header('content-type', taken.content_type);
          // Already serialized by the route the first time: sent as stored.
          return reply.serializer((payload: unknown) => String(payload)).send(taken.body ?? '');
        }
        if (Date.now() >= deadline) {
          return reply.code(409).send({ detail: 'A request with this Idempotency-Key is still being answered; retry it later' });
        }
        await sleep(100);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const scope = scopes.get(request);
      if (!scope) return payload;
      scopes.delete(request);
      const status = reply.statusCode;
      // A server error, an unavailable dependency or a contended resource says nothing lasting.
      if (status >= 500 || status === 429 || status === 409) {
        await keys.release(scope);
        return payload;
      }
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      const contentType = reply.getHeader('content-type');
      const location = reply.getHeader('location');
      await keys.finish(scope, {
        status,
        body,
        content_type: typeof contentType === 'string' ? contentType : null,
        location: typeof location === 'string' ? location : null,
      });
      return payload;
    });
  },
  { name: 'idempotency' },
);
