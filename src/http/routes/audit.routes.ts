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
import { auditStreamKinds } from '../../projections/audit-events.projection.js';
import { AuditEventSchema, Nullable } from '../schemas/audit.schemas.js';
import { authErrorResponses, OneOf } from '../schemas/common.schemas.js';

export interface AuditRouteDeps {
  knex: Knex;
  pool: pg.Pool;
  store: EventStore;
  anchorSigner: () => Promise<AnchorSigner>;
  now: () => Date;
  /**
   * Waits (bounded) until the audit log includes every event appended before the call: a command's
   * answer does not wait for this read model, and an auditor reading right after a change expects it.
   */
  awaitLog: () => Promise<void>;
}

const IsoDate = (description: string) => Type.String({ minLength: 10, maxLength: 40, description: `${description}: an ISO date or time`, examples: ['2026-11-01'] });

const AuditQuerySchema = Type.Object(
  {
    kind: Type.Optional(OneOf(auditStreamKinds, { description: 'only events of this kind of stream', examples: ['run'] })),
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'only events of this type', examples: ['MemberRoleAssigned'] })),
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'only events caused by this user id', examples: ['ada'] })),
    from: Type.Optional(IsoDate('events at or after this time')),
    to: Type.Optional(IsoDate('events before this time')),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc', description: 'desc: newest first; asc: oldest first' })),
    cursor: Type.Optional(Type.String({ maxLength: 50, description: 'next_cursor of the previous page (with the same filters and order)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'most events on a page' })),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { default: 'json', description: 'json: one page; csv: the whole filtered log as a file' })),
  },
  { additionalProperties: false },
);

const AuditPageSchema = Type.Object(
  {
    items: Type.Array(AuditEventSchema, { description: 'the events of this page, in the order asked' }),
    next_cursor: Nullable(Type.String(), 'pass as `cursor` for the next page; null on the last page'),
  },
  { description: "A page of the organization's audit log" },
);

const AnchorSchema = Type.Object({
  jws: Type.String({ description: 'compact JWS (EdDSA) over the payload below; verify with GET /api/audit/anchor-key' }),
  payload: Type.Object({
    org_id: Type.String({ description: 'the organization' }),
    at: Type.String({ format: 'date-time', description: 'when the service signed it' }),
    streams: Type.Array(
      Type.Object({
        stream: Type.String({ description: 'a stream of the organization' }),
        revision: Type.String({ description: 'its last revision' }),
        hash: Nullable(Type.String(), "its last event's hash; null for an unsealed stream"),
      }),
      { description: "the head of each of the organization's streams" },
    ),
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
      await deps.awaitLog();
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
      // The streams come from the read model: a stream created just before must be in it.
      await deps.awaitLog();
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
