// The batch loop, shared by the live projector, rebuild and the shadow rebuild (one code path for live
// and replay): subscribe after a checkpoint, accumulate events into batches, and apply each batch
// with its checkpoint compare-and-set in ONE transaction.
//   - a batch is flushed when full, at caughtUp, and once live after every chunk the reader hands
//     over (so a live event is applied at once, and what arrived during a flush is the next batch);
//     during catch-up a short delay lets batches fill;
//   - the advance is a compare-and-set on the old position, and the lock is checked in the same
//     transaction (fencing: a runner that lost leadership can never commit);
//   - with `poison` (the live projector), a batch that fails for a reason other than infrastructure
//     is applied again one event at a time, each in a savepoint of one transaction, so only the
//     events that fail are found; once an event has failed its attempts it is parked in that same
//     transaction, the rest of the batch is applied, and the checkpoint moves past it.
import type { Knex } from 'knex';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import { inEventsSpan } from '../adapters/telemetry/spans.js';
import { writeBatchStatement } from './batch-statement.js';
import { advanceCheckpoint, CheckpointConflictError } from './checkpoints.js';
import { isInfrastructureError, parkEvent, type AttemptCounter } from './parked-events.js';
import type { ProjectionLock } from './projection-lock.js';
import type { Projection } from './projection.js';
import { KeptRows } from './kept-rows.js';
import { ReadAhead } from './read-ahead.js';
import { yieldToEventLoop } from '../lib/event-loop.js';

/**
 * Rows a projection may keep between batches (kept-rows.ts): ~50,000 run actions are a few tens of
 * MB, and hold every action of a few hundred large runs.
 */
export const KEPT_ROWS = 50_000;

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
  /** Park events that keep failing instead of retrying them forever (the live projector only). */
  poison?: PoisonHandling;
}

export interface PoisonHandling {
  /** Failed attempts per event, kept by the caller across restarts of the loop. */
  attempts: AttemptCounter;
  onParked?: (event: RecordedEvent, error: unknown, attempts: number) => void;
  /** The whole batch failed (not for infrastructure): its events are about to be applied one by one. */
  onBatchFailed?: (error: unknown, events: number) => void;
}

/** A batch failed on events that still have attempts left: the caller retries it with backoff. */
export class EventApplyError extends Error {
  override readonly name = 'EventApplyError';
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(`projection ${projection} failed to apply ${event.type} ${event.id} of ${event.streamName} (attempt ${attempts})`, options);
  }
}

/** Subscribes after `from` and applies batches until aborted (or `until` is reached). Returns the last committed position. */
export async function runBatches(options: RunBatchesOptions): Promise<Position | null> {
  const { store, projection, signal, until, batchSize } = options;
  // Rows the projection keeps between batches while this loop runs (dropped with it: a restart,
  // after an error or a new leadership, starts from the tables).
  const kept = new KeptRows<unknown>(KEPT_ROWS);
  const ctx = { ...options, kept };
  const iterable = store.subscribeToAll({
    after: options.from ?? 'start',
    filter: projection.filter,
    chain: projection.readsChain === true,
    signal,
    ...(projection.liveReadIntervalMs !== undefined ? { liveReadIntervalMs: projection.liveReadIntervalMs } : {}),
  });
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
    const from = current;
    const apply = () => (options.poison ? applyBatchOrPark(ctx, options.poison, from, to, events) : applyBatchFast(ctx, from, to, events));
    // A span per batch of events, continuing the trace of the request that appended them (docs/observability.md).
    if (events.length === 0) await apply();
    else await inEventsSpan(`projection ${projection.name}`, events, { attributes: { 'sprintguard.projection': projection.name, 'sprintguard.event.count': events.length } }, apply);
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
          if (live) await yieldToEventLoop();
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
      // Live, what was taken is applied now, whether or not more is already waiting: under a steady
      // stream of appends the reader is seldom empty, and waiting for it to be would let a batch grow
      // to batchSize (hundreds of ms of lag). What arrives during this flush is the next batch, so
      // batches still grow with the load while the lag stays about one flush.
      if (live && !finished) await flush();
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
  // Nothing to write: the checkpoint statement is its own transaction (no BEGIN, no COMMIT).
  if (events.length === 0) return commitCheckpoint(ctx.db.knex, ctx, from, to);
  await ctx.db.knex.transaction(async (trx) => {
    await ctx.projection.apply(trx, events);
    await commitCheckpoint(trx, ctx, from, to);
  });
}

/**
 * The batch as one statement when the projection gives its writes as data (its reads, if any, one
 * statement before); otherwise, or when the statement is refused, applyBatch. A refusal writes
 * nothing, so the transaction that follows decides as it always did: rows and checkpoint, a
 * CheckpointConflictError or a LeadershipLostError. The kept rows survive only a written statement.
 */
export async function applyBatchFast(
  ctx: { db: Database; projection: Projection; lock: ProjectionLock; kept?: KeptRows<unknown> },
  from: Position | null,
  to: Position,
  events: readonly RecordedEvent[],
): Promise<void> {
  const { projection, lock, db } = ctx;
  const kept = ctx.kept ?? new KeptRows<unknown>(0);
  if (projection.prepareBatch) {
    try {
      if (lock.lost) await lock.assertHeld(db.knex);
      // A batch without events moves the checkpoint alone, still on the kept rows' stamp.
      const prepared =
        events.length > 0
          ? await projection.prepareBatch({ db: db.knex, checkpoint: projection.name, kept }, events)
          : { writes: [], ...(kept.stamp !== undefined ? { stamp: kept.stamp } : {}) };
      if (prepared) {
        const written = await writeBatchStatement(db.knex, projection.name, from, to, prepared, { fence: lock.heldCondition, asyncCommit: true });
        if (written.outcome === 'written') {
          kept.stamp = kept.size > 0 ? written.stamp : undefined;
          return;
        }
      }
    } catch (err) {
      kept.clear();
      throw err;
    }
    kept.clear();
  }
  await applyBatch(ctx, from, to, events);
}

/**
 * The end of a batch transaction: the checkpoint compare-and-set, fenced by the lock, in one
 * statement (a batch is BEGIN, the rows, this, COMMIT). Read models are derived: a crash that loses
 * the commit loses the rows and the checkpoint together (WAL order), and the batch is applied again
 * from the log, so the projector need not wait for the disk and leaves the fsyncs to the commands,
 * whose appends must be durable. When the update finds nothing, the lock check tells a lost
 * leadership (LeadershipLostError) from another runner's move (CheckpointConflictError).
 */
async function commitCheckpoint(
  db: Knex,
  ctx: { projection: Projection; lock: ProjectionLock },
  from: Position | null,
  to: Position,
): Promise<void> {
  if (ctx.lock.lost) await ctx.lock.assertHeld(db);
  if (await advanceCheckpoint(db, ctx.projection.name, from, to, { fence: ctx.lock.heldCondition, asyncCommit: true })) return;
  await ctx.lock.assertHeld(db);
  throw new CheckpointConflictError(ctx.projection.name);
}

/**
 * applyBatchFast; when it fails for a reason other than infrastructure, the batch again, one event per
 * savepoint of one transaction: events that fail count an attempt; when every failing event has used
 * its attempts they are parked, with the rest of the batch and the checkpoint, in that transaction.
 * Otherwise the whole transaction rolls back with an EventApplyError, which the caller retries.
 */
async function applyBatchOrPark(
  ctx: { db: Database; projection: Projection; lock: ProjectionLock; kept?: KeptRows<unknown> },
  poison: PoisonHandling,
  from: Position | null,
  to: Position,
  events: readonly RecordedEvent[],
): Promise<void> {
  try {
    await applyBatchFast(ctx, from, to, events);
    return;
  } catch (err) {
    if (events.length === 0 || ctx.lock.lost || isInfrastructureError(err)) throw err;
    poison.onBatchFailed?.(err, events.length);
  }
  const { projection } = ctx;
  const parked = await ctx.db.knex.transaction(async (trx) => {
    const failed: { event: RecordedEvent; error: unknown }[] = [];
    for (const event of events) {
      try {
        await trx.transaction(async (savepoint) => projection.apply(savepoint, [event]));
      } catch (error) {
        if (isInfrastructureError(error)) throw error;
        failed.push({ event, error });
      }
    }
    for (const f of failed) poison.attempts.fail(f.event.id);
    const retry = failed.find((f) => !poison.attempts.exhausted(f.event.id));
    if (retry) throw new EventApplyError(projection.name, retry.event, poison.attempts.count(retry.event.id), { cause: retry.error });
    for (const f of failed) await parkEvent(trx, projection.name, f.event, f.error, poison.attempts.count(f.event.id));
    await commitCheckpoint(trx, ctx, from, to);
    return failed;
  });
  for (const f of parked) {
    poison.onParked?.(f.event, f.error, poison.attempts.count(f.event.id));
    poison.attempts.forget(f.event.id);
  }
}
