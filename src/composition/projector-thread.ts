// `serve`'s projections on a thread of their own (PROJECTOR_THREAD, on by default; docs/architecture.md,
// "The projections' own thread"). On the requests' thread every statement a projection batch sends
// waits for its answer behind the requests' callbacks: under 50 connections that event-loop delay
// was most of the runs projection's lag (p50 ~45 ms, p99 110–170 ms), and `api` beside a separate
// `projector` process halved it. The thread has its own event loop, pools and event-store
// subscriptions; the requests' thread keeps the waiter that read-your-writes and the list cache
// ask, told at once of each checkpoint the thread commits (as the in-process projector tells it).
//
// The thread is supervised: one that dies is started again (1 s, doubling to 30 s), its projections'
// locks having gone with its connections; stop() lets it finish its batches and release its locks.
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { backoffDelay } from '../lib/retry.js';
import { createCheckpointWaiter } from '../projections/checkpoint-waiter.js';
import type { ProjectionStatus, Projector } from '../projections/projector.js';
import type { Infrastructure } from './infrastructure.js';
import { INVALID_EXEC_ARGV, threadExecArgv, withoutRefusedFlags, type FromProjectorThread, type PoolState, type ProjectorThreadData, type ToProjectorThread } from './projector-thread.protocol.js';
import { meterConsumers, projectionConsumers } from './telemetry.js';

// The sources (.ts, run through tsx) start the thread through bin/thread.js, which registers tsx in it
// first; the built copy (dist/) starts the compiled module directly.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const ENTRY = new URL(`./projector-thread.worker${FROM_SOURCES ? '.ts' : '.js'}`, import.meta.url);
const THREAD_BOOT = new URL('../../bin/thread.js', import.meta.url);
/** The waiter's checkpoint-table poll while someone waits (for checkpoints other processes move). */
const WAIT_FOR_POLL_MS = 25;
const RESTART_BACKOFF = { initialMs: 1_000, maxMs: 30_000, jitter: 0 };
const STATUS_TIMEOUT_MS = 10_000;
/** A scrape waits this long for the thread's pool figures (the scrape's own limit is 5 s). */
const POOLS_TIMEOUT_MS = 1_000;

export interface ProjectorThreadOptions {
  /** The thread's module, in place of ./projector-thread.worker (tests: one that dies on purpose). */
  entry?: URL;
}

/**
 * The thread, with the process's flags less those a Worker refuses: `node --max-old-space-size=4096
 * … serve` would otherwise not start (Node refuses a Worker any V8 flag, and V8's flags reach the
 * thread anyway).
 */
export function startWorker(boot: URL, data: unknown, execArgv: readonly string[] = threadExecArgv(process.execArgv)): Worker {
  let flags = [...execArgv];
  defaultYoungGenerationForNewThreads();
  for (;;) {
    try {
      return new Worker(boot, { workerData: data, name: 'projector', execArgv: flags });
    } catch (err) {
      if ((err as { code?: unknown }).code !== INVALID_EXEC_ARGV || flags.length === 0) throw err;
      flags = withoutRefusedFlags(flags, (err as Error).message);
    }
  }
}

/**
 * The thread gets V8's default young generation, whatever `--max-semi-space-size` the process has
 * (`npm start` gives it 32 MB for the requests' thread: docs/operations.md, "The Node.js process").
 * On this thread the larger one made each scavenge pause 17–22 ms instead of 12–13, and those pauses
 * are the runs projection's lag: its p99 was 142 ms against 113 in three pairs (docs/benchmarks.md).
 * A V8 flag outranks a Worker's resourceLimits, so the flag itself is cleared (0: V8's own sizing)
 * for the isolates made from here on. V8 reads it only when it sizes a new heap: the requests'
 * thread's is sized already and keeps its 32 MB.
 */
function defaultYoungGenerationForNewThreads(): void {
  v8.setFlagsFromString('--max-semi-space-size=0');
}

export function createProjectorThread(infra: Infrastructure, options: ProjectorThreadOptions = {}): Projector {
  const entry = options.entry ?? ENTRY;
  const boot = entry.href.endsWith('.ts') ? THREAD_BOOT : entry;
  const names = infra.projections.map((p) => p.name);
  const waiter = createCheckpointWaiter({ knex: infra.db.knex, names, pollMs: WAIT_FOR_POLL_MS });
  const log = infra.log.child({ component: 'projector-thread' });
  /** Questions asked of the thread (status, pools), by id: each settles with its answer, or undefined. */
  const answers = new Map<number, (answer: FromProjectorThread | undefined) => void>();
  let nextId = 1;
  let worker: Worker | undefined;
  let running = false;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  function forgetAll(): void {
    for (const name of names) waiter.forget(name);
    for (const answer of answers.values()) answer(undefined);
    answers.clear();
  }

  /** Starts the thread; settles once it has started its projections, or failed to. */
  function spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const data: ProjectorThreadData = { entry: entry.href, config: infra.config, databaseUrl: infra.db.url };
      const w = startWorker(boot, data);
      worker = w;
      let started = false;
      w.on('message', (message: FromProjectorThread) => {
        switch (message.type) {
          case 'started':
            started = true;
            resolve();
            break;
          case 'failed':
            reject(new Error(`the projector thread could not start: ${message.message}`));
            break;
          case 'committed':
            waiter.committed(message.name, message.position);
            break;
          case 'released':
            waiter.forget(message.name);
            break;
          case 'status':
          case 'pools':
            answers.get(message.id)?.(message);
            answers.delete(message.id);
            break;
          case 'pool-timeout':
            infra.metrics.recordPoolAcquireTimeout(message.pool);
            break;
        }
      });
      w.on('error', (err) => {
        log.error({ err }, 'the projector thread failed');
        if (!started) reject(err);
      });
      w.on('exit', (code) => {
        if (worker === w) worker = undefined;
        forgetAll();
        if (!started) {
          reject(new Error(`the projector thread exited with code ${code} before it started`));
          return;
        }
        if (!running) return;
        restartLater(`the projector thread exited with code ${code}`);
      });
    });
  }

  function restartLater(why: string): void {
    const delay = backoffDelay(restarts++, RESTART_BACKOFF);
    log.error({ retryInMs: delay }, `${why}; starting it again`);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (!running) return;
      spawn().then(
        () => {
          restarts = 0;
          log.info('the projector thread is running again');
        },
        (err: unknown) => {
          log.error({ err }, 'the projector thread could not be started again');
          if (running && !worker) restartLater('the projector thread did not start');
        },
      );
    }, delay);
  }

  /** Asks the running thread; undefined when none runs, it stops first, or it does not answer in `timeoutMs`. */
  function ask(type: 'status' | 'pools', timeoutMs: number): Promise<FromProjectorThread | undefined> {
    const w = worker;
    if (!w) return Promise.resolve(undefined);
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        answers.delete(id);
        resolve(undefined);
      }, timeoutMs);
      answers.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      w.postMessage({ type, id } satisfies ToProjectorThread);
    });
  }

  /** The thread's pools as it sees them now; none when it is not running or does not answer in time. */
  async function threadPools(): Promise<PoolState[]> {
    const answer = await ask('pools', POOLS_TIMEOUT_MS);
    return answer?.type === 'pools' ? answer.pools : [];
  }

  return {
    async start() {
      if (running) return;
      running = true;
      // The lag gauges read the checkpoints at each scrape, so the thread that serves /metrics reports
      // them; the thread's own pools are asked for at each scrape.
      meterConsumers(infra, projectionConsumers(infra.projections));
      infra.metrics.onScrape(async () => {
        for (const pool of await threadPools()) infra.metrics.setPool(pool.name, pool);
      });
      try {
        await spawn();
      } catch (err) {
        running = false;
        await worker?.terminate();
        throw err;
      }
    },
    async stop() {
      running = false;
      clearTimeout(restartTimer);
      const w = worker;
      if (!w) return;
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.postMessage({ type: 'stop' } satisfies ToProjectorThread);
      // A thread that does not finish within the grace is ended: its locks go with its connections.
      const timer = setTimeout(() => {
        log.warn({ graceMs: infra.config.SHUTDOWN_GRACE_MS }, 'the projector thread did not stop in time; ending it');
        void w.terminate();
      }, infra.config.SHUTDOWN_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
    async status(): Promise<ProjectionStatus[]> {
      if (!worker) throw new Error('the projector thread is not running');
      const answer = await ask('status', STATUS_TIMEOUT_MS);
      if (answer?.type !== 'status') throw new Error('the projector thread did not answer');
      if ('error' in answer) throw new Error(answer.error);
      return answer.rows;
    },
    waitFor: (position, options) => waiter.waitFor(position, options),
    knownCheckpoint: (name, maxAgeMs) => waiter.knownCheckpoint(name, maxAgeMs),
  };
}
