// The batch loop, shared by the live projector, rebuild and the shadow rebuild (one code path for live
// and replay): subscribe after a checkpoint, accumulate events into batches, and apply each batch
// with its checkpoint compare-and-set in ONE transaction.
//   - a batch is flushed when full, at caughtUp, at a checkpoint item once live, or when the next
//     item is not immediately available once live (so a live event is applied at once); during
//     catch-up a short delay lets batches fill;
//   - the advance is a compare-and-set on the old position, and the lock is checked in the same
//     transaction (fencing: a runner that lost leadership can never commit).
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import { advanceCheckpoint, CheckpointConflictError } from './checkpoints.js';
import type { ProjectionLock } from './projection-lock.js';
import type { Projection } from './projection.js';
import { ReadAhead } from './read-ahead.js';

export interface RunBatchesOptions {
  store: EventStore;
  db: Database;
  projection: Projection;
  lock: ProjectionLock;
  /** Exclusive start; null = from the beginning of the log. */
  from: Position | null;
  batchSize: number;
  maxBatchDelayMs: number;
  signal: AbortSignal;
  /** Stop (after applying everything up to it) once the log is read up to this position. */
  until?: Position;
  onCommitted?: (position: Position, events: number) => void;
}

/** Subscribes after `from` and applies batches until aborted (or `until` is reached). Returns the last committed position. */
export async function runBatches(options: RunBatchesOptions): Promise<Position | null> {
  const { store, projection, signal, until, batchSize } = options;
  const iterable = store.subscribeToAll({ after: options.from ?? 'start', filter: projection.filter, signal });
  const reader = new ReadAhead(iterable[Symbol.asyncIterator](), Math.max(2 * batchSize, 1_000), signal);

  let current = options.from;
  let batch: RecordedEvent[] = [];
  let batchEnd: Position | null = null;
  let live = false;

  const flush = async () => {
    if (batchEnd === null) return;
    if (current !== null && comparePositions(batchEnd, current) <= 0) {
      batch = [];
      batchEnd = null;
      return;
    }
    const events = batch;
    const to = batchEnd;
    await applyBatch(options, current, to, events);
    current = to;
    batch = [];
    batchEnd = null;
    options.onCommitted?.(to, events.length);
  };
  const beyondUntil = (p: Position) => until !== undefined && comparePositions(p, until) > 0;

  let finished = false;
  try {
    while (!finished && !signal.aborted) {
      if (reader.size === 0) {
        if (batchEnd === null && reader.drained()) break;
        if (batchEnd !== null) {
          // Nothing waiting. Live: if nothing arrives by the next turn of the event loop, apply now.
          // Catching up: the next page is on its way; give the batch a moment to fill.
          if (live) await immediate();
          else await reader.wait(options.maxBatchDelayMs);
          if (reader.size === 0) await flush();
          continue;
        }
        await reader.wait();
        continue;
      }
      for (const item of reader.take()) {
        if (item.kind === 'event') {
          if (beyondUntil(item.event.position)) {
            finished = true;
            break;
          }
          batch.push(item.event);
          batchEnd = item.event.position;
          if (batch.length >= batchSize) await flush();
        } else if (item.kind === 'checkpoint') {
          // Progress through filtered-out events: stored too, so a restart skips them. Live, at once
          // (waitFor on a position the filter skips must come true); while catching up it rides with
          // the next flush, so a sparse projection does not commit once per page of the log.
          if (beyondUntil(item.position)) {
            finished = true;
            break;
          }
          if (batchEnd === null || comparePositions(item.position, batchEnd) > 0) batchEnd = item.position;
          if (live) await flush();
        } else {
          live = true;
          await flush();
          if (until) {
            finished = true;
            break;
          }
        }
      }
    }
    // Stopping (or done): finish what has been read, unless leadership is gone.
    if (!options.lock.lost) await flush();
  } finally {
    reader.close();
  }
  return current;
}

/** One transaction: the projection's rows, then the lock check and the checkpoint compare-and-set. */
export async function applyBatch(
  ctx: { db: Database; projection: Projection; lock: ProjectionLock },
  from: Position | null,
  to: Position,
  events: readonly RecordedEvent[],
): Promise<void> {
  const { projection, lock } = ctx;
  await ctx.db.knex.transaction(async (trx) => {
    // Read models are derived: a crash that loses this commit loses the rows and the checkpoint
    // together (WAL order), and the batch is applied again from the log. So the projector need not
    // wait for the disk, and leaves the fsyncs to the commands, whose appends must be durable.
    await trx.raw('SET LOCAL synchronous_commit = off');
    if (events.length > 0) await projection.apply(trx, events);
    await lock.assertHeld(trx);
    if (!(await advanceCheckpoint(trx, projection.name, from, to))) {
      throw new CheckpointConflictError(projection.name);
    }
  });
}

// --- small helpers ---------------------------------------------------------------------------------

function immediate(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
