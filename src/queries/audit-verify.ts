// Recomputes the tamper-evidence chains of the event store (src/adapters/audit-chain.ts) through the
// port, so it runs the same on both stores: which streams (all, one, or an organization's: those with
// an event whose metadata names it), then each stream read in revision order and verified.
import { StreamNotFoundError, type EventStore } from '../adapters/event-store.js';
import { verifyChain, type ChainEvent, type ChainReport } from '../adapters/audit-chain.js';

export interface VerifyScope {
  org?: string | undefined;
  stream?: string | undefined;
}

/** Stream names in the scope, in the order the log first mentions them. */
export async function streamsInScope(store: EventStore, scope: VerifyScope): Promise<string[]> {
  if (scope.stream) return [scope.stream];
  const seen = new Set<string>();
  const ofOrg = new Set<string>();
  for await (const e of store.readAll()) {
    seen.add(e.streamName);
    if (scope.org !== undefined && e.metadata.org_id === scope.org) ofOrg.add(e.streamName);
  }
  return [...(scope.org !== undefined ? ofOrg : seen)];
}

/** One report per stream; a stream that does not exist reports no events. */
export async function verifyStreams(store: EventStore, streams: readonly string[]): Promise<ChainReport[]> {
  const reports: ChainReport[] = [];
  for (const stream of streams) {
    const events: ChainEvent[] = [];
    try {
      for await (const e of store.readStream(stream)) events.push(e);
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    reports.push(verifyChain(stream, events));
  }
  return reports;
}
