// Event store benchmark (`npm run bench -- store`), on its own embedded PostgreSQL with DEFAULT
// durability (fsync and synchronous_commit on: the figures are for durable commits).
//   (a) appends/s and p50/p99 latency: 16 concurrent writers, one ~250-byte JSON event per append,
//       one stream per writer with an exact expected revision, through the real adapter (which
//       commits the appends that arrive while one is in flight as a group: append-groups.ts);
//   (b) the same rows as a bare single-row INSERT per transaction (16 clients) into a plain table:
//       the ceiling of this disk and CPU; the ratio a/b says what the store costs on top of it;
//   (c) the projection rebuild benchmark of bench/rebuild.bench.ts on the same server;
//   (d) the cost of the tamper-evidence chain: (a) again through the same adapter without the chain
//       (bench/without-chain.ts: its append statements, alone and in groups, rewritten to the same
//       INSERTs without the sealing, and each event sent as plain JSON text with no digest); both
//       encoders are also timed on their own, warm (digest_us_per_event: canonical JSON and the
//       digest; plain_json_us_per_event). Until 2026-11-26 evening (d) computed the digest too,
//       and the ratio left that part of the chain's cost out;
//   (e) the cost of tracing: (a) again, each append under a request's span as in the service (a new
//       trace, recorded as the sampling decides: by default every new trace up to
//       TRACES_MAX_PER_SECOND; its traceparent in the command's metadata), with the
//       append span and its traceparent in the events of a recorded trace; spans exported over
//       OTLP/HTTP to a sink on 127.0.0.1 (test/support/stand-ins/otlp-stand-in.ts). Until 2026-11-29
//       each append was a trace of its own, with no request span.
//   (f) only with BENCH_APPEND_OVERLAP (`none` or `slots,at`): (a) with another overlap of the
//       append groups (append-groups.ts), reported as overlap_vs_bare_ratio.
// (a), (b), (d), (e) and (f) take turns in BENCH_STORE_ROUNDS slices each (default 15 of 2 s), so that
// what else runs on a shared machine weighs on all of them alike and their ratios come from the same
// minutes. Why that many: this machine's pace moves by ±20% from one second to the next, and the
// ratio of two variants' slices side by side spread 0.58–1.33 with slices of 1 s; 5 slices of 2 s
// gave the chain's ratio 0.73–0.95 from run to run (2026-11-29).
// BENCH_MEASURE_MS (per variant, all slices together) shortens every measure (a smoke run);
// BENCH_STORE_REBUILD=0 leaves (c) out.
// Reference figure from before the store was built: ~2,600 appends/s at 16 clients on 2 vCPUs.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { createDatabase, ensureDatabaseExists, type Database } from '../src/adapters/postgres/database.js';
import { startEmbeddedPostgres, withDatabase } from '../src/adapters/postgres/embedded.js';
import { eventStoreMigrations } from '../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../src/adapters/postgres/pg-event-store.js';
import { DEFAULT_GROUP_LIMITS, type AppendGroupLimits } from '../src/adapters/postgres/append-groups.js';
import { cpuPerOperation, cpuSnapshot, postmasterPid } from './cpu-account.js';
import type { EventStore } from '../src/adapters/event-store.js';
import { wireContent } from '../src/adapters/audit-chain.js';
import type { ContentEncoder } from '../src/adapters/postgres/pg-mapping.js';
import { SpanKind, startSpan, traceparentOf } from '../src/adapters/telemetry/spans.js';
import { withAppendTracing } from '../src/adapters/telemetry/traced-event-store.js';
import { startTracing, type Tracing } from '../src/adapters/telemetry/tracing.js';
import { benchSampling } from './support.js';
import { startOtlpStandIn } from '../test/support/stand-ins/otlp-stand-in.js';
import { installWithoutChain, unsealedContent, withoutChainPool } from './without-chain.js';

type Figures = Record<string, number | string>;

const WRITERS = 16;
const MEASURE_MS = Number(process.env.BENCH_MEASURE_MS ?? 30_000);
const WARMUP_MS = 1_000;
/** Slices per variant (interleaved); BENCH_STORE_ROUNDS overrides. */
const ROUNDS = Number(process.env.BENCH_STORE_ROUNDS ?? 15);
const SLICE_WARMUP_MS = 200;

export async function run(): Promise<Figures> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-bench-pg-'));
  // The postgres user (used when running as root) must be able to enter the directory.
  await fs.chmod(dir, 0o755);
  progress(`starting embedded PostgreSQL in ${dir} (default durability)`);
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'data') });
  try {
    const url = withDatabase(server.url, 'bench_store');
    await ensureDatabaseExists(url);
    const figures: Figures = { writers: WRITERS, seconds_per_measure: MEASURE_MS / 1000, rounds: ROUNDS };
    await describeServer(url, figures);
    // CPU ms per operation by side (postgres; this process, which runs the adapter): what bounds each.
    postgresPid = await postmasterPid(path.join(dir, 'data'));
    const db = createDatabase({ url, poolSize: 3 * WRITERS + 2 });
    // Appends per transaction by variant: how large its groups were (a slower client makes smaller
    // groups, and PostgreSQL's CPU per append grows with the commits).
    // The next transaction id (taking none): every writing transaction takes one, at once.
    committed = async () => Number((await db.pool.query<{ n: string }>(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS n`)).rows[0]!.n);
    await runMigrations(db.knex, eventStoreMigrations);
    await installWithoutChain(db.pool);
    const sink = await startOtlpStandIn({ record: false });
    const appends = appendPhase(db, '(a) appends');
    const bare = await bareInsertPhase(db);
    const preChain = appendPhase(db, '(d) without the chain', { preChain: true });
    const traced = appendPhase(db, '(e) traced', { traced: true });
    const overlap = overlapVariant(db);
    // Tracing installs process-wide globals (the tracer provider, the propagator, the budget of new
    // traces), so it is on only around (e)'s slices.
    let tracing: Tracing | undefined;
    traced.before = async () => {
      tracing = await startTracing({ endpoint: sink.url, serviceName: 'bench-store', sampling: benchSampling(), log: { warn: (_details, message) => progress(message) } });
    };
    traced.after = async () => {
      await tracing?.shutdown();
    };
    try {
      const results = await interleaved([appends, bare, preChain, traced, ...(overlap ? [overlap] : [])]);
      const [a, b, d, e, f] = results as [Figures, Figures, Figures, Figures, Figures | undefined];
      Object.assign(figures, prefixed('append_', a), prefixed('bare_insert_', b), prefixed('append_prechain_', d), prefixed('append_traced_', e));
      if (f) Object.assign(figures, prefixed('append_overlap_', f));
    } finally {
      progress(`  the OTLP sink answered ${sink.received()} exports`);
      await sink.close();
      for (const phase of [appends, bare, preChain, traced, ...(overlap ? [overlap] : [])]) await phase.close();
      await db.close();
    }
    const ratioOf = (x: string, y: string) => round(Number(figures[`${x}per_second`]) / Number(figures[`${y}per_second`]), 3);
    figures.append_vs_bare_ratio = ratioOf('append_', 'bare_insert_');
    Object.assign(figures, encodeMicros());
    figures.chain_vs_prechain_ratio = ratioOf('append_', 'append_prechain_');
    figures.traced_vs_untraced_ratio = ratioOf('append_traced_', 'append_');
    // The target's own figure: tracing and the chain together against neither, (e) over (d).
    figures.both_on_vs_both_off_ratio = ratioOf('append_traced_', 'append_prechain_');
    figures.both_on_vs_both_off_cpu_ratio = round(Number(figures.append_prechain_cpu_ms_per_op) / Number(figures.append_traced_cpu_ms_per_op), 3);
    if (overlap) figures.overlap_vs_bare_ratio = ratioOf('append_overlap_', 'bare_insert_');
    figures.traced_sampling = Object.values(benchSampling()).join(' ');
    progress(`appends/bare INSERT = ${figures.append_vs_bare_ratio}`);
    progress(`appends with the chain / without = ${figures.chain_vs_prechain_ratio}; an event's JSON and digest ${figures.digest_us_per_event} µs, its plain JSON ${figures.plain_json_us_per_event} µs`);
    progress(`traced appends / untraced = ${figures.traced_vs_untraced_ratio}; both on / both off = ${figures.both_on_vs_both_off_ratio} (CPU per append, both off / both on: ${figures.both_on_vs_both_off_cpu_ratio})`);
    // Last: seeding a million events leaves the server busy (checkpoints, autovacuum) for a while.
    if (process.env.BENCH_STORE_REBUILD !== '0') Object.assign(figures, await benchRebuildIfPresent(url));
    return figures;
  } finally {
    progress('stopping embedded PostgreSQL');
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** One variant measured in slices: its writers, and what to do around each slice. */
interface Phase {
  label: string;
  workers: Array<() => Promise<void>>;
  before?: () => Promise<void>;
  after?: () => Promise<void>;
  close(): Promise<void>;
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

/**
 * (a), (d), (e): through the real adapter, each append one statement alone or in a group.
 * `preChain`: through withoutChainPool (./without-chain.ts: the same statements without the sealing), no digest computed. `traced`: the append
 * decorator the composition applies when tracing is on, spans exported to an OTLP sink on loopback.
 */
function appendPhase(db: Database, label: string, variant: { preChain?: boolean; traced?: boolean; groups?: AppendGroupLimits } = {}): Phase {
  const adapter = createPgEventStore({
    pool: variant.preChain ? withoutChainPool(db.pool) : db.pool,
    connectionString: db.url,
    ...(variant.preChain ? { encodeContent: unsealedContent } : {}),
    ...(variant.groups ? { appendGroups: variant.groups } : {}),
  });
  const store: EventStore = variant.traced ? withAppendTracing(adapter) : adapter;
  const run = randomUUID().slice(0, 8);
  const writer = (w: number) => {
    const stream = `bench-${run}-${w}`;
    let expected: bigint | 'no_stream' = 'no_stream';
    return async () => {
      // Traced: each append is a request's, as in the service: a new trace (the request's span, drawn
      // at the configured share) whose traceparent the command puts into the event's metadata.
      const request = variant.traced ? startSpan('POST bench', { kind: SpanKind.SERVER }) : undefined;
      const traceparent = request && traceparentOf(request);
      try {
        const r = await store.append(stream, [{ type: 'BenchEvent', data: payload(w), metadata: metadata(traceparent) }], {
          expectedRevision: expected,
        });
        expected = r.nextExpectedRevision;
      } finally {
        request?.end();
      }
    };
  };
  return { label, workers: Array.from({ length: WRITERS }, (_, w) => writer(w)), close: () => store.close() };
}

/**
 * (f), only when BENCH_APPEND_OVERLAP is set: (a) with another overlap of the append groups
 * (append-groups.ts), `none` or `slots,at` (e.g. `2,16`), to choose the default by figures.
 */
function overlapVariant(db: Database): Phase | undefined {
  const setting = process.env.BENCH_APPEND_OVERLAP;
  if (!setting) return undefined;
  const [slots, at] = setting.split(',').map(Number);
  const { overlap: _default, ...limits } = DEFAULT_GROUP_LIMITS;
  if (setting === 'none') return appendPhase(db, '(f) appends, no overlap', { groups: limits });
  if (!Number.isInteger(slots) || !Number.isInteger(at)) throw new Error(`BENCH_APPEND_OVERLAP: 'none' or 'slots,at' (e.g. 2,8), not '${setting}'`);
  return appendPhase(db, `(f) appends, overlap ${slots} at ${at}`, { groups: { ...limits, overlap: { slots: slots!, at: at! } } });
}

/**
 * Microseconds per event of what the adapter sends with the chain (canonical JSON and the content
 * digest: wireContent; also for the event with its members out of order) and without it
 * (JSON.stringify: the (d) baseline's encoder), warm: the best of five rounds each, in turns.
 * Until 2026-11-29 night this timed one cold round of the digest alone, which read 9–30 µs for what
 * costs 5–10 warm.
 */
function encodeMicros(): Figures {
  const events = Array.from({ length: 20_000 }, (_, i) => ({ data: payload(i), metadata: metadata() }));
  const time = (encode: ContentEncoder, of: { data: unknown; metadata: Record<string, unknown> }[]) => {
    const t0 = performance.now();
    for (const e of of) encode('BenchEvent', e.data, e.metadata);
    return ((performance.now() - t0) * 1000) / of.length;
  };
  const unsorted = events.map((e) => ({ data: reversed(e.data), metadata: reversed(e.metadata) as Record<string, unknown> }));
  let chain = Infinity;
  let chainUnsorted = Infinity;
  let plain = Infinity;
  for (let round = 0; round < 5; round++) {
    chain = Math.min(chain, time(wireContent, events));
    chainUnsorted = Math.min(chainUnsorted, time(wireContent, unsorted));
    plain = Math.min(plain, time(unsealedContent, events));
  }
  return { digest_us_per_event: round(chain, 2), digest_us_per_unsorted_event: round(chainUnsorted, 2), plain_json_us_per_event: round(plain, 2) };
}

/** (b) The floor: one single-row INSERT per transaction into a plain table, same rows, 16 clients. */
async function bareInsertPhase(db: Database): Promise<Phase> {
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
  return {
    label: '(b) bare single-row INSERT per transaction',
    workers: clients.map((c, w) => writer(c, w)),
    close: async () => {
      for (const c of clients) c.release();
    },
  };
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

/** The cluster's postmaster, once started: slices report CPU per operation by side. */
let postgresPid: number | undefined;
/** The cluster's writing transactions so far (transaction ids taken), once connected. */
let committed: (() => Promise<number>) | undefined;

interface Slice {
  operations: number;
  all: number;
  seconds: number;
  latencies: number[];
  cpuMs: { postgres: number; client: number };
  commits: number;
}

/**
 * Every phase in ROUNDS slices of MEASURE_MS / ROUNDS, taking turns (a, b, d, e, a, b, …): on a
 * shared machine whatever else runs then weighs on every variant alike, so their ratios hold even
 * when the absolute figures move. A round of every phase that is not counted comes first.
 */
async function interleaved(phases: Phase[]): Promise<Figures[]> {
  const slices: Slice[][] = phases.map(() => []);
  // After a slice with its own set-up (the traced one: its spans to collect, its exporter's
  // shutdown), the next slice warms up as long as a first one: with 200 ms the traced slice's
  // aftermath fell on the appends with the chain, which always follow it, and their ratio to the
  // appends without it read 0.74–0.85 in that order against 0.81–0.99 with the two swapped.
  // A round that counts for nothing first: the first phase measured used to run cold (the adapter's
  // code not yet optimized, PostgreSQL's caches and plans new), and it is the appends with the chain.
  // Their first slice read 2,674–3,880/s against 4,200–5,300 for their later ones (2026-11-29).
  for (const phase of phases) {
    progress(`${phase.label}: warming up`);
    await inPhase(phase, () => measureSlice(phase.workers, WARMUP_MS, WARMUP_MS));
  }
  let aftermath = phases[phases.length - 1]?.after !== undefined;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, phase] of phases.entries()) {
      progress(`${phase.label}: slice ${round + 1} of ${ROUNDS}`);
      slices[i]!.push(await inPhase(phase, () => measureSlice(phase.workers, MEASURE_MS / ROUNDS, aftermath ? WARMUP_MS : SLICE_WARMUP_MS)));
      aftermath = phase.after !== undefined;
    }
  }
  return slices.map((s, i) => summarize(phases[i]!.label, s));
}

/** `fn` between the phase's own set-up and tear-down. */
async function inPhase<T>(phase: Phase, fn: () => Promise<T>): Promise<T> {
  await phase.before?.();
  try {
    return await fn();
  } finally {
    await phase.after?.();
  }
}

/** Runs every worker in a closed loop: a warm-up, then `ms` of timed operations. */
async function measureSlice(workers: Array<() => Promise<void>>, ms: number, warmupMs: number): Promise<Slice> {
  const warmupEnd = Date.now() + warmupMs;
  await Promise.all(workers.map(async (op) => {
    while (Date.now() < warmupEnd) await op();
  }));
  const cpuBefore = postgresPid !== undefined ? await cpuSnapshot({ postgres: postgresPid }) : undefined;
  const commitsBefore = await committed?.();
  const latencies: number[] = [];
  let all = 0;
  const end = Date.now() + ms;
  const startedAt = performance.now();
  await Promise.all(
    workers.map(async (op) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await op();
        all++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const commits = commitsBefore !== undefined && committed ? (await committed()) - commitsBefore : 0;
  const cpu = cpuBefore && postgresPid !== undefined ? cpuPerOperation(cpuBefore, await cpuSnapshot({ postgres: postgresPid }), all) : undefined;
  return { operations: latencies.length, all, seconds, latencies, cpuMs: { postgres: (cpu?.postgres ?? 0) * all, client: (cpu?.client ?? 0) * all }, commits };
}

function summarize(label: string, slices: Slice[]): Figures {
  const latencies = slices.flatMap((s) => s.latencies).sort((x, y) => x - y);
  const all = slices.reduce((n, s) => n + s.all, 0);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  const cpu = (k: 'postgres' | 'client') => round(slices.reduce((n, s) => n + s.cpuMs[k], 0) / Math.max(1, all), 3);
  const figures = {
    operations: latencies.length,
    ...(postgresPid !== undefined ? { cpu_ms_per_op_postgres_client: `${cpu('postgres')}, ${cpu('client')}`, cpu_ms_per_op: round(cpu('postgres') + cpu('client'), 3) } : {}),
    per_second: round(latencies.length / seconds, 0),
    ...(committed !== undefined ? { appends_per_commit: round(all / Math.max(1, slices.reduce((n, s) => n + s.commits, 0)), 2) } : {}),
    per_second_by_slice: slices.map((s) => round(s.operations / s.seconds, 0)).join(' '),
    p50_ms: round(percentile(latencies, 0.5), 2),
    p99_ms: round(percentile(latencies, 0.99), 2),
    max_ms: round(latencies[latencies.length - 1] ?? 0, 2),
  };
  progress(`${label}: ${figures.per_second}/s (slices ${figures.per_second_by_slice}), p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms`);
  return figures;
}

// ~250 bytes of JSON, shaped like a run event and built as the service builds its events: members
// in sorted order, the order the content digest writes them (src/domain/run.decider.ts,
// src/commands/handle-command.ts eventMetadata). Until 2026-11-29 night the members were in another
// order, which the chain then had to sort: encodeMicros times that shape too.
function payload(w: number) {
  return {
    action: { issue: `SG-${Math.floor(Math.random() * 10_000)}`, kind: 'move_issue', to: 'In Review' },
    org_id: `org-${w}`,
    reason: 'Benchmark payload: moves an issue whose pull request was opened to review.',
    run_id: randomUUID(),
    step: 'action_proposed',
  };
}

/** A command's metadata as eventMetadata builds it, with the request's traceparent when its trace is recorded. */
function metadata(traceparent?: string) {
  const causation_id = randomUUID();
  const correlation_id = randomUUID();
  return traceparent === undefined ? { causation_id, correlation_id, user_id: 'system' } : { causation_id, correlation_id, traceparent, user_id: 'system' };
}

/** The same event with its members in reverse order: what the chain costs a caller that does not sort them. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)]));
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
