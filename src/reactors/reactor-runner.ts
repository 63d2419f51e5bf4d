// Runs reactors (docs/architecture.md, "Reactor concurrency"): one active instance per reactor across
// processes (the projections' leader lock), a catch-up subscription after the stored checkpoint, and
// the checkpoint advanced by compare-and-set after handling (at-least-once delivery).
//   - Streams are independent: events of different streams are handled concurrently (at most
//     `concurrency` handlers at a time per reactor); events of one stream one after the other, in
//     log order. A stream that fails is retried with backoff without holding the others (a waiting
//     retry gives its slot back).
//   - The checkpoint never passes an unfinished event: the saved position is the end of the longest
//     run of finished events from the last saved one (events of a slow stream hold it back, and are
//     handled again after a crash, with whatever finished behind them: handlers are idempotent).
//   - Infrastructure errors are retried without end; an event whose handler fails otherwise
//     `maxAttempts` times is parked (parked-events.ts) and the stream goes on.
//   - `sprintguard projections retry reactor:<name>` marks parked events; the runner handles them
//     again within seconds and unparks each one that succeeds.
import { setMaxListeners } from 'node:events';
import type { EventStore, Position, RecordedEvent } from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import { inEventsSpan, streamCategoryOf, traceparentOf } from '../adapters/telemetry/spans.js';
import { backoffDelay, DEFAULT_BACKOFF, sleep, type BackoffPolicy } from '../lib/retry.js';
import { advanceCheckpoint, ensureCheckpoint } from '../projections/checkpoints.js';
import {
  AttemptCounter,
  DEFAULT_MAX_ATTEMPTS,
  describeParkingError,
  isInfrastructureError,
  parkEvent,
} from '../projections/parked-events.js';
import { tryAcquireProjectionLock } from '../projections/projection-lock.js';
import type { ProjectorLog } from '../projections/projector.js';
import { handleRetryRequests } from './parked-reactor-retry.js';
import type { Reactor } from './reactor.js';
import { Slots } from './slots.js';

export interface ReactorRunnerDeps {
  store: EventStore;
  db: Database;
  reactors: readonly Reactor[];
  log?: ProjectorLog;
  /** Handlers running at once per reactor, each on a different stream (default 8). */
  concurrency?: number;
  /** Failed attempts at an event (infrastructure errors aside) before it is parked (default 5). */
  maxAttempts?: number;
  timing?: { leaderRetryMs?: number; backoffInitialMs?: number; backoffMaxMs?: number; retryPollMs?: number };
}

export interface ReactorRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_REACTOR_CONCURRENCY = 8;
/** Events read ahead of the oldest unfinished one, at most: a stuck stream does not fill memory. */
const MAX_IN_FLIGHT = 1_000;

const silent: ProjectorLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Entry {
  position: Position;
  done: boolean;
}

export function createReactorRunner(deps: ReactorRunnerDeps): ReactorRunner {
  const log = deps.log ?? silent;
  const leaderRetryMs = deps.timing?.leaderRetryMs ?? 3_000;
  const retryPollMs = deps.timing?.retryPollMs ?? 2_000;
  const concurrency = Math.max(1, deps.concurrency ?? DEFAULT_REACTOR_CONCURRENCY);
  const maxAttempts = Math.max(1, deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const backoff: BackoffPolicy = {
    initialMs: deps.timing?.backoffInitialMs ?? DEFAULT_BACKOFF.initialMs,
    maxMs: deps.timing?.backoffMaxMs ?? DEFAULT_BACKOFF.maxMs,
    jitter: DEFAULT_BACKOFF.jitter,
  };
  const controller = new AbortController();
  // Every reactor's loop, subscription and backoff listens to it: one per reactor by design.
  setMaxListeners(0, controller.signal);
  const loops: Promise<void>[] = [];

  async function runOnce(reactor: Reactor, signal: AbortSignal): Promise<void> {
    const name = `reactor:${reactor.name}`;
    const lock = await tryAcquireProjectionLock(deps.db, name);
    if (!lock) {
      await sleep(leaderRetryMs, signal);
      return;
    }
    // `fatal` ends this leadership term (a checkpoint moved by another runner): the loop restarts it.
    const fatal = new AbortController();
    const both = AbortSignal.any([signal, lock.signal, fatal.signal]);
    // Every in-flight step listens to it (its slot, its board calls, its backoff): as many as the
    // reactor's read-ahead holds, by design.
    setMaxListeners(0, both);
    let failure: Error | undefined;
    const fail = (err: unknown) => {
      failure ??= err instanceof Error ? err : new Error(String(err));
      fatal.abort();
    };
    const attempts = new AttemptCounter(maxAttempts);
    const slots = new Slots(concurrency);
    const inFlight: Entry[] = [];
    const streams = new Map<string, { event: RecordedEvent; entry: Entry }[]>();
    const drains = new Set<Promise<void>>();
    let progressed: (() => void) | undefined;

    let saved: Position | null = (await ensureCheckpoint(deps.db.knex, name, 1)).position;
    let position = saved;
    let unsaved = 0;
    let saving: Promise<void> = Promise.resolve();
    // Handling is idempotent and delivery at least once, so the checkpoint is saved now and then
    // (every second, or after 1,000 events) rather than after every event.
    const advance = () => {
      while (inFlight.length > 0 && inFlight[0]!.done) {
        position = inFlight.shift()!.position;
        unsaved++;
      }
    };
    const save = () => {
      saving = saving.then(async () => {
        advance();
        if (position === null || position === saved || lock.lost) return;
        const to = position;
        const moved = await deps.db.knex.transaction(async (trx) => advanceCheckpoint(trx, name, saved, to));
        if (!moved) throw new Error(`checkpoint of ${name} moved by another runner`);
        saved = to;
        unsaved = 0;
      });
      saving = saving.catch(fail);
      return saving;
    };

    async function handle(event: RecordedEvent): Promise<void> {
      for (let attempt = 0; !both.aborted; attempt++) {
        if (!(await slots.acquire(both))) return;
        let delay: number;
        try {
          // A span per step, the child of the append that wrote the event (docs/observability.md).
          const attributes = { 'sprintguard.reactor': reactor.name, 'sprintguard.event.type': event.type, 'sprintguard.stream.category': streamCategoryOf(event.streamName), 'sprintguard.attempt': attempt + 1 };
          await inEventsSpan(`reactor ${reactor.name}`, [event], { attributes }, (span) => reactor.handle(event, both, traceparentOf(span)));
          attempts.forget(event.id);
          return;
        } catch (err) {
          if (both.aborted) return;
          if (!isInfrastructureError(err) && attempts.fail(event.id) >= maxAttempts) {
            await park(event, err);
            return;
          }
          delay = backoffDelay(attempt, backoff);
          log.error({ err, reactor: reactor.name, stream: event.streamName, type: event.type, attempts: attempts.count(event.id), retryInMs: delay }, 'reactor failed; retrying');
        } finally {
          slots.release();
        }
        await sleep(delay, both);
      }
    }

    async function park(event: RecordedEvent, err: unknown): Promise<void> {
      const count = attempts.count(event.id);
      for (let attempt = 0; !both.aborted; attempt++) {
        try {
          await parkEvent(deps.db.knex, name, event, err, count);
          attempts.forget(event.id);
          log.error(
            { reactor: reactor.name, stream: event.streamName, eventId: event.id, type: event.type, attempts: count, error: describeParkingError(err) },
            'reactor: event parked after its attempts; going on with the stream (`sprintguard projections retry` hands it back)',
          );
          return;
        } catch (parkErr) {
          log.error({ err: parkErr, reactor: reactor.name }, 'reactor: cannot park an event; retrying');
          await sleep(backoffDelay(attempt, backoff), both);
        }
      }
    }

    /** Handles the stream's queue in order until it is empty; the queue is removed in the same turn. */
    async function drain(stream: string, queue: { event: RecordedEvent; entry: Entry }[]): Promise<void> {
      while (queue.length > 0 && !both.aborted) {
        const { event, entry } = queue[0]!;
        await handle(event);
        if (both.aborted) return;
        queue.shift();
        entry.done = true;
        progressed?.();
      }
      streams.delete(stream);
    }

    let lastSave = Date.now();
    let lastRetryPoll = 0;
    let retrying = false;
    const ticker = setInterval(() => {
      if (Date.now() - lastSave >= 1_000) {
        lastSave = Date.now();
        void save();
      }
      if (Date.now() - lastRetryPoll >= retryPollMs && !retrying) {
        lastRetryPoll = Date.now();
        retrying = true;
        handleRetryRequests({ store: deps.store, db: deps.db, consumer: name, reactor, signal: both, log })
          .catch((err: unknown) => log.error({ err, reactor: reactor.name }, 'reactor: retry of parked events failed'))
          .finally(() => (retrying = false));
      }
    }, 200);

    try {
      for await (const item of deps.store.subscribeToAll({ after: position ?? 'start', filter: reactor.filter, signal: both })) {
        if (both.aborted) break;
        if (item.kind === 'event') {
          const entry: Entry = { position: item.event.position, done: false };
          inFlight.push(entry);
          const queue = streams.get(item.event.streamName);
          if (queue) queue.push({ event: item.event, entry });
          else {
            const fresh = [{ event: item.event, entry }];
            streams.set(item.event.streamName, fresh);
            const d = drain(item.event.streamName, fresh).catch(fail);
            drains.add(d);
            void d.finally(() => drains.delete(d));
          }
        } else if (item.kind === 'checkpoint') {
          inFlight.push({ position: item.position, done: true });
        } else continue;
        advance();
        if (unsaved >= 1_000) await save();
        // Back-pressure: a stuck stream holds the checkpoint; do not read without bound behind it.
        while (inFlight.length >= MAX_IN_FLIGHT && !both.aborted) {
          await new Promise<void>((resolve) => {
            const done = () => {
              both.removeEventListener('abort', done);
              progressed = undefined;
              resolve();
            };
            progressed = done;
            both.addEventListener('abort', done, { once: true });
          });
          advance();
        }
      }
      await Promise.allSettled([...drains]);
      if (!lock.lost) await save();
    } finally {
      clearInterval(ticker);
      await saving;
      await lock.release();
    }
    if (failure) throw failure;
  }

  async function loop(reactor: Reactor): Promise<void> {
    for (let attempt = 0; !controller.signal.aborted; ) {
      try {
        await runOnce(reactor, controller.signal);
        attempt = 0;
      } catch (err) {
        if (controller.signal.aborted) break;
        const delay = backoffDelay(attempt++, backoff);
        log.error({ err, reactor: reactor.name, retryInMs: delay }, 'reactor runner failed; restarting');
        await sleep(delay, controller.signal);
      }
    }
  }

  return {
    async start() {
      for (const reactor of deps.reactors) loops.push(loop(reactor));
    },
    async stop() {
      controller.abort();
      await Promise.allSettled(loops);
    },
  };
}
