// members: the stored role assignments of every organization, from MemberRoleAssigned events on the
// org streams. The HTTP layer reads it on every request to resolve the caller's role, so it is
// keyed by (org_id, user_id). Upserts are guarded by the stream revision: a replay changes nothing.
import type { Knex } from 'knex';
import type { OrgEvent } from '../domain/org.events.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import { upsertForward as upsert } from './upsert.js';
import type { Projection } from './projection.js';

type Row = Record<string, unknown> & { revision: string };

export const MEMBERS_PROJECTION = 'members';

export const membersProjection: Projection = {
  name: MEMBERS_PROJECTION,
  version: 1,
  tables: ['members'],
  filter: { streamPrefixes: [streamCategories.org], eventTypePrefixes: ['MemberRoleAssigned', 'MemberRoleRevoked'] },
  async apply(trx, events) {
    const rows = new Map<string, Row>();
    for (const recorded of events) {
      const orgId = idOfStream('org', recorded.streamName);
      if (orgId === undefined) continue;
      const event = { type: recorded.type, data: recorded.data } as OrgEvent;
      if (event.type === 'MemberRoleRevoked') {
        // Upserts of this batch first, then the delete, guarded like them by the stream revision.
        await flush(trx, rows);
        await trx('members').where({ org_id: orgId, user_id: event.data.user_id }).where('revision', '<', recorded.revision.toString()).delete();
        continue;
      }
      if (event.type !== 'MemberRoleAssigned') continue;
      const { user_id, role, permissions } = event.data;
      // Last event per key wins inside the batch; events arrive in stream order.
      rows.set(`${orgId}\u0000${user_id}`, {
        org_id: orgId,
        user_id,
        role,
        permissions,
        assigned_by: typeof recorded.metadata.user_id === 'string' ? recorded.metadata.user_id : null,
        revision: recorded.revision.toString(),
        updated_at: recorded.created,
      });
    }
    await flush(trx, rows);
  },
};

async function flush(trx: Knex.Transaction, rows: Map<string, Row>): Promise<void> {
  if (rows.size === 0) return;
  await upsert(trx, 'members', ['org_id', 'user_id'], [...rows.values()]);
  rows.clear();
}
