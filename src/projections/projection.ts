// What a read-model projection is. The projector (projector.ts) runs each one on its own checkpoint.
import type { Knex } from 'knex';
import type { EventFilter, RecordedEvent } from '../adapters/event-store.js';
import type { KeptRows } from './kept-rows.js';

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
   * True for a projection that reads the chain's hashes from its events' metadata (the audit log's).
   * Without it the projection reads without them (SubscribeToAllOptions.chain): its events may or
   * may not carry them (catch-up reads leave them out, the live tail's do not), so a projection that
   * uses them must say so.
   */
  readonly readsChain?: boolean;
  /**
   * Applies a batch of events (in global order) inside `trx`, the same transaction that moves the
   * checkpoint. Must be idempotent: applying an event twice leaves the same rows (guard on the
   * stream revision). Must not throw for business reasons: a throw is retried, and an event that
   * keeps failing (not for infrastructure) is parked after its attempts (parked-events.ts).
   */
  apply(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Optional fast path: the batch's writes as data (rows per table), which the batch loop sends with
   * the fenced checkpoint compare-and-set as ONE autocommit statement (batch-statement.ts), instead
   * of a transaction of several round trips. It may read, in autocommit and in one statement, and
   * keep rows in `ctx.kept` for the next batches (kept-rows.ts), but must not write. A projection
   * that reads its own rows returns the checkpoint's `stamp` as of that read (or `kept.stamp` when
   * it read nothing): the statement writes only if no other writer touched the tables since.
   * Returns undefined for a batch it cannot express so: `apply` then runs. Its rows must be what
   * `apply` would write; a throw that is not infrastructure sends the batch to `apply`, one event
   * per savepoint (the poison path).
   */
  prepareBatch?(ctx: BatchContext, events: readonly RecordedEvent[]): Promise<BatchWrites | undefined>;
}

export interface BatchContext {
  db: Knex;
  /** The name of the projection's checkpoint row (the shadow rebuild's differs from the projection's). */
  checkpoint: string;
  kept: KeptRows<unknown>;
}

/** One table's rows of a batch, as the JSON path of upsert.ts writes them. */
export interface TableWrite {
  table: string;
  key: readonly string[];
  rows: readonly object[];
  /**
   * `forward`: insert, or update a row whose revision is older; `ignore`: insert, keep an existing
   * row; `existing`: rows the table holds already (the leader read them, or wrote them, under the
   * stamp), each with its key, `revision` and only the columns that may have changed: an UPDATE of
   * those columns, nothing inserted. A row deleted by hand meanwhile stays deleted, as `apply`,
   * which finds no row to fold the event into, leaves it too (verify and rebuild restore it).
   */
  onConflict: 'forward' | 'ignore' | 'existing';
}

export interface BatchWrites {
  writes: readonly TableWrite[];
  /**
   * The checkpoint row's `updated_at` (as text) read together with the rows the writes were computed
   * from: the statement writes only if it is unchanged, i.e. no one else wrote the tables meanwhile
   * (a parked event's retry, a shadow rebuild's swap, which both touch it). Without it, the
   * statement does not look at updated_at.
   */
  stamp?: string;
}
