// audit_events: the organization's audit log (docs/security.md, "Audit trail"). Every event whose
// metadata names an organization (`org_id`: set by handleCommand on every command of every stream
// kind, runs, org, proposals, meetings, chat, billing, and on a suppression an organization's member
// caused) gets one row; deployment-wide events without an org_id (bounces from the mail provider)
// concern no organization and are not listed. Rows are never updated: the key (stream, revision)
// makes a replay or an overlapping rebuild a no-op.
import { streamCategories, suppressionsStreamId } from '../domain/streams.js';
import type { RecordedEvent } from '../adapters/event-store.js';
import type { Projection } from './projection.js';

export const AUDIT_EVENTS_PROJECTION = 'audit_events';
const TABLE = 'audit_events';
const MAX_PARAMETERS = 60_000;
const COLUMNS = 16;

export type AuditStreamKind = keyof typeof streamCategories | 'suppressions' | 'other';
/** Every kind a row can have: the audit route's `kind` filter and the API's AuditEvent.kind. */
export const auditStreamKinds: readonly AuditStreamKind[] = [...(Object.keys(streamCategories) as (keyof typeof streamCategories)[]), 'suppressions', 'other'];

export function streamKind(stream: string): AuditStreamKind {
  if (stream === suppressionsStreamId()) return 'suppressions';
  for (const [kind, prefix] of Object.entries(streamCategories)) if (stream.startsWith(prefix)) return kind as AuditStreamKind;
  return 'other';
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const auditEventsProjection: Projection = {
  name: AUDIT_EVENTS_PROJECTION,
  version: 1,
  tables: [TABLE],
  filter: {},
  // Each row keeps its event's hash (the audit route shows it).
  readsChain: true,
  // It takes every event of every stream; no command waits for it: batches every 25 ms under load.
  liveReadIntervalMs: 25,
  async apply(trx, events) {
    const rows = auditRows(events).map((row) => ({ ...row, data: JSON.stringify(row.data) }));
    const chunk = Math.floor(MAX_PARAMETERS / COLUMNS);
    for (let i = 0; i < rows.length; i += chunk) {
      await trx(TABLE).insert(rows.slice(i, i + chunk)).onConflict(['stream', 'revision']).ignore();
    }
  },
  // Nothing to read: a live batch is one statement, its rows with the checkpoint.
  async prepareBatch(_ctx, events) {
    const rows = auditRows(events);
    // A JSON null would be SQL NULL on this path (the column holds the JSON value null): apply's path.
    if (rows.some((r) => r.data === null)) return undefined;
    return { writes: [{ table: TABLE, key: ['stream', 'revision'], rows, onConflict: 'ignore' }] };
  },
};

function auditRows(events: readonly RecordedEvent[]) {
  return events
    .filter((e) => typeof e.metadata.org_id === 'string')
    .map((e) => ({
      org_id: e.metadata.org_id as string,
      position_commit: e.position.commit.toString(),
      position_prepare: e.position.prepare.toString(),
      stream: e.streamName,
      kind: streamKind(e.streamName),
      revision: e.revision.toString(),
      event_id: e.id,
      type: e.type,
      actor: text(e.metadata.user_id),
      correlation_id: text(e.metadata.correlation_id),
      causation_id: text(e.metadata.causation_id),
      request_id: text(e.metadata.request_id),
      hash: text(e.metadata.hash),
      data: e.data ?? null,
      created: e.created,
    }));
}
