// How far each consumer of the log (a projection, or a reactor: both keep a checkpoint row in
// projection_checkpoints) is behind the head: the events it wants after its checkpoint, counted up to
// a cap so that a far-behind consumer costs a bounded read, and the age of the oldest of them. Read
// from the database and the store, so any process can report it (docs/observability.md).
import { comparePositions, type EventFilter, type EventStore, type Position } from '../adapters/event-store.js';
import type { Knex } from 'knex';
import { readCheckpoints } from './checkpoints.js';

export interface LogConsumer {
  /** Its checkpoint row: a projection's name, or `reactor:<name>`. */
  name: string;
  filter?: EventFilter;
}

export interface ConsumerLag {
  name: string;
  /** Wanted events after the checkpoint, up to the head; at most `cap`. */
  events: number;
  /** Seconds since the oldest of them was appended; 0 when caught up. */
  seconds: number;
}

/** Events counted per consumer at most: a far-behind consumer reads this many, not the whole backlog. */
export const LAG_COUNT_CAP = 1_000;

export async function consumerLag(
  deps: { store: EventStore; knex: Knex; now?: () => Date },
  consumers: readonly LogConsumer[],
  cap = LAG_COUNT_CAP,
): Promise<ConsumerLag[]> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const head = await deps.store.headPosition();
  const checkpoints = await readCheckpoints(deps.knex, consumers.map((c) => c.name));
  // One consumer after the other: a scrape takes one pooled connection at a time, never the pool.
  const result: ConsumerLag[] = [];
  for (const { name, filter } of consumers) {
    const checkpoint = checkpoints.get(name)?.position ?? null;
    const { events, oldest } = await backlogAfter(deps.store, filter, checkpoint, head, cap);
    result.push({ name, events, seconds: oldest ? Math.max(0, now - oldest.getTime()) / 1000 : 0 });
  }
  return result;
}

/** The events `filter` wants after `checkpoint`, up to `head`, counted up to `cap`, and the oldest one's time. */
export async function backlogAfter(
  store: EventStore,
  filter: EventFilter | undefined,
  checkpoint: Position | null,
  head: Position | null,
  cap: number,
): Promise<{ events: number; oldest?: Date }> {
  if (!head || (checkpoint && comparePositions(checkpoint, head) >= 0)) return { events: 0 };
  let events = 0;
  let oldest: Date | undefined;
  // readAll is inclusive: the event at the checkpoint itself (if any) comes first and is skipped.
  for await (const event of store.readAll({ from: checkpoint ?? 'start', ...(filter ? { filter } : {}), maxCount: cap + 1, chain: false })) {
    if (checkpoint && comparePositions(event.position, checkpoint) <= 0) continue;
    if (comparePositions(event.position, head) > 0) break;
    oldest ??= event.created;
    if (++events >= cap) break;
  }
  return { events, ...(oldest ? { oldest } : {}) };
}
