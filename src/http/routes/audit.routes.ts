// The organization's audit trail (docs/security.md, "Audit trail"): GET /api/audit/events (JSON pages
// or CSV), GET /api/audit/anchor (the signed heads of the organization's chains) and
// GET /api/audit/anchor-key (the public key that verifies anchors).
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type pg from 'pg';
import type { EventStore } from '../../adapters/event-store.js';
import type { AnchorSigner } from '../../adapters/crypto/audit-anchor-key.js';
import { DomainError } from '../../domain/errors.js';
import { anchorHeads, orgStreams, type AnchorPayload } from '../../queries/audit-anchor.js';
import { auditEventsCsv, listAuditEvents, parseAuditCursor } from '../../queries/audit-events.query.js';
import { authErrorResponses } from '../schemas/common.schemas.js';

export interface AuditRouteDeps {
  knex: Knex;
  pool: pg.Pool;
  store: EventStore;
  anchorSigner: () => Promise<AnchorSigner>;
  now: () => Date;
}

const IsoDate = Type.String({ minLength: 10, maxLength: 40, description: 'ISO date or time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const AuditQuerySchema = Type.Object(
  {
    kind: Type.Optional(Type.Union(['run', 'org', 'proposal', 'meeting', 'chat', 'suppressions', 'other'].map((k) => Type.Literal(k)))),
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    cursor: Type.Optional(Type.String({ maxLength: 50, description: 'next_cursor of the previous page' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { default: 'json' })),
  },
  { additionalProperties: false },
);

const AuditEventSchema = Type.Object({
  position: Type.String({ description: 'global position, commit/prepare' }),
  stream: Type.String(),
  kind: Type.String(),
  revision: Type.String(),
  event_id: Type.String(),
  type: Type.String(),
  actor: Nullable(Type.String()),
  correlation_id: Nullable(Type.String()),
  causation_id: Nullable(Type.String()),
  request_id: Nullable(Type.String()),
  hash: Nullable(Type.String()),
  created: Type.String({ format: 'date-time' }),
  data: Type.Unknown(),
});

const AuditPageSchema = Type.Object({ items: Type.Array(AuditEventSchema), next_cursor: Nullable(Type.String()) });

const AnchorSchema = Type.Object({
  jws: Type.String({ description: 'compact JWS (EdDSA) over the payload below; verify with GET /api/audit/anchor-key' }),
  payload: Type.Object({
    org_id: Type.String(),
    at: Type.String({ format: 'date-time' }),
    streams: Type.Array(Type.Object({ stream: Type.String(), revision: Type.String(), hash: Nullable(Type.String()) })),
  }),
});

const JwksSchema = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) });

function checkDate(field: string, value: string | undefined): void {
  if (value !== undefined && Number.isNaN(Date.parse(value))) throw new DomainError('invalid', `querystring/${field} must be an ISO date`);
}

export const auditRoutes: FastifyPluginAsyncTypebox<AuditRouteDeps> = async (app, deps) => {
  app.get(
    '/api/audit/events',
    {
      config: { permission: 'audit:read' },
      schema: {
        tags: ['audit'],
        summary: "The organization's audit log: every event of its streams with actor, correlation and causation, as JSON pages or CSV",
        querystring: AuditQuerySchema,
        response: {
          200: { ...AuditPageSchema, description: 'application/json (a page) or text/csv (format=csv: the whole filtered log)' },
          ...authErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { order = 'desc', cursor, limit = 100, format = 'json', ...filters } = request.query;
      checkDate('from', filters.from);
      checkDate('to', filters.to);
      if (format === 'csv') {
        const csv = await auditEventsCsv(deps.pool, request.orgId, filters, order);
        const stamp = deps.now().toISOString().slice(0, 10);
        // A stream, not the JSON page the schema describes: the typed reply only takes the page.
        return (reply as FastifyReply).type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="audit-${stamp}.csv"`).send(csv);
      }
      const after = cursor === undefined ? undefined : parseAuditCursor(cursor);
      if (cursor !== undefined && !after) throw new DomainError('invalid', 'querystring/cursor must be a next_cursor of this route');
      return listAuditEvents(deps.knex, request.orgId, filters, { order, after, limit });
    },
  );

  app.get(
    '/api/audit/anchor',
    {
      config: { permission: 'audit:read' },
      schema: {
        tags: ['audit'],
        summary: "The head hash of each of the organization's streams, signed by the service: keep it to prove later that the history before it was not rewritten",
        response: { 200: AnchorSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const streams = await anchorHeads(deps.store, await orgStreams(deps.knex, request.orgId));
      const payload: AnchorPayload = { org_id: request.orgId, at: deps.now().toISOString(), streams };
      return { jws: await (await deps.anchorSigner()).sign(payload), payload };
    },
  );

  app.get(
    '/api/audit/anchor-key',
    {
      config: { permission: 'audit:read' },
      schema: { tags: ['audit'], summary: 'The public key (JWKS) that verifies audit anchors', response: { 200: JwksSchema, ...authErrorResponses } },
    },
    async () => (await deps.anchorSigner()).jwks(),
  );
};
