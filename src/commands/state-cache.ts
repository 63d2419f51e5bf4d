// Folded stream states kept in memory, so a command on a long stream reads only the events appended
// since its last load. Safe because streams are append-only and the append still checks the
// expected revision: a state made stale by another process is caught up by the incremental read,
// and a race is caught by the store. States are immutable (evolve returns new objects).
import type { ExpectedRevision } from '../adapters/event-store.js';

interface Entry {
  state: unknown;
  revision: ExpectedRevision;
}

export class StateCache {
  /** One LRU per evolve function: a stream may be folded by several deciders (org settings, members…). */
  private readonly byFolder = new WeakMap<object, Map<string, Entry>>();

  constructor(private readonly maxStreams = 2_000) {}

  get<State>(folder: object, streamId: string): { state: State; revision: ExpectedRevision } | undefined {
    const lru = this.byFolder.get(folder);
    const entry = lru?.get(streamId);
    if (!lru || !entry) return undefined;
    // Re-insert: Map iteration order is insertion order, so the first key is the least recently used.
    lru.delete(streamId);
    lru.set(streamId, entry);
    return entry as { state: State; revision: ExpectedRevision };
  }

  set(folder: object, streamId: string, state: unknown, revision: ExpectedRevision): void {
    let lru = this.byFolder.get(folder);
    if (!lru) this.byFolder.set(folder, (lru = new Map<string, Entry>()));
    lru.delete(streamId);
    lru.set(streamId, { state, revision });
    if (lru.size > this.maxStreams) lru.delete(lru.keys().next().value!);
  }
}
