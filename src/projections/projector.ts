// The projection runner. For each projection, on its own checkpoint:
//   1. leader election: the projection's advisory lock (projection-lock.ts); standby instances retry
//      every few seconds; if the lock's connection dies the runner stops applying at once;
//   2. subscribe to the global log AFTER the stored checkpoint (exclusive start: no duplicate), with
//      the projection's filter, and apply batches, each with its checkpoint compare-and-set in ONE
//      transaction (batch-loop.ts, shared with rebuild);
//   3. infrastructure errors are logged and retried with backoff (lib/retry.ts) from the stored
//      checkpoint; nothing here ever crashes the process;
//   4. an event that fails to apply for another reason is retried `maxAttempts` times, then parked
//      (parked-events.ts, batch-loop.ts): the rest of the log goes on.
// Waiting for a read model to catch up is checkpoint-waiter.ts.
import { setMaxListeners } from 'node:events';
import { formatPosition, type EventStore, type Position } from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import { backoffDelay, sleep, type BackoffPolicy } from '../lib/retry.js';
import { EventApplyError, runBatches } from './batch-loop.js';
import { createCheckpointWaiter, type KnownCheckpoint, type WaitForOptions } from './checkpoint-waiter.js';
import { CheckpointConflictError, ensureCheckpoint, readCheckpoints } from './checkpoints.js';
import { backlogAfter } from './consumer-lag.js';
import { AttemptCounter, countParkedEvents, DEFAULT_MAX_ATTEMPTS, describeParkingError } from './parked-events.js';
import { DEFAULT_HEARTBEAT_MS, tryAcquireProjectionLock, type ProjectionLock } from './projection-lock.js';
import type { Projection } from './projection.js';
import pino from 'pino';

// The projector's parts, exported from here as well so callers keep one import.
export { applyBatch, EventApplyError, runBatches, type RunBatchesOptions } from './batch-loop.js';
export { countParkedEvents, listParkedEvents, type ParkedEvent } from './parked-events.js';
export type { KnownCheckpoint, WaitForOptions } from './checkpoint-waiter.js';
export { LeadershipLostError, tryAcquireProjectionLock, type ProjectionLock } from './projection-lock.js';

/** Pino-compatible (`logger.info(details, message)`), so a Fastify/pino logger can be passed as is. */
export interface ProjectorLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface ProjectorDeps {
  store: EventStore;
  db: Database;
  projections: readonly Projection[];
  /** Events per transaction (default 500). */
  batchSize?: number;
  log?: ProjectorLog;
  /** Attempts at an event that fails to apply before it is parked (default 5); infrastructure errors never count. */
  maxAttempts?: number;
  /** Tuning, mostly for tests. */
  timing?: Partial<ProjectorTiming>;
  /**
   * Told of each checkpoint this instance commits, and of each projection it stops applying, after
   * its own waiter: the projector thread passes them on to the process's waiter on the requests' thread.
   */
  onCommitted?: (name: string, position: Position) => void;
  onReleased?: (name: string) => void;
}

export interface ProjectorTiming {
  /** How often a standby instance tries to take the lock. */
  leaderRetryMs: number;
  /** How often the lock connection is probed. */
  heartbeatMs: number;
  /** During catch-up, how long a partial batch waits for more events before it is flushed. */
  maxBatchDelayMs: number;
  /** First and largest retry delay after an infrastructure error. */
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** Checkpoint-table poll period of waitFor (for checkpoints moved by other processes). */
  waitForPollMs: number;
}

const DEFAULT_TIMING: ProjectorTiming = {
  leaderRetryMs: 3_000,
  heartbeatMs: DEFAULT_HEARTBEAT_MS,
  maxBatchDelayMs: 100,
  backoffInitialMs: 200,
  backoffMaxMs: 30_000,
  waitForPollMs: 25,
};

export const DEFAULT_BATCH_SIZE = 500;


export interface ProjectionStatus {
  name: string;
  /** Version of the projection code in this process. */
  version: number;
  /** Version that wrote the stored rows; differs from `version` when a rebuild is due. */
  storedVersion: number | null;
  needsRebuild: boolean;
  checkpoint: Position | null;
  updatedAt: Date | null;
  head: Position | null;
  /** An event the projection wants sits between its checkpoint and the store's head. */
  behind: boolean;
  /** Milliseconds since the oldest unprocessed event was created; 0 when caught up. */
  lagMs: number;
  /** This instance holds the projection's lock (is its leader). */
  leader: boolean;
  /** Events parked by this projection (see parked-events.ts). */
  parked: number;
}


export interface Projector {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<ProjectionStatus[]>;
  /** True once every named projection's checkpoint is at or past `position`; false on timeout. */
  waitFor(position: Position, options?: WaitForOptions): Promise<boolean>;
  /**
   * The named projection's checkpoint as this process knows it, read again from the checkpoint
   * table when the last read is older than `maxAgeMs` (one read per process at a time, however many
   * callers ask): its position (undefined before anything is applied) and when the row last changed
   * as of that read (a rebuild's swap changes the tables without moving the position).
   */
  knownCheckpoint(name: string, maxAgeMs: number): Promise<KnownCheckpoint>;
}

export function createProjector(deps: ProjectorDeps): Projector {
  const timing: ProjectorTiming = { ...DEFAULT_TIMING, ...deps.timing };
  const log = deps.log ?? defaultLog;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const names = new Set<string>();
  for (const p of deps.projections) {
    if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
    names.add(p.name);
  }

  const waiter = createCheckpointWaiter({ knex: deps.db.knex, names: [...names], pollMs: timing.waitForPollMs });
  const leaders = new Map<string, ProjectionLock>();
  let stopController: AbortController | undefined;
  let workers: Promise<void>[] = [];
  // Jitter, so that several instances do not retry in lockstep.
  const backoffPolicy: BackoffPolicy = { initialMs: timing.backoffInitialMs, maxMs: timing.backoffMaxMs, jitter: 0.25 };

  async function runWorker(projection: Projection, stop: AbortSignal): Promise<void> {
    const { name } = projection;
    const attempts = new AttemptCounter(deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    let failures = 0;
    const backoff = () => backoffDelay(failures++, backoffPolicy);
    while (!stop.aborted) {
      // 1. Leader election.
      let lock: ProjectionLock | null;
      try {
        lock = await tryAcquireProjectionLock(deps.db, name, timing.heartbeatMs);
      } catch (err) {
        log.error({ err, projection: name }, 'projection lock: cannot reach the database');
        await sleep(backoff(), stop);
        continue;
      }
      if (!lock) {
        await sleep(timing.leaderRetryMs, stop);
        continue;
      }
      log.info({ projection: name }, 'projection: leader');
      leaders.set(name, lock);
      let conflict = false;
      try {
        while (!stop.aborted && !lock.lost) {
          try {
            const checkpoint = await ensureCheckpoint(deps.db.knex, name, projection.version);
            if (checkpoint.version !== projection.version) {
              log.warn(
                { projection: name, stored: checkpoint.version, code: projection.version },
                'projection: stored rows come from another version; run `sprintguard projections rebuild`',
              );
            }
            // 2. Subscribe after the checkpoint and apply batches until stopped or failed.
            const signal = AbortSignal.any([stop, lock.signal]);
            await runBatches({
              store: deps.store,
              db: deps.db,
              projection,
              lock,
              from: checkpoint.position,
              batchSize,
              maxBatchDelayMs: timing.maxBatchDelayMs,
              signal,
              onCommitted: (position) => {
                failures = 0;
                waiter.committed(name, position);
                deps.onCommitted?.(name, position);
              },
              poison: {
                attempts,
                onBatchFailed: (err, events) => log.error({ err, projection: name, events }, 'projection: batch failed; retrying its events one at a time'),
                onParked: (event, error, count) =>
                  log.error(
                    { projection: name, position: formatPosition(event.position), stream: event.streamName, eventId: event.id, type: event.type, attempts: count, error: describeParkingError(error) },
                    'projection: event parked after its attempts; going on with the rest (`sprintguard projections retry` applies it again)',
                  ),
              },
            });
            if (!signal.aborted) throw new Error('the subscription to the event store ended');
          } catch (err) {
            if (stop.aborted && !(err instanceof CheckpointConflictError)) break;
            if (err instanceof CheckpointConflictError) {
              log.warn({ projection: name }, 'projection: checkpoint moved by another runner; giving up leadership');
              conflict = true;
              break;
            }
            if (lock.lost) break;
            // 3. Infrastructure error: retry from the stored checkpoint, keeping the lock.
            const delay = backoff();
            if (err instanceof EventApplyError) {
              log.warn(
                { projection: name, stream: err.event.streamName, eventId: err.event.id, type: err.event.type, attempts: err.attempts, error: describeParkingError(err.cause), retryInMs: delay },
                'projection: an event failed to apply; retrying',
              );
            } else log.error({ err, projection: name, retryInMs: delay }, 'projection: batch failed; retrying');
            await sleep(delay, AbortSignal.any([stop, lock.signal]));
          }
        }
      } finally {
        leaders.delete(name);
        waiter.forget(name);
        deps.onReleased?.(name);
        await lock.release();
      }
      if (lock.lost && !stop.aborted) log.error({ projection: name }, 'projection: lock connection lost; stopped applying');
      if (conflict || lock.lost) await sleep(timing.leaderRetryMs, stop);
    }
  }

  async function status(): Promise<ProjectionStatus[]> {
    const head = await deps.store.headPosition();
    const stored = await readCheckpoints(deps.db.knex, [...names]);
    const parked = await countParkedEvents(deps.db.knex);
    const result: ProjectionStatus[] = [];
    for (const projection of deps.projections) {
      const cp = stored.get(projection.name);
      const checkpoint = cp?.position ?? null;
      // Whether anything is waiting, and since when: the first wanted event is enough.
      const { oldest } = await backlogAfter(deps.store, projection.filter, checkpoint, head, 1);
      const lock = leaders.get(projection.name);
      result.push({
        name: projection.name,
        version: projection.version,
        storedVersion: cp?.version ?? null,
        needsRebuild: cp !== undefined && cp.version !== projection.version,
        checkpoint,
        updatedAt: cp?.updatedAt ?? null,
        head,
        behind: oldest !== undefined,
        lagMs: oldest ? Math.max(0, Date.now() - oldest.getTime()) : 0,
        leader: lock !== undefined && !lock.lost,
        parked: parked[projection.name] ?? 0,
      });
    }
    return result;
  }

  return {
    async start() {
      if (stopController) return;
      const controller = new AbortController();
      // Every projection's worker, subscription and backoff listens to it: one per projection by design.
      setMaxListeners(0, controller.signal);
      stopController = controller;
      workers = deps.projections.map((p) =>
        runWorker(p, controller.signal).catch((err: unknown) => {
          // Not expected: runWorker handles its errors. Logged so that it can never crash the process.
          log.error({ err, projection: p.name }, 'projection worker stopped unexpectedly');
        }),
      );
    },
    async stop() {
      if (!stopController) return;
      stopController.abort();
      await Promise.all(workers);
      workers = [];
      stopController = undefined;
    },
    status,
    waitFor: (position, options) => waiter.waitFor(position, options),
    knownCheckpoint: (name, maxAgeMs) => waiter.knownCheckpoint(name, maxAgeMs),
  };
}

/** The oldest event the projection wants after its checkpoint and not after `head`. */
/**
 * Without a logger of the caller's, warnings and errors still go out as JSON lines (on stderr, so a
 * command's stdout stays its own), never as plain console text (docs/observability.md, "Logs").
 */
let fallbackLog: ProjectorLog | undefined;
const fallback = () => (fallbackLog ??= pino({ level: 'warn' }, pino.destination(2)));
const defaultLog: ProjectorLog = {
  info: () => undefined,
  warn: (details, message) => fallback().warn(details, message),
  error: (details, message) => fallback().error(details, message),
};
