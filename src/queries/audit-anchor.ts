// An audit anchor: the head of every chain of an organization's streams, signed by the service. An
// auditor keeps it; later, `audit verify` (or a new anchor) shows whether the history it covers is still
// the same: a chain re-verifies to the same hash at the anchored revision only if nothing before it
// changed.
import type { Knex } from 'knex';
import type { EventStore } from '../adapters/event-store.js';
import { HASH_KEY } from '../adapters/audit-chain.js';

export interface AnchorHead {
  stream: string;
  revision: string;
  hash: string | null;
}

export interface AnchorPayload {
  org_id: string;
  /** When the anchor was taken (ISO). */
  at: string;
  streams: AnchorHead[];
}

/** The organization's streams, from the audit_events read model. */
export async function orgStreams(knex: Knex, orgId: string): Promise<string[]> {
  const rows = (await knex('audit_events').where({ org_id: orgId }).distinct('stream').orderBy('stream')) as { stream: string }[];
  return rows.map((r) => r.stream);
}

/** Each stream's last event, read from the store itself (the read model may trail it). */
export async function anchorHeads(store: EventStore, streams: readonly string[]): Promise<AnchorHead[]> {
  const heads: AnchorHead[] = [];
  for (const stream of streams) {
    for await (const last of store.readStream(stream, { from: 'end', direction: 'backwards', maxCount: 1 })) {
      const hash = last.metadata[HASH_KEY];
      heads.push({ stream, revision: last.revision.toString(), hash: typeof hash === 'string' ? hash : null });
    }
  }
  return heads;
}
