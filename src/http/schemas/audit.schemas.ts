// The organization's audit log as the API answers it (GET /api/audit/events): the source of the
// view type the query builds (src/queries/audit-events.query.ts).
import { Type, type Static } from '@sinclair/typebox';
import { auditStreamKinds } from '../../projections/audit-events.projection.js';
import { OneOf } from './common.schemas.js';

export const Nullable = <T extends ReturnType<typeof Type.String>>(t: T, description: string) => Type.Union([t, Type.Null()], { description });

export const AuditEventSchema = Type.Object(
  {
    position: Type.String({ description: 'global position in the log, commit/prepare', examples: ['1234/1234'] }),
    stream: Type.String({ description: 'the stream the event belongs to', examples: ['org-acme'] }),
    kind: OneOf(auditStreamKinds, { description: 'the kind of stream' }),
    revision: Type.String({ description: "the event's revision in its stream, from 0" }),
    event_id: Type.String({ description: 'the event id' }),
    type: Type.String({ description: 'the event type', examples: ['MemberRoleAssigned'] }),
    actor: Nullable(Type.String(), 'the user id that caused it; null for the service itself'),
    correlation_id: Nullable(Type.String(), 'the flow it belongs to (X-Correlation-Id, or the request id)'),
    causation_id: Nullable(Type.String(), 'the event or request that caused it'),
    request_id: Nullable(Type.String(), 'the HTTP request that appended it'),
    hash: Nullable(Type.String(), "the event's link in its stream's hash chain (verify with `sprintguard audit verify`)"),
    created: Type.String({ format: 'date-time', description: 'when it was appended' }),
    data: Type.Unknown({ description: "the event's data, as recorded (secrets are never in events)" }),
  },
  {
    description: "One event of the organization's audit log",
    examples: [
      {
        position: '1234/1234',
        stream: 'org-acme',
        kind: 'org',
        revision: '3',
        event_id: '0b9f6c1e-4c1a-4c55-9f2c-6a1f8e2d3c4b',
        type: 'MemberRoleAssigned',
        actor: 'ada',
        correlation_id: 'req-1',
        causation_id: null,
        request_id: 'req-1',
        hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        created: '2026-11-24T09:00:00.000Z',
        data: { user_id: 'vic', role: 'viewer', permissions: ['audit:read'], at: '2026-11-24T09:00:00.000Z' },
      },
    ],
  },
);

export type AuditEventView = Static<typeof AuditEventSchema>;
