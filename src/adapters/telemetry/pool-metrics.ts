// Database pool figures (docs/observability.md): callers waiting for a connection and connections by
// state, read at each scrape, and the waits that ended at DB_ACQUIRE_TIMEOUT_MS, counted as they
// happen. pg's pool emits no event for such a wait, so its `connect` (which `pool.query` calls too)
// is wrapped on the instance; knex's pool (tarn) emits `acquireFail`.
import type { Knex } from 'knex';
import type pg from 'pg';
import type { Metrics } from './metrics.js';

type PoolMetrics = Pick<Metrics, 'onScrape' | 'setPool' | 'recordPoolAcquireTimeout'>;

/** pg-pool's error when no connection became free within connectionTimeoutMillis. */
const PG_ACQUIRE_TIMEOUT = 'timeout exceeded when trying to connect';

const isPgAcquireTimeout = (err: unknown) => err instanceof Error && err.message === PG_ACQUIRE_TIMEOUT;

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

export function meterPgPool(metrics: PoolMetrics, name: string, pool: pg.Pool): void {
  metrics.onScrape(() => {
    metrics.setPool(name, { waiting: pool.waitingCount, idle: pool.idleCount, used: pool.totalCount - pool.idleCount });
  });
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const wrapped = (callback?: ConnectCallback) => {
    if (callback) {
      return connect((err, client, done) => {
        if (isPgAcquireTimeout(err)) metrics.recordPoolAcquireTimeout(name);
        callback(err, client, done);
      });
    }
    return connect()!.catch((err: unknown) => {
      if (isPgAcquireTimeout(err)) metrics.recordPoolAcquireTimeout(name);
      throw err;
    });
  };
  pool.connect = wrapped as typeof pool.connect;
}

/** What knex's pool (tarn) offers; knex does not type it. */
interface TarnPool {
  numPendingAcquires(): number;
  numUsed(): number;
  numFree(): number;
  on(event: 'acquireFail', listener: (eventId: number, err: unknown) => void): void;
}

export function meterKnexPool(metrics: PoolMetrics, name: string, knex: Knex): void {
  const pool = (knex.client as { pool?: TarnPool }).pool;
  if (!pool) return;
  metrics.onScrape(() => {
    metrics.setPool(name, { waiting: pool.numPendingAcquires(), idle: pool.numFree(), used: pool.numUsed() });
  });
  // tarn rejects a wait that outlived acquireTimeoutMillis with its TimeoutError (a class it does not name).
  pool.on('acquireFail', (_eventId, err) => {
    if (err instanceof Error && err.constructor.name === 'TimeoutError') metrics.recordPoolAcquireTimeout(name);
  });
}
