// email_suppressions: one row per address that was ever suppressed, from the deployment-wide
// `suppressions` stream. No org_id column, and no organization filter in its queries: the list is
// the mail provider's view of the whole deployment (an address that bounced bounces for every
// organization), it is served only to the system API key, never to an organization's members.
//
// A removal keeps the row with `suppressed = false` (a tombstone): the row's revision must stay,
// so that an older EmailSuppressed delivered again cannot bring the address back. A suppression
// after a removal starts a new episode: first_suppressed_at and the count start again.
// The SMTP diagnostic text is not in the events, so it cannot reach this table.
import type { SuppressionEvent } from '../domain/suppression.events.js';
import { suppressionsStreamId } from '../domain/streams.js';
import type { Projection } from './projection.js';
import { upsertForward } from './upsert.js';

export const EMAIL_SUPPRESSIONS_PROJECTION = 'email_suppressions';
const TABLE = 'email_suppressions';

interface Row {
  email: string;
  suppressed: boolean;
  reason: string;
  type: string | null;
  sub_type: string | null;
  first_suppressed_at: Date;
  last_suppressed_at: Date;
  suppression_count: number;
  last_message_id: string;
  removed_at: Date | null;
  revision: string;
}

export const emailSuppressionsProjection: Projection = {
  name: EMAIL_SUPPRESSIONS_PROJECTION,
  version: 1,
  tables: [TABLE],
  filter: { streamPrefixes: [suppressionsStreamId()], eventTypePrefixes: ['EmailSuppress'] },
  async apply(trx, events) {
    const ours = events.filter((e) => e.streamName === suppressionsStreamId());
    if (ours.length === 0) return;
    const emails = [...new Set(ours.map((e) => (e.data as { email: string }).email))];
    // The count and the first time carry over from the stored row: read the rows this batch touches.
    const stored = (await trx(TABLE).whereIn('email', emails).select('*')) as (Omit<Row, 'revision'> & { revision: string | number })[];
    const rows = new Map<string, Row>(stored.map((r) => [r.email, { ...r, revision: String(r.revision) }]));
    for (const recorded of ours) {
      const event = { type: recorded.type, data: recorded.data } as SuppressionEvent;
      const current = rows.get(event.data.email);
      // Applied already (a replay, or a rebuild overlapping the live run).
      if (current && BigInt(current.revision) >= recorded.revision) continue;
      const revision = recorded.revision.toString();
      if (event.type === 'EmailSuppressed') {
        const at = new Date(event.data.at);
        const episode = current?.suppressed === true;
        rows.set(event.data.email, {
          email: event.data.email,
          suppressed: true,
          reason: event.data.reason,
          type: event.data.type,
          sub_type: event.data.sub_type,
          first_suppressed_at: episode ? (current.first_suppressed_at < at ? current.first_suppressed_at : at) : at,
          last_suppressed_at: episode && current.last_suppressed_at > at ? current.last_suppressed_at : at,
          suppression_count: episode ? current.suppression_count + 1 : 1,
          last_message_id: event.data.source_message_id,
          removed_at: null,
          revision,
        });
      } else if (event.type === 'EmailSuppressionRemoved' && current) {
        rows.set(event.data.email, { ...current, suppressed: false, removed_at: new Date(event.data.at), revision });
      }
    }
    await upsertForward(trx, TABLE, ['email'], [...rows.values()]);
  },
};
