// Event store benchmark (`npm run bench -- store`), on its own embedded PostgreSQL with DEFAULT
// durability (fsync and synchronous_commit on: the figures are for durable commits).
//   (a) appends/s and p50/p99 latency: 16 concurrent writers, one ~250-byte JSON event per append,
//       one stream per writer with an exact expected revision, through the real adapter;
//   (b) the same rows as a bare single-row INSERT per transaction (16 clients) into a plain table:
//       the ceiling of this disk and CPU; the ratio a/b says what the store costs on top of it;
//   (c) the projection rebuild benchmark of bench/rebuild.bench.ts on the same server;
//   (d) the cost of the tamper-evidence chain: (a) again on a database whose es.append is the one
//       from before the chain (migration 001 only), through the same adapter, whose es_append call
//       is rewritten to that function; the content digest the adapter computes in process is timed
//       on its own (digest_us_per_event), since both variants compute it;
//   (e) the cost of tracing: (a) again with the append span and the traceparent in the metadata,
//       spans exported over OTLP/HTTP to a sink on 127.0.0.1 (test/support/stand-ins/otlp-stand-in.ts).
// BENCH_MEASURE_MS shortens every measure (a smoke run); BENCH_STORE_REBUILD=0 leaves (c) out.
// Reference figure from before the store was built: ~2,600 appends/s at 16 clients on 2 vCPUs.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { createDatabase, ensureDatabaseExists } from '../src/adapters/postgres/database.js';
import { startEmbeddedPostgres, withDatabase } from '../src/adapters/postgres/embedded.js';
import { eventStoreMigrations } from '../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../src/adapters/postgres/pg-event-store.js';
import { cpuPerOperation, cpuSnapshot, postmasterPid } from './cpu-account.js';
import type { EventStore } from '../src/adapters/event-store.js';
import { contentDigest } from '../src/adapters/audit-chain.js';
import { withAppendTracing } from '../src/adapters/telemetry/traced-event-store.js';
import { startTracing } from '../src/adapters/telemetry/tracing.js';
import { startOtlpStandIn } from '../test/support/stand-ins/otlp-stand-in.js';

type Figures = Record<string, number | string>;

const WRITERS = 16;
const MEASURE_MS = Number(process.env.BENCH_MEASURE_MS ?? 10_000);
const WARMUP_MS = 1_000;

export async function run(): Promise<Figures> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-bench-pg-'));
  // The postgres user (used when running as root) must be able to enter the directory.
  await fs.chmod(dir, 0o755);
  progress(`starting embedded PostgreSQL in ${dir} (default durability)`);
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'data') });
  try {
    const url = withDatabase(server.url, 'bench_store');
    await ensureDatabaseExists(url);
    const figures: Figures = { writers: WRITERS, seconds_per_measure: MEASURE_MS / 1000 };
    await describeServer(url, figures);
    // CPU ms per operation by side (postgres; this process, which runs the adapter): what bounds each.
    postgresPid = await postmasterPid(path.join(dir, 'data'));
    const appends = await benchAppends(url, '(a)');
    Object.assign(figures, prefixed('append_', appends));
    const bare = await benchBareInserts(url);
    Object.assign(figures, prefixed('bare_insert_', bare));
    figures.append_vs_bare_ratio = round(Number(appends.per_second) / Number(bare.per_second), 2);
    progress(`appends/bare INSERT = ${figures.append_vs_bare_ratio}`);

    const preChainUrl = withDatabase(server.url, 'bench_store_prechain');
    await ensureDatabaseExists(preChainUrl);
    const preChain = await benchAppends(preChainUrl, '(d) before the hash chain', { preChain: true });
    Object.assign(figures, prefixed('append_prechain_', preChain));
    figures.digest_us_per_event = digestMicros();
    figures.chain_vs_prechain_ratio = round(Number(appends.per_second) / Number(preChain.per_second), 3);
    progress(`appends with the chain / before it = ${figures.chain_vs_prechain_ratio}; digest ${figures.digest_us_per_event} µs per event`);

    const traced = await benchAppends(url, '(e) traced', { traced: true });
    Object.assign(figures, prefixed('append_traced_', traced));
    figures.traced_vs_untraced_ratio = round(Number(traced.per_second) / Number(appends.per_second), 3);
    progress(`traced appends / untraced = ${figures.traced_vs_untraced_ratio}`);
    // Last: seeding a million events leaves the server busy (checkpoints, autovacuum) for a while.
    if (process.env.BENCH_STORE_REBUILD !== '0') Object.assign(figures, await benchRebuildIfPresent(url));
    return figures;
  } finally {
    progress('stopping embedded PostgreSQL');
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function describeServer(url: string, figures: Figures): Promise<void> {
  const db = createDatabase({ url, poolSize: 1 });
  try {
    const { rows } = await db.pool.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'server_version', 'shared_buffers', 'wal_sync_method')`,
    );
    for (const r of rows) figures[`pg_${r.name}`] = r.setting;
  } finally {
    await db.close();
  }
}

/** es.append as migration 001 created it: no digests, no chain (the (d) baseline). */
const PRE_CHAIN_APPEND_SQL = `
SELECT next_expected_revision::text AS revision, commit_pos::text AS commit, prepare_pos::text AS prepare
  FROM es.append($1, $2, $3, $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])`;

/** The adapter's pool, with its es_append call sent to the pre-chain function (the digests dropped). */
function preChainPool(pool: pg.Pool): pg.Pool {
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query') {
        return (config: pg.QueryConfig, ...rest: unknown[]) =>
          (target.query as (...args: unknown[]) => unknown)(
            typeof config === 'object' && config.name === 'es_append' ? { name: 'es_append_001', text: PRE_CHAIN_APPEND_SQL, values: config.values?.slice(0, 7) } : config,
            ...rest,
          );
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * (a), (d), (e): through the real adapter, each append one call of es.append, one round trip.
 * `preChain`: on a database migrated to 001 only, through preChainPool. `traced`: tracing on, the
 * append decorator the composition applies, spans exported to an OTLP sink on loopback.
 */
async function benchAppends(url: string, label: string, variant: { preChain?: boolean; traced?: boolean } = {}): Promise<Figures> {
  const db = createDatabase({ url, poolSize: WRITERS + 2 });
  await runMigrations(db.knex, variant.preChain ? { ...eventStoreMigrations, migrations: eventStoreMigrations.migrations.slice(0, 1) } : eventStoreMigrations);
  const sink = variant.traced ? await startOtlpStandIn({ record: false }) : undefined;
  const tracing = sink && (await startTracing({ endpoint: sink.url, serviceName: 'bench-store', log: { warn: (_details, message) => progress(message) } }));
  const adapter = createPgEventStore({ pool: variant.preChain ? preChainPool(db.pool) : db.pool, connectionString: url });
  const store: EventStore = tracing?.enabled ? withAppendTracing(adapter) : adapter;
  const run = randomUUID().slice(0, 8);
  try {
    const writer = (w: number) => {
      const stream = `bench-${run}-${w}`;
      let expected: bigint | 'no_stream' = 'no_stream';
      return async () => {
        const r = await store.append(stream, [{ type: 'BenchEvent', data: payload(w), metadata: metadata() }], {
          expectedRevision: expected,
        });
        expected = r.nextExpectedRevision;
      };
    };
    progress(`${label} ${WRITERS} writers appending through the adapter for ${MEASURE_MS / 1000} s`);
    return await measure(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  } finally {
    await tracing?.shutdown();
    if (sink) progress(`  the OTLP sink answered ${sink.received()} exports`);
    await sink?.close();
    await store.close();
    await db.close();
  }
}

/** Microseconds per event of the content digest the adapter computes before each append. */
function digestMicros(): number {
  const events = Array.from({ length: 20_000 }, (_, i) => ({ data: payload(i), metadata: metadata() }));
  const t0 = performance.now();
  for (const e of events) contentDigest('BenchEvent', e.data, e.metadata);
  return round(((performance.now() - t0) * 1000) / events.length, 2);
}

/** (b) The floor: one single-row INSERT per transaction into a plain table, same rows, 16 clients. */
async function benchBareInserts(url: string): Promise<Figures> {
  const db = createDatabase({ url, poolSize: WRITERS + 2 });
  try {
    await db.pool.query(`
      DROP TABLE IF EXISTS bench_plain;
      CREATE TABLE bench_plain (
        id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        stream_name text   NOT NULL,
        revision    bigint NOT NULL,
        event_id    uuid   NOT NULL,
        event_type  text   NOT NULL,
        data        jsonb  NOT NULL,
        metadata    jsonb,
        created     timestamptz NOT NULL DEFAULT now()
      )`);
    const clients = await Promise.all(Array.from({ length: WRITERS }, () => db.pool.connect()));
    try {
      const writer = (client: pg.PoolClient, w: number) => {
        let revision = 0;
        return async () => {
          await client.query({
            name: 'bench_insert',
            text: 'INSERT INTO bench_plain (stream_name, revision, event_id, event_type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
            values: [`bare-${w}`, revision++, randomUUID(), 'BenchEvent', JSON.stringify(payload(w)), JSON.stringify(metadata())],
          });
        };
      };
      progress(`(b) ${WRITERS} clients, bare single-row INSERT per transaction for ${MEASURE_MS / 1000} s`);
      return await measure(clients.map((c, w) => writer(c, w)));
    } finally {
      for (const c of clients) c.release();
    }
  } finally {
    await db.close();
  }
}

/** (c) Seeds 1,000,000 events and rebuilds through the real projector (bench/rebuild.bench.ts). */
async function benchRebuildIfPresent(url: string): Promise<Figures> {
  progress('(c) projection rebuild (bench/rebuild.bench.ts)');
  let benchRebuild: (databaseUrl: string) => Promise<Figures>;
  try {
    ({ benchRebuild } = await import('./rebuild.bench.js'));
  } catch (err) {
    progress(`(c) skipped: bench/rebuild.bench.ts could not be loaded (${err instanceof Error ? err.message : String(err)})`);
    return { rebuild: 'skipped: bench/rebuild.bench.ts missing' };
  }
  const rebuildUrl = withDatabase(url, 'bench_rebuild');
  await ensureDatabaseExists(rebuildUrl);
  return prefixed('rebuild_', await benchRebuild(rebuildUrl));
}

/** Runs every worker in a closed loop: a warm-up, then MEASURE_MS of timed operations. */
/** The cluster's postmaster, once started: measure() reports CPU per operation by side. */
let postgresPid: number | undefined;

async function measure(workers: Array<() => Promise<void>>): Promise<Figures> {
  // Taken here, while the phase's pool is open: its backends are gone once the phase returns.
  const cpuBefore = postgresPid !== undefined ? await cpuSnapshot({ postgres: postgresPid }) : undefined;
  const latencies: number[] = [];
  let all = 0;
  let recording = false;
  const warmupEnd = Date.now() + WARMUP_MS;
  const end = warmupEnd + MEASURE_MS;
  let startedAt = 0;
  const ticker = setInterval(() => progress(`  ${latencies.length} operations so far`), 2_500);
  try {
    await Promise.all(
      workers.map(async (op) => {
        while (Date.now() < end) {
          if (!recording && Date.now() >= warmupEnd) {
            recording = true;
            startedAt = performance.now();
          }
          const t0 = performance.now();
          await op();
          all++;
          if (recording) latencies.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    clearInterval(ticker);
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = cpuBefore && postgresPid !== undefined ? cpuPerOperation(cpuBefore, await cpuSnapshot({ postgres: postgresPid }), all) : undefined;
  latencies.sort((x, y) => x - y);
  const figures = {
    operations: latencies.length,
    // With the warm-up: what the phase's CPU time is divided by.
    operations_all: all,
    ...(cpu ? { cpu_ms_per_op_postgres_client: `${cpu.postgres}, ${cpu.client}` } : {}),
    per_second: round(latencies.length / seconds, 0),
    p50_ms: round(percentile(latencies, 0.5), 2),
    p99_ms: round(percentile(latencies, 0.99), 2),
    max_ms: round(latencies[latencies.length - 1] ?? 0, 2),
  };
  progress(`  ${figures.per_second}/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms`);
  return figures;
}

// ~250 bytes of JSON, shaped like a run event.
function payload(w: number) {
  return {
    run_id: randomUUID(),
    org_id: `org-${w}`,
    step: 'action_proposed',
    action: { kind: 'move_issue', issue: `SG-${Math.floor(Math.random() * 10_000)}`, to: 'In Review' },
    reason: 'Benchmark payload: moves an issue whose pull request was opened to review.',
  };
}

function metadata() {
  return { user_id: 'system', correlation_id: randomUUID(), causation_id: randomUUID() };
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function prefixed(prefix: string, figures: Figures): Figures {
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [`${prefix}${k}`, v]));
}

function progress(line: string): void {
  console.log(`[store] ${line}`);
}
