// The projection runner. For each projection, on its own checkpoint:
//   1. leader election: a session-level pg_try_advisory_lock held on a dedicated connection; standby
//      instances retry every few seconds; if that connection dies the runner stops applying at once;
//   2. subscribe to the global log AFTER the stored checkpoint (exclusive start: no duplicate), with
//      the projection's filter;
//   3. accumulate events into batches; a batch is flushed when full, at caughtUp, at a checkpoint
//      item once live, or when the next item is not immediately available once live (so a live
//      event is applied at once) — during catch-up a short delay lets batches fill;
//   4. apply the batch and advance the checkpoint in ONE transaction; the advance is a
//      compare-and-set on the old position, and the lock is checked in the same transaction
//      (fencing: a runner that lost leadership can never commit);
//   5. infrastructure errors are logged and retried with exponential backoff from the stored
//      checkpoint; nothing here ever crashes the process.
// rebuild.ts reuses runBatches/applyBatch/tryAcquireProjectionLock: one code path for live and replay.
import pg from 'pg';
import type { Knex } from 'knex';
import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  type SubscriptionItem,
} from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import {
  advanceCheckpoint,
  CheckpointConflictError,
  ensureCheckpoint,
  readCheckpoints,
} from './checkpoints.js';
import type { Projection } from './projection.js';

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
  /** Tuning, mostly for tests. */
  timing?: Partial<ProjectorTiming>;
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
  heartbeatMs: 5_000,
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
}

export interface WaitForOptions {
  /** Names of the projections to wait for; all of this projector's by default. */
  projections?: string[];
  timeoutMs?: number;
}

export interface KnownCheckpoint {
  position: Position | undefined;
  /** updated_at of the checkpoint row at the last read, in ms; undefined before a read found one. */
  changedAt: number | undefined;
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

  // In-process fast path for waitFor: positions this instance committed, and who to wake up.
  const committed = new Map<string, Position>();
  const waiters = new Set<() => void>();
  const leaders = new Map<string, ProjectionLock>();
  let stopController: AbortController | undefined;
  let workers: Promise<void>[] = [];

  function onCommitted(name: string, position: Position): void {
    committed.set(name, position);
    for (const wake of [...waiters]) wake();
  }

  async function runWorker(projection: Projection, stop: AbortSignal): Promise<void> {
    const { name } = projection;
    let failures = 0;
    const backoff = () => backoffDelay(failures++, timing);
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
            // 2–4. Subscribe after the checkpoint and apply batches until stopped or failed.
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
                onCommitted(name, position);
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
            // 5. Infrastructure error: retry from the stored checkpoint, keeping the lock.
            const delay = backoff();
            log.error({ err, projection: name, retryInMs: delay }, 'projection: batch failed; retrying');
            await sleep(delay, AbortSignal.any([stop, lock.signal]));
          }
        }
      } finally {
        leaders.delete(name);
        committed.delete(name);
        await lock.release();
      }
      if (lock.lost && !stop.aborted) log.error({ projection: name }, 'projection: lock connection lost; stopped applying');
      if (conflict || lock.lost) await sleep(timing.leaderRetryMs, stop);
    }
  }

  // Checkpoints moved by other processes (an api process often runs without a projector) are read
  // by ONE poller per process, running only while someone waits; waiters compare in memory. A query
  // per waiter per wake-up cost one round trip per request per commit under load.
  let polling: Promise<void> | undefined;
  // knownPosition: when the checkpoint table was last read (the time the read started, so that a
  // position is never taken for fresher than it is), and the read under way.
  let readAt = 0;
  let reading: Promise<void> | undefined;
  const changedAt = new Map<string, number>();
  async function refreshCheckpoints(): Promise<void> {
    reading ??= (async () => {
      const startedAt = Date.now();
      try {
        const stored = await readCheckpoints(deps.db.knex, [...names]);
        for (const [name, cp] of stored) {
          const known = committed.get(name);
          if (cp.position && (!known || comparePositions(cp.position, known) > 0)) committed.set(name, cp.position);
          changedAt.set(name, cp.updatedAt.getTime());
        }
        readAt = startedAt;
      } finally {
        reading = undefined;
      }
    })();
    await reading;
  }

  async function knownCheckpoint(name: string, maxAgeMs: number): Promise<KnownCheckpoint> {
    if (Date.now() - readAt > maxAgeMs) await refreshCheckpoints();
    return { position: committed.get(name), changedAt: changedAt.get(name) };
  }

  function pollWhileWaited(): void {
    polling ??= (async () => {
      try {
        while (waiters.size > 0) {
          try {
            const stored = await readCheckpoints(deps.db.knex, [...names]);
            for (const [name, cp] of stored) {
              const known = committed.get(name);
              if (cp.position && (!known || comparePositions(cp.position, known) > 0)) committed.set(name, cp.position);
            }
            for (const wake of [...waiters]) wake();
          } catch {
            // The database is unreachable: waiters time out; the next wait polls again.
          }
          await new Promise((resolve) => setTimeout(resolve, timing.waitForPollMs));
        }
      } finally {
        polling = undefined;
      }
    })();
  }

  async function waitFor(position: Position, options: WaitForOptions = {}): Promise<boolean> {
    const wanted = options.projections ?? [...names];
    const deadline = Date.now() + (options.timeoutMs ?? 5_000);
    const reached = () => wanted.every((n) => {
      const p = committed.get(n);
      return !!p && comparePositions(p, position) >= 0;
    });
    for (;;) {
      if (reached()) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, remaining);
        waiters.add(done);
        pollWhileWaited();
      });
    }
  }

  async function status(): Promise<ProjectionStatus[]> {
    const head = await deps.store.headPosition();
    const stored = await readCheckpoints(deps.db.knex, [...names]);
    const result: ProjectionStatus[] = [];
    for (const projection of deps.projections) {
      const cp = stored.get(projection.name);
      const checkpoint = cp?.position ?? null;
      const oldest = await oldestUnprocessed(deps.store, projection, checkpoint, head);
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
        lagMs: oldest ? Math.max(0, Date.now() - oldest.created.getTime()) : 0,
        leader: lock !== undefined && !lock.lost,
      });
    }
    return result;
  }

  return {
    async start() {
      if (stopController) return;
      const controller = new AbortController();
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
    waitFor,
    knownCheckpoint,
  };
}

/** The oldest event the projection wants after its checkpoint and not after `head`. */
async function oldestUnprocessed(
  store: EventStore,
  projection: Projection,
  checkpoint: Position | null,
  head: Position | null,
): Promise<RecordedEvent | undefined> {
  if (!head || (checkpoint && comparePositions(checkpoint, head) >= 0)) return undefined;
  // readAll is inclusive: the event at the checkpoint itself (if any) comes first and is skipped.
  for await (const event of store.readAll({ from: checkpoint ?? 'start', filter: projection.filter, maxCount: 2 })) {
    if (checkpoint && comparePositions(event.position, checkpoint) <= 0) continue;
    return comparePositions(event.position, head) <= 0 ? event : undefined;
  }
  return undefined;
}

// --- leader lock ---------------------------------------------------------------------------------

export interface ProjectionLock {
  readonly name: string;
  /** True once the lock connection failed: the lock may already belong to someone else. */
  readonly lost: boolean;
  /** Aborted when the lock is lost. */
  readonly signal: AbortSignal;
  /** Throws unless the lock is still held by our session (run inside the batch transaction). */
  assertHeld(trx: Knex.Transaction): Promise<void>;
  release(): Promise<void>;
}

export class LeadershipLostError extends Error {
  override readonly name = 'LeadershipLostError';
  constructor(readonly projection: string) {
    super(`The lock of projection ${projection} is no longer held`);
  }
}

/**
 * Session-level advisory lock on a dedicated connection (never a pooled one: a session lock must
 * live exactly as long as its connection). Returns null when another session holds it.
 */
export async function tryAcquireProjectionLock(
  db: Database,
  name: string,
  heartbeatMs = DEFAULT_TIMING.heartbeatMs,
): Promise<ProjectionLock | null> {
  const client = new pg.Client({
    connectionString: db.url,
    application_name: `sprintguard-lock:${name}`.slice(0, 63),
    // A dead leader's session (and so its lock) must go away quickly; and a probe must not hang.
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
    query_timeout: Math.max(heartbeatMs * 2, 5_000),
  });
  const controller = new AbortController();
  let lost = false;
  let released = false;
  const markLost = () => {
    if (released || lost) return;
    lost = true;
    controller.abort(new LeadershipLostError(name));
  };
  client.on('error', markLost);
  client.on('end', markLost);
  await client.connect();
  let key: bigint;
  let pid: number;
  try {
    const { rows } = await client.query<{ ok: boolean; key: string; pid: number }>(
      'SELECT pg_try_advisory_lock(k) AS ok, k::text AS key, pg_backend_pid() AS pid FROM hashtextextended($1, 0) AS k',
      [`proj:${name}`],
    );
    const row = rows[0]!;
    if (!row.ok) {
      released = true;
      await client.end();
      return null;
    }
    key = BigInt.asUintN(64, BigInt(row.key));
    pid = row.pid;
  } catch (err) {
    released = true;
    await client.end().catch(() => undefined);
    throw err;
  }
  const heartbeat = setInterval(() => {
    client.query('SELECT 1').catch(() => {
      markLost();
      void client.end().catch(() => undefined);
    });
  }, heartbeatMs);
  heartbeat.unref();
  // How pg_locks shows a bigint advisory lock: high half in classid, low half in objid, objsubid 1.
  const classid = (key >> 32n).toString();
  const objid = (key & 0xffffffffn).toString();

  return {
    name,
    get lost() {
      return lost;
    },
    signal: controller.signal,
    async assertHeld(trx) {
      if (lost) throw new LeadershipLostError(name);
      const { rows } = await trx.raw<{ rows: { held: boolean }[] }>(
        `SELECT EXISTS (
           SELECT 1 FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND pid = ? AND classid = ?::oid AND objid = ?::oid
              AND objsubid = 1
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
         ) AS held`,
        [pid, classid, objid],
      );
      if (!rows[0]?.held) {
        markLost();
        throw new LeadershipLostError(name);
      }
    },
    async release() {
      if (released) return;
      clearInterval(heartbeat);
      const wasLost = lost;
      released = true;
      try {
        if (!wasLost) await client.query('SELECT pg_advisory_unlock($1::bigint)', [BigInt.asIntN(64, key).toString()]);
      } catch {
        // Closing the session below releases it anyway.
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

// --- the batch loop, shared by the live runner and rebuild ---------------------------------------

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

/**
 * Reads the subscription ahead of the batch loop, so the store fetches and decodes the next pages
 * while a batch is being applied (on two cores that overlap is worth ~1.7× in rebuild throughput).
 * Bounded: the reader pauses once `highWater` items wait.
 */
class ReadAhead {
  private items: SubscriptionItem[] = [];
  private finished = false;
  private failure: { error: unknown } | undefined;
  private wakeConsumer: (() => void) | undefined;
  private wakeReader: (() => void) | undefined;

  constructor(
    private readonly iterator: AsyncIterator<SubscriptionItem>,
    private readonly highWater: number,
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', () => this.wake(), { once: true });
    void this.read();
  }

  get size(): number {
    return this.items.length;
  }

  /** All items read so far, in order. */
  take(): SubscriptionItem[] {
    const taken = this.items;
    this.items = [];
    this.wakeReader?.();
    return taken;
  }

  /** Nothing is left to take and nothing more will come; throws the reader's error if it failed. */
  drained(): boolean {
    if (this.items.length > 0 || !(this.finished || this.signal.aborted)) return false;
    if (this.failure) throw this.failure.error;
    return true;
  }

  /** Resolves when items arrive, the reader stops, the signal aborts, or after `timeoutMs`. */
  wait(timeoutMs?: number): Promise<void> {
    if (this.items.length > 0 || this.finished || this.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        if (this.wakeConsumer === done) this.wakeConsumer = undefined;
        resolve();
      };
      if (timeoutMs !== undefined) timer = setTimeout(done, timeoutMs);
      this.wakeConsumer = done;
    });
  }

  close(): void {
    this.finished = true;
    this.wake();
    // Ends the store's generator once its pending step settles; it also watches the signal.
    void this.iterator.return?.().catch(() => undefined);
  }

  private wake(): void {
    this.wakeConsumer?.();
    this.wakeReader?.();
  }

  private async read(): Promise<void> {
    try {
      while (!this.finished && !this.signal.aborted) {
        if (this.items.length >= this.highWater) {
          await new Promise<void>((resolve) => (this.wakeReader = resolve));
          this.wakeReader = undefined;
          continue;
        }
        const r = await this.iterator.next();
        if (r.done) break;
        this.items.push(r.value);
        this.wakeConsumer?.();
      }
    } catch (error) {
      if (!this.signal.aborted && !this.finished) this.failure = { error };
    } finally {
      this.finished = true;
      this.wakeConsumer?.();
    }
  }
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

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function backoffDelay(attempt: number, timing: ProjectorTiming): number {
  const base = Math.min(timing.backoffMaxMs, timing.backoffInitialMs * 2 ** Math.min(attempt, 20));
  // Jitter, so that several instances do not retry in lockstep.
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

const defaultLog: ProjectorLog = {
  info: () => undefined,
  warn: (details, message) => console.warn(message, describe(details)),
  error: (details, message) => console.error(message, describe(details)),
};

function describe(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([k, v]) => `${k}=${v instanceof Error ? v.message : typeof v === 'string' ? v : safeJson(v)}`)
    .join(' ');
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'undefined';
  } catch {
    return '[unserializable]';
  }
}
