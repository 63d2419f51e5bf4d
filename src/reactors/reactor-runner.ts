// Runs reactors: one active instance per reactor across processes (the projections' leader lock),
// a catch-up subscription after the stored checkpoint, each event handled with retries, and the
// checkpoint advanced by compare-and-set after handling (at-least-once delivery).
import type { Position } from '../adapters/event-store.js';
import type { EventStore } from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import { advanceCheckpoint, ensureCheckpoint } from '../projections/checkpoints.js';
import { backoffDelay, DEFAULT_BACKOFF, sleep, type BackoffPolicy } from '../lib/retry.js';
import { tryAcquireProjectionLock } from '../projections/projection-lock.js';
import type { ProjectorLog } from '../projections/projector.js';
import type { Reactor } from './reactor.js';

export interface ReactorRunnerDeps {
  store: EventStore;
  db: Database;
  reactors: readonly Reactor[];
  log?: ProjectorLog;
  timing?: { leaderRetryMs?: number; backoffInitialMs?: number; backoffMaxMs?: number };
}

export interface ReactorRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
}

const silent: ProjectorLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function createReactorRunner(deps: ReactorRunnerDeps): ReactorRunner {
  const log = deps.log ?? silent;
  const leaderRetryMs = deps.timing?.leaderRetryMs ?? 3_000;
  const backoff: BackoffPolicy = {
    initialMs: deps.timing?.backoffInitialMs ?? DEFAULT_BACKOFF.initialMs,
    maxMs: deps.timing?.backoffMaxMs ?? DEFAULT_BACKOFF.maxMs,
    jitter: DEFAULT_BACKOFF.jitter,
  };
  const controller = new AbortController();
  const loops: Promise<void>[] = [];

  async function runOnce(reactor: Reactor, signal: AbortSignal): Promise<void> {
    const name = `reactor:${reactor.name}`;
    const lock = await tryAcquireProjectionLock(deps.db, name);
    if (!lock) {
      await sleep(leaderRetryMs, signal);
      return;
    }
    const both = AbortSignal.any([signal, lock.signal]);
    let saved: Position | null = (await ensureCheckpoint(deps.db.knex, name, 1)).position;
    let position = saved;
    let unsaved = 0;
    let savedAt = Date.now();
    // Handling is idempotent and delivery at least once, so the checkpoint is saved now and then
    // (at most every second or 1,000 events) rather than after every event: a crash only means a
    // few events are handled again.
    const save = async () => {
      if (position === null || position === saved) return;
      const to = position;
      const moved = await deps.db.knex.transaction(async (trx) => advanceCheckpoint(trx, name, saved, to));
      if (!moved) throw new Error(`checkpoint of ${name} moved by another runner`);
      saved = to;
      unsaved = 0;
      savedAt = Date.now();
    };
    try {
      for await (const item of deps.store.subscribeToAll({ after: position ?? 'start', filter: reactor.filter, signal: both })) {
        if (both.aborted) break;
        if (item.kind === 'event') {
          await handleWithRetry(reactor, item.event, both);
          if (both.aborted) break;
          position = item.event.position;
          unsaved++;
        } else if (item.kind === 'checkpoint') {
          position = item.position;
        } else continue;
        if (unsaved >= 1_000 || Date.now() - savedAt >= 1_000) await save();
      }
      if (!lock.lost) await save();
    } finally {
      await lock.release();
    }
  }

  async function handleWithRetry(reactor: Reactor, event: Parameters<Reactor['handle']>[0], signal: AbortSignal): Promise<void> {
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        await reactor.handle(event, signal);
        return;
      } catch (err) {
        if (signal.aborted) return;
        const delay = backoffDelay(attempt, backoff);
        log.error({ err, reactor: reactor.name, stream: event.streamName, type: event.type, retryInMs: delay }, 'reactor failed; retrying');
        await sleep(delay, signal);
      }
    }
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
