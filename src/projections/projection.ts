// What a read-model projection is. The projector (projector.ts) runs each one on its own checkpoint.
import type { Knex } from 'knex';
import type { EventFilter, RecordedEvent } from '../adapters/event-store.js';

export interface Projection {
  /** Stable name: the checkpoint id and the advisory-lock key derive from it. */
  readonly name: string;
  /** Bump when the projection's output changes; a changed version means "rebuild me". */
  readonly version: number;
  /** Read-model tables this projection owns and alone writes; truncated by a rebuild. */
  readonly tables: readonly string[];
  /** Events the projection wants, evaluated by the store. */
  readonly filter: EventFilter;
  /**
   * How often, at most, the live projection reads the log (ms; the store's default when absent). A
   * read model that no command waits for right after writing can trail by a few tens of ms and then
   * commits one batch where it would commit several under load.
   */
  readonly liveReadIntervalMs?: number;
  /**
   * Applies a batch of events (in global order) inside `trx`, the same transaction that moves the
   * checkpoint. Must be idempotent: applying an event twice leaves the same rows (guard on the
   * stream revision). Must not throw for business reasons: a throw is retried, and an event that
   * keeps failing (not for infrastructure) is parked after its attempts (parked-events.ts).
   */
  apply(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void>;
}
