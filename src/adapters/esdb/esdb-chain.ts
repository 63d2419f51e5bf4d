// The tamper-evidence chain on EventStoreDB (formula: ../audit-chain.ts). EventStoreDB cannot compute
// the link itself, so the adapter reads the stream's tail, seals the batch after it, and appends with
// the tail's revision as the expected revision: a concurrent appender makes the append fail with a
// wrong expected version instead of forking the chain. For 'any' and 'stream_exists' the caller did
// not ask for that check, so planAppend says to retry with a fresh tail.
import { StreamNotFoundError, type EventToAppend, type ExpectedRevision, type RecordedEvent } from '../event-store.js';
import { HASH_KEY, sealEvents } from '../audit-chain.js';

export interface AppendPlan {
  /** The expected revision to send: the caller's, or the tail's for 'any' / 'stream_exists'. */
  expected: ExpectedRevision;
  events: EventToAppend[];
  /** The caller's expectation was loosened to the tail: a wrong expected version means "retry". */
  retryOnConflict: boolean;
  /** Set when these ids already are the stream's tail: the idempotent answer, nothing to append. */
  idempotent?: RecordedEvent;
}

/** The last `count` events of a stream, newest first; empty when the stream does not exist. */
export async function readTail(read: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  try {
    for await (const e of read) out.push(e);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  }
  return out;
}

export function planAppend(stream: string, expected: ExpectedRevision, events: EventToAppend[], tail: RecordedEvent[]): AppendPlan {
  const last = tail[0];
  const hashOf = (e: RecordedEvent | undefined) => (e && typeof e.metadata[HASH_KEY] === 'string' ? (e.metadata[HASH_KEY]) : null);
  if (expected === 'any' || expected === 'stream_exists') {
    // EventStoreDB's idempotence for a loose expectation: the same ids already sit at the tail.
    const ids = events.map((e) => e.id);
    const tailIds = tail.slice(0, events.length).map((e) => e.id).reverse();
    if (last && ids.every((id) => id !== undefined) && tailIds.length === ids.length && tailIds.every((id, i) => id === ids[i])) {
      return { expected, events, retryOnConflict: false, idempotent: last };
    }
    if (!last) {
      // No stream: 'stream_exists' must fail as the caller asked; 'any' creates it.
      if (expected === 'stream_exists') return { expected, events: sealEvents(stream, 0n, null, events), retryOnConflict: false };
      return { expected: 'no_stream', events: sealEvents(stream, 0n, null, events), retryOnConflict: true };
    }
    return { expected: last.revision, events: sealEvents(stream, last.revision + 1n, hashOf(last), events), retryOnConflict: true };
  }
  if (expected === 'no_stream') return { expected, events: sealEvents(stream, 0n, null, events), retryOnConflict: false };
  // An exact revision: when the tail is elsewhere EventStoreDB answers (idempotent or conflict) without
  // writing these events, so their seal does not matter.
  const prev = last && last.revision === expected ? hashOf(last) : null;
  return { expected, events: sealEvents(stream, expected + 1n, prev, events), retryOnConflict: false };
}
