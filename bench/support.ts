// What the HTTP benchmarks share: an embedded PostgreSQL with default durability, the real server
// process on it (rate limits raised), a development token, and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signDevToken } from '../src/adapters/identity/dev-identity.js';
import { createDatabase, ensureDatabaseExists, type Database } from '../src/adapters/postgres/database.js';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgresHandle } from '../src/adapters/postgres/embedded.js';
import { eventStoreMigrations } from '../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../src/adapters/postgres/pg-event-store.js';
import type { EventStore } from '../src/adapters/event-store.js';
import { readModelMigrations } from '../src/adapters/postgres/migrations.js';
import { freePort } from '../test/support/service-process.js';
import type { TraceSampling } from '../src/adapters/telemetry/tracing.js';
import { loadConfig } from '../src/config.js';

export interface BenchEnvironment {
  dir: string;
  /** The cluster's data directory (for its postmaster's pid). */
  pgDir: string;
  url: string;
  db: Database;
  store: EventStore;
  pg: EmbeddedPostgresHandle;
}

/**
 * What the scenarios started and have not stopped yet: a scenario that fails halfway (a bad query,
 * a refused connection) would otherwise leave its server and PostgreSQL running after the runner
 * exits, and they would weigh on every later measurement. bench/run.ts stops them (stopLeftovers).
 */
const leftovers = new Set<() => Promise<void>>();

/** Stops whatever a scenario started and did not stop, newest first. */
export async function stopLeftovers(): Promise<void> {
  for (const stop of [...leftovers].reverse()) {
    leftovers.delete(stop);
    await stop().catch((err: unknown) => console.error(`bench: could not stop a leftover: ${err instanceof Error ? err.message : String(err)}`));
  }
}

export async function startBenchDatabase(label: string, settings?: Record<string, string>): Promise<BenchEnvironment> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `sprintguard-bench-${label}-`));
  await fs.chmod(dir, 0o755);
  console.log('starting PostgreSQL (default durability)…');
  const pgDir = path.join(dir, 'pg');
  const pg = await startEmbeddedPostgres({ dir: pgDir, ...(settings ? { settings } : {}) });
  const url = withDatabase(pg.url, 'bench');
  await ensureDatabaseExists(url);
  const db = createDatabase({ url, poolSize: 4 });
  await runMigrations(db.knex, eventStoreMigrations);
  await runMigrations(db.knex, readModelMigrations);
  const store = createPgEventStore({ pool: db.pool, connectionString: url });
  const env: BenchEnvironment = { dir, pgDir, url, db, store, pg };
  leftovers.add(stopOnce(env, () => stopEnvironment(env)));
  return env;
}

/**
 * A second database of the same cluster, migrated like the first, with its own directory for a
 * server's data: two servers compared in turns (the commands benchmark's traced variant) then each
 * have their own log and read models, and each its own projector, on the same PostgreSQL. Closed
 * with the environment it stands beside, before that one stops.
 */
export async function benchDatabaseBeside(env: BenchEnvironment, name: string): Promise<BenchEnvironment> {
  const dir = path.join(env.dir, name);
  await fs.mkdir(dir);
  const url = withDatabase(env.pg.url, name);
  await ensureDatabaseExists(url);
  const db = createDatabase({ url, poolSize: 4 });
  await runMigrations(db.knex, eventStoreMigrations);
  await runMigrations(db.knex, readModelMigrations);
  const store = createPgEventStore({ pool: db.pool, connectionString: url });
  const beside: BenchEnvironment = { ...env, dir, url, db, store };
  closeFirst.set(env, [...(closeFirst.get(env) ?? []), beside]);
  return beside;
}

/** The databases started beside an environment, closed before its cluster stops. */
const closeFirst = new WeakMap<BenchEnvironment, BenchEnvironment[]>();

export interface BenchServer {
  base: string;
  child: ChildProcess;
  token: (orgId: string) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * The Node.js flags `npm start` gives the server (package.json's start script, `node <flags>
 * bin/sprintguard.js serve`): the benchmarks measure the server as it is started.
 */
export async function serveNodeFlags(): Promise<string[]> {
  const pkg = JSON.parse(await fs.readFile(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  if (words[0] !== 'node') throw new Error(`package.json's start script does not start with node: ${pkg.scripts.start}`);
  const script = words.findIndex((w, i) => i > 0 && !w.startsWith('--'));
  if (script === -1) throw new Error(`package.json's start script names no script: ${pkg.scripts.start}`);
  return words.slice(1, script);
}

/**
 * The real server process, with the flags of `npm start`; BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof") adds to them. `extraEnv` adds to its environment (the commands
 * benchmark's traced variant). `costSide`: a server of the commands benchmark's cost drive, started
 * through its own entry (./serve-cost-side.ts) like the other two; `withoutChain` its "both off",
 * with its appends unsealed (the database needs installWithoutChain first).
 */
export async function startBenchServer(env: BenchEnvironment, extraEnv: Record<string, string> = {}, options: { costSide?: { withoutChain: boolean } } = {}): Promise<BenchServer> {
  const port = await freePort();
  const nodeArgs = [...(await serveNodeFlags()), ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const dataDir = path.join(env.dir, 'data');
  // The cost drive's three servers through one entry of the benchmark's: until 2026-11-30 only
  // "both off" was, the other two through bin/sprintguard.js.
  const entry = options.costSide
    ? ['--import', 'tsx', path.resolve(import.meta.dirname, 'serve-cost-side.ts')]
    : [path.resolve(import.meta.dirname, '../bin/sprintguard.js'), 'serve'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: {
      ...process.env,
      DATABASE_URL: env.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_READS_PER_MINUTE: '10000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '10000000',
      // The SSE scenario opens 1,000 streams with one user's token: above the default caps per user
      // and per process, which would answer most of them 429.
      SSE_MAX_STREAMS_PER_USER: '10000',
      SSE_MAX_STREAMS: '100000',
      DB_POOL_SIZE: '20',
      // Untraced unless a variant asks (an empty variable is unset), whatever the shell exports.
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      BENCH_WITHOUT_CHAIN: options.costSide?.withoutChain ? '1' : '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  let stopping = false;
  // A server that dies under a scenario says so at once (the scenario then fails on its next request).
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the server process exited during the benchmark: code ${code}, signal ${signal}`);
  });
  const server: BenchServer = {
    base,
    child,
    token: (orgId) => signDevToken(dataDir, { orgId, userId: 'bench-user', admin: true }),
    stop: stopOnce(child, async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }),
  };
  leftovers.add(server.stop);
  return server;
}

export async function stopBenchDatabase(env: BenchEnvironment): Promise<void> {
  await stopOnce(env, () => stopEnvironment(env))();
}

async function stopEnvironment(env: BenchEnvironment): Promise<void> {
  for (const beside of closeFirst.get(env) ?? []) {
    await beside.store.close();
    await beside.db.close();
  }
  await env.store.close();
  await env.db.close();
  await env.pg.stop();
  await fs.rm(env.dir, { recursive: true, force: true });
}

/** One stop per thing started, whoever calls it first (the scenario or stopLeftovers); it then leaves the leftovers. */
const stops = new WeakMap<object, () => Promise<void>>();
function stopOnce(owner: object, stop: () => Promise<void>): () => Promise<void> {
  let known = stops.get(owner);
  if (!known) {
    let stopping: Promise<void> | undefined;
    known = () => {
      leftovers.delete(known!);
      return (stopping ??= stop());
    };
    stops.set(owner, known);
  }
  return known;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Resident set size of a process in MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * The service's sampling of traces as this environment configures it (its default unless
 * OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG / TRACES_MAX_PER_SECOND say otherwise): what a
 * traced variant measures.
 */
export function benchSampling(): TraceSampling {
  const config = loadConfig({ OTEL_TRACES_SAMPLER: process.env.OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG: process.env.OTEL_TRACES_SAMPLER_ARG, TRACES_MAX_PER_SECOND: process.env.TRACES_MAX_PER_SECOND });
  return { sampler: config.OTEL_TRACES_SAMPLER, ratio: config.OTEL_TRACES_SAMPLER_ARG, maxPerSecond: config.TRACES_MAX_PER_SECOND };
}
