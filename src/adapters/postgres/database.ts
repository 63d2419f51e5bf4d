// All PostgreSQL connections are made here: one pg pool for the event store and the projector's
// raw SQL, one knex instance (its own pool) for read models and queries, the exports' pool, and the
// dedicated sessions (a leader lock, the LISTEN connection, the embedded cluster's password change)
// that must live exactly as long as their own connection. eslint.config.js keeps it so: elsewhere
// in src, pg and knex are imported as types only.
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export interface Database {
  pool: pg.Pool;
  knex: Knex;
  url: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolSize: number;
  applicationName?: string;
  /** Longest wait for a free connection of either pool (default 10 s); past it the call fails and the request answers 503. */
  acquireTimeoutMs?: number;
  onError?: (err: Error) => void;
  /** Knex's own warnings and errors (pool, deprecations), which it would otherwise print to the console. */
  onLog?: (level: 'warn' | 'error' | 'debug', message: unknown) => void;
}

/** Default wait for a free pooled connection: a full pool fails fast instead of hanging requests. */
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 10_000;

/** The node-postgres pool made beside each knex instance (createDatabase): see poolBeside. */
const poolsBeside = new WeakMap<Knex, pg.Pool>();

/**
 * The node-postgres pool on the same database as `knex`, when createDatabase made both: a statement
 * sent there skips knex's per-query machinery (its runner, its pool's pending operations, the
 * rewriting of the bindings), which was ~11% of what the projections' thread allocated under the
 * commands benchmark (2026-11-29). Undefined for a transaction: its statements must stay on its
 * connection.
 */
export function poolBeside(knex: Knex): pg.Pool | undefined {
  return (knex as { isTransaction?: boolean }).isTransaction ? undefined : poolsBeside.get(knex);
}

export function createDatabase(options: DatabaseOptions): Database {
  const { url, poolSize, applicationName = 'sprintguard' } = options;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: applicationName, connectionTimeoutMillis: acquireTimeoutMs });
  // An idle client losing its connection emits here; without a listener the process would crash.
  pool.on('error', (err) => options.onError?.(err));
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: `${applicationName}-rm` },
    pool: { min: 0, max: poolSize },
    acquireConnectionTimeout: acquireTimeoutMs,
    ...(options.onLog
      ? {
          log: {
            warn: (m: unknown) => options.onLog?.('warn', m),
            error: (m: unknown) => options.onLog?.('error', m),
            deprecate: (method: string, alternative: string) => options.onLog?.('warn', `${method} is deprecated, use ${alternative}`),
            debug: (m: unknown) => options.onLog?.('debug', m),
          },
        }
      : {}),
  });
  poolsBeside.set(knex, pool);
  let closed: Promise<void> | undefined;
  return {
    pool,
    knex,
    url,
    close: () => (closed ??= Promise.all([pool.end(), knex.destroy()]).then(() => undefined)),
  };
}

export interface SessionOptions {
  /** Shown in pg_stat_activity (cut to PostgreSQL's 63 characters). */
  applicationName: string;
  /** TCP keep-alive, so a dead peer's session (and what it holds) goes away quickly. */
  keepAlive?: boolean;
  keepAliveInitialDelayMillis?: number;
  /** Per-query timeout in ms, so a probe cannot hang. */
  queryTimeoutMs?: number;
}

/**
 * A dedicated session, never taken from a pool: session state (an advisory lock, LISTEN) lives as
 * long as this connection. Returned unconnected, so the caller can attach its `error`/`end`
 * listeners before `connect()`.
 */
export function createDedicatedClient(url: string, options: SessionOptions): pg.Client {
  return new pg.Client({
    connectionString: url,
    application_name: options.applicationName.slice(0, 63),
    ...(options.keepAlive !== undefined ? { keepAlive: options.keepAlive } : {}),
    ...(options.keepAliveInitialDelayMillis !== undefined ? { keepAliveInitialDelayMillis: options.keepAliveInitialDelayMillis } : {}),
    ...(options.queryTimeoutMs !== undefined ? { query_timeout: options.queryTimeoutMs } : {}),
  });
}

export interface ExportPoolOptions {
  url: string;
  /** Connections: the exports that may run at once in this process. */
  max: number;
  acquireTimeoutMs?: number;
  /** statement_timeout of every export session. */
  statementTimeoutMs: number;
  /** idle_in_transaction_session_timeout of every export session. */
  idleInTransactionTimeoutMs: number;
  onError?: (err: Error) => void;
}

/**
 * A pool of its own for exports (long cursors, readers that may stall), so they can never take the
 * connections of the event store and the projector. The session timeouts are set at connection time.
 */
export function createExportPool(options: ExportPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    application_name: 'sprintguard-export',
    connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
    options: `-c statement_timeout=${Math.trunc(options.statementTimeoutMs)} -c idle_in_transaction_session_timeout=${Math.trunc(options.idleInTransactionTimeoutMs)}`,
  });
  pool.on('error', (err) => options.onError?.(err));
  return pool;
}

/**
 * `value` as an SQL string literal (quotes and backslashes doubled, E'…' when it holds a backslash):
 * node-postgres' escapeLiteral, for the one statement that takes no parameters, COPY (the CSV
 * exports, src/queries/exports/csv-sql.ts).
 */
export const escapeLiteral = (value: string): string => pg.escapeLiteral(value);

/** Creates a database on the server of `url` when it does not exist yet. */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name || name === 'postgres') return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } catch (err) {
    // Two processes racing to create it: the loser sees a duplicate, which is fine.
    if ((err as { code?: string }).code !== '42P04' && (err as { code?: string }).code !== '23505') throw err;
  } finally {
    await client.end();
  }
}
