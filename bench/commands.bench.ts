// `npm run bench -- commands`: sustained approve/reject commands over HTTP against the real server
// process, 50 connections, rate limits raised; reports requests/s, latency p50/p99 and the runs
// projection's lag under that load (time from an append until the read model includes it), beside
// the ceiling measured in the same run with the same load generator: a Fastify route doing one
// durable single-row INSERT per request (bench/ceilings). Targets (docs/benchmarks.md): >= 0.35x the
// ceiling, p99 <= 100 ms, projection lag p99 <= 100 ms.
// Ours and the ceiling take turns, in BENCH_COMMANDS_SLICES slices each (default 5) of DURATION_MS
// in all: the machine's speed drifts within minutes (bench/machine-load.ts), and measured one after
// the other the two compared different machines (2026-11-26: a ratio of 0.15 with the ceiling's
// CPU per request 25% below the previous run's). A slice of ours ends when its last answer is in
// and the runs projection has caught up with it; that catch-up counts in its time.
// The first slice of each starts with BENCH_COMMANDS_WARMUP_MS (default 8 s) of the same load that
// is not recorded (cold caches, JIT, the projector's first reads of each run), later ones with
// SLICE_WARMUP_MS: the figures are the steady state; the first warm-up's p99 is reported beside
// them ('warm-up p99 ms'). 2 s was not enough: the slices after it showed our server still
// speeding up for ten seconds more (501, 877, 1,012, 996 and 1,305 commands/s, the ceiling flat at
// 3,200–3,400), and after 8 s they were level (1,517, 1,243, 1,232, 1,249, 1,101; 2026-11-26).
// Then the cost of the tamper-evidence chain and of tracing (driveTelemetryCost; BENCH_TRACED=0
// leaves it out): servers with both off, with the chain, and with both on (spans exported over
// OTLP/HTTP to a sink on 127.0.0.1) take turns in slices, in rounds of servers started afresh; it
// reports each one's commands/s and CPU per command as ratios of the others', by round too.
import { Agent, request } from 'node:http';
import pg from 'pg';
import { fold } from '../src/domain/decider.js';
import { runDecider, type RunCommand } from '../src/domain/run.decider.js';
import type { RunEvent } from '../src/domain/run.events.js';
import type { Figures } from './run.js';
import { benchDatabaseBeside, benchSampling, percentile, startBenchDatabase, startBenchServer, stopBenchDatabase, type BenchEnvironment, type BenchServer } from './support.js';
import { ratio, startCeilingServer } from './ceilings/ceilings.js';
import { cpuPerOperation, cpuSnapshot, postmasterPid, type CpuSides, type CpuSnapshot } from './cpu-account.js';
import { startOtlpStandIn } from '../test/support/stand-ins/otlp-stand-in.js';
import { installWithoutChain } from './without-chain.js';
import type { EventStore, Position } from '../src/adapters/event-store.js';
import type { Database } from '../src/adapters/postgres/database.js';

const CONNECTIONS = 50;
const DURATION_MS = 10_000;
const WARMUP_MS = Number(process.env.BENCH_COMMANDS_WARMUP_MS ?? 8_000);
const SLICES = Number(process.env.BENCH_COMMANDS_SLICES ?? 5);
/**
 * The chain's and tracing's cost is measured in rounds (BENCH_TELEMETRY_ROUNDS), each on three
 * servers started afresh, of TELEMETRY_SLICES slices of 2 s per server (BENCH_TELEMETRY_SLICES):
 * the figure then averages over process starts as well as over the machine's moments. A round's
 * ratio spreads 0.76–1.81 even between servers alike (BENCH_TELEMETRY_ALIKE=1), and four rounds
 * read 0.91 and 1.13 between them in two runs: a run resolves ±10–13% (2026-11-30). Before, ten
 * slices of one set of servers: their ratio by slice spread 0.5–1.6, and the whole 0.83–1.04 from
 * run to run.
 */
const TELEMETRY_ROUNDS = Number(process.env.BENCH_TELEMETRY_ROUNDS ?? 4);
const TELEMETRY_SLICES = Number(process.env.BENCH_TELEMETRY_SLICES ?? 4);
/** A slice of the chain's and tracing's cost, per side. */
const SLICE_MS = 2_000;
/** Load before each later slice, not recorded: the server's queues back to their steady state. */
const SLICE_WARMUP_MS = 500;
/**
 * The action cap (1,000), so that no connection runs out of actions to decide within the warm-up
 * and the measure: at 400 a run, 2,300 commands/s used every action up before the measure's end.
 */
const ACTIONS_PER_RUN = 1_000;
/**
 * Actions decided per run: all but the last, which stays proposed. Deciding it starts the run's
 * execution, and the benchmark's servers have no board: their executors failed and retried with
 * error lines in the last slices of a run that got that far (2026-11-29, late night).
 */
const DECIDED_PER_RUN = ACTIONS_PER_RUN - 1;
/**
 * Runs per connection for the chain's and tracing's cost: its three servers are each driven for
 * ~74 s (four rounds of a warm-up and four slices, and theirs), ~125,000 commands at 1,700/s,
 * more than two runs per connection hold. A connection moves to its next run when one is decided.
 */
const TELEMETRY_RUNS_PER_CONNECTION = 3;
const ORG = 'bench-org';

function seedRun(runId: string): RunEvent[] {
  const now = new Date();
  const commands: RunCommand[] = [
    {
      type: 'RequestRun',
      request: {
        run_id: runId,
        org_id: ORG,
        board_type: 'jira',
        project_key: 'BENCH',
        cycles: ['T'],
        dry_run: false,
        flow: 'approval',
        settings: { write_mode: 'approval', action_cap: 1000, confirmation_threshold: 1000 },
        requested_by: 'bench',
        at: now.toISOString(),
      },
    },
    {
      type: 'RecordPlan',
      drafts: Array.from({ length: ACTIONS_PER_RUN }, (_, i) => ({
        cycle: 'T' as const,
        kind: 'label' as const,
        item_key: `BENCH-${i + 1}`,
        params: { label: 'needs-triage' },
        reason: 'missing a priority',
      })),
      itemsRead: ACTIONS_PER_RUN,
      now,
    },
  ];
  const events: RunEvent[] = [];
  for (const c of commands) events.push(...runDecider.decide(c, fold(runDecider, events)));
  return events;
}

export async function run(): Promise<Figures> {
  // BENCH_PG_STATS=1 prints the statements that took the server longest (pg_stat_statements): calls and
  // execution µs per command, to count round trips and see where its time goes.
  const pgStats = process.env.BENCH_PG_STATS === '1';
  const env = await startBenchDatabase('commands', pgStats ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' } : undefined);
  const { db, store, url } = env;

  const runIds = await seedRuns(store, 'bench-run');
  const server = await startBenchServer(env);
  const base = server.base;
  await waitForSeeded(db, runIds);
  const token = await server.token(ORG);

  // Projection lag sampler: note the head, then the moment the runs checkpoint reaches it.
  const lags: number[] = [];
  const sampler = new pg.Client({ connectionString: url });
  let sampling = true;
  // A scenario that fails halfway has its cluster stopped under this connection by the runner's
  // clean-up (bench/run.ts): unheard, the error would end the process before the clean-up is done,
  // leaving the cluster's directory behind.
  sampler.on('error', () => {
    sampling = false;
  });
  await sampler.connect();
  let measuring = false;
  const caughtUp = (head: Position) => runsCaughtUp(sampler, head);
  const sample = (async () => {
    try {
      while (sampling) {
        const t0 = performance.now();
        // Only samples begun within a measure count (until 2026-11-29 one begun in a warm-up and
        // ended inside the measure counted too: 3 of 219 in a run, all short).
        const recorded = measuring;
        const head = await store.headPosition();
        if (head) {
          while (sampling && !(await caughtUp(head))) await new Promise((r) => setTimeout(r, 5));
          if (recorded) lags.push(performance.now() - t0);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    } catch (err) {
      // The database went away under the sampler (see above): no more samples.
      if (sampling) console.error(`commands: the lag sampler stopped: ${err instanceof Error ? err.message : String(err)}`);
    }
  })();
  const settle = () => settleRuns(env);

  const postgres = await postmasterPid(env.pgDir);
  // The ceiling, same database, same client, same connections and paths. Its route does not care
  // which action a path names: its connections walk their runs again and again.
  const ceilingServer = await startCeilingServer('insert', { DATABASE_URL: url, DB_POOL_SIZE: '20' });
  const oursDriver = new Driver(runIds).attach(base, token, { server: server.child.pid!, postgres });
  const ceilingDriver = new Driver(runIds, { cycle: true }).attach(ceilingServer.base, token, { server: ceilingServer.child.pid!, postgres });
  console.log(`approving/rejecting for ${DURATION_MS / 1000} s with ${CONNECTIONS} connections, in ${SLICES} slices taking turns with the ceiling (Fastify + one durable INSERT per request)…`);
  // The statistics cover the recorded parts only (not the seeding, the projections' catch-up or the
  // warm-ups); the ceiling's INSERT is among them, on a line of its own.
  if (pgStats) await db.pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  for (let slice = 0; slice < SLICES; slice++) {
    const warmupMs = slice === 0 ? WARMUP_MS : SLICE_WARMUP_MS;
    await oursDriver.slice(warmupMs, DURATION_MS / SLICES, {
      onMeasuring: () => {
        measuring = true;
        if (pgStats && slice === 0) void db.pool.query('SELECT pg_stat_statements_reset()');
      },
      settle,
    });
    measuring = false;
    await ceilingDriver.slice(warmupMs, DURATION_MS / SLICES);
  }
  const ours = oursDriver.close();
  const ceiling = ceilingDriver.close();
  const { latencies, statuses, seconds, cpu: oursCpu } = ours;
  const ceilingCpu = ceiling.cpu;
  console.log(`  ours by slice: ${ours.perSecondBySlice.join(' ')} commands/s; the ceiling's: ${ceiling.perSecondBySlice.join(' ')} req/s`);
  if (pgStats) await printPgStats(db, latencies.length);
  sampling = false;
  await sample;
  await sampler.end();
  await ceilingServer.stop();
  await server.stop();
  const telemetry = process.env.BENCH_TRACED !== '0' ? await driveTelemetryCost(env, pgStats ? db : undefined) : {};
  await stopBenchDatabase(env);

  const perSecond = Math.round(latencies.length / seconds);
  const ceilingPerSecond = Math.round(ceiling.latencies.length / ceiling.seconds);
  ceiling.latencies.sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    'commands/s': perSecond,
    'ceiling req/s (Fastify + 1 INSERT)': ceilingPerSecond,
    'ceiling p99 ms': Number(percentile(ceiling.latencies, 99).toFixed(1)),
    'ratio to ceiling': ratio(perSecond, ceilingPerSecond),
    'ratio by slice': ours.perSecondBySlice.map((n, i) => ratio(n, ceiling.perSecondBySlice[i]!)).join(' '),
    'latency p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'latency p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    'warm-up p99 ms (not in the figures)': ours.warmupP99,
    'projection lag p50 ms': Number(percentile(lags, 50).toFixed(1)),
    'projection lag p99 ms': Number(percentile(lags, 99).toFixed(1)),
    'responses by status': [...statuses].map(([s, n]) => `${s}:${n}`).join(' '),
    // What bounds the figure when the cores are saturated: CPU ms per command, by side, beside the ceiling's.
    'cpu ms/command server, postgres, client': `${oursCpu.server}, ${oursCpu.postgres}, ${oursCpu.client}`,
    'cpu ms/request ceiling server, postgres, client': `${ceilingCpu.server}, ${ceilingCpu.postgres}, ${ceilingCpu.client}`,
    'cpu ratio (ceiling total / ours total)': ratio(ceilingCpu.total!, oursCpu.total!),
    ...telemetry,
  };
}

/**
 * BENCH_PG_STATS=1: the statements of the recorded part, per command, and row writes by table; with
 * `database`, that database's statements only (the sides of driveTelemetryCost), without the rows.
 */
async function printPgStats(db: Database, commands: number, database?: string): Promise<void> {
  const { rows } = await db.pool.query<{ calls: string; ms: string; plan_ms: string; max_ms: string; query: string }>(
    "SELECT sum(calls)::text AS calls, sum(total_exec_time)::text AS ms, sum(total_plan_time)::text AS plan_ms, max(max_exec_time)::text AS max_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) || coalesce(' → ' || coalesce((regexp_match(query, 'w1 AS \\((?:INSERT INTO|UPDATE)\\s+\"?(\\w+)'))[1], (regexp_match(query, 'INSERT INTO\\s+\"?(\\w+)'))[1]), '') AS query FROM pg_stat_statements WHERE $1::text IS NULL OR dbid = (SELECT oid FROM pg_database WHERE datname = $1) GROUP BY 5 ORDER BY sum(total_exec_time) DESC LIMIT 25",
    [database ?? null],
  );
  console.log(`per command (${commands} commands): calls, then execution and planning µs, then the longest execution ms`);
  const perCommand = (ms: string) => ((Number(ms) * 1000) / commands).toFixed(0).padStart(6);
  for (const r of rows) {
    console.log(`  ${(Number(r.calls) / commands).toFixed(2).padStart(6)} ${perCommand(r.ms)} ${perCommand(r.plan_ms)} ${Number(r.max_ms).toFixed(1).padStart(7)}  ${r.query}`);
  }
  if (database) return;
  // Row writes by table since the server started (seeding included): an update that is not HOT
  // also inserts into every index of its table.
  const { rows: tables } = await db.pool.query<{ relname: string; ins: string; upd: string; hot: string }>(
    `SELECT relname, n_tup_ins::text AS ins, n_tup_upd::text AS upd, n_tup_hot_upd::text AS hot FROM pg_stat_user_tables
      WHERE n_tup_ins + n_tup_upd > 1000 ORDER BY n_tup_ins + n_tup_upd DESC`,
  );
  console.log('rows since start: table, inserted, updated (of which HOT)');
  for (const t of tables) console.log(`  ${t.relname.padEnd(24)} ${t.ins.padStart(9)} ${t.upd.padStart(9)} (${t.hot})`);
}

/** `perConnection` runs for each connection: connection c walks runs c, c + CONNECTIONS, … (Driver). */
async function seedRuns(store: EventStore, prefix: string, perConnection = 1): Promise<string[]> {
  console.log(`seeding ${CONNECTIONS * perConnection} runs of ${ACTIONS_PER_RUN} proposed actions…`);
  const runIds = Array.from({ length: CONNECTIONS * perConnection }, (_, i) => `${prefix}-${i}`);
  for (const id of runIds) {
    await store.append(`run-${id}`, seedRun(id).map((e) => ({ type: e.type, data: e.data, metadata: { org_id: ORG, user_id: 'bench', correlation_id: 'bench', causation_id: 'bench' } })));
  }
  return runIds;
}

/** Waits until the runs read model has the seeded runs. */
async function waitForSeeded(db: Database, runIds: string[]): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { rows } = await db.pool
      .query<{ n: string }>("SELECT count(*) AS n FROM runs WHERE org_id = $1 AND status = 'awaiting_approval' AND run_id = ANY($2)", [ORG, runIds])
      .catch(() => ({ rows: [{ n: '0' }] }));
    if (Number(rows[0]!.n) === runIds.length) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The cost of the chain and of tracing (BENCH_TRACED=0 leaves it out): three servers, each on fresh
 * runs in a database of its own (its own log, read models and projector) of the same PostgreSQL,
 * take turns as ours and the ceiling do, in TELEMETRY_ROUNDS rounds of TELEMETRY_SLICES slices of
 * 2 s each, each slice ending once that server's runs projection has caught up. Each round starts
 * the three servers afresh on the same databases (their runs go on where they stopped) and warms
 * each up again: a process's own pace, which more slices of it would not average away, is then
 * one of several. Their CPU in PostgreSQL is their own backends' (CpuSides.postgresPids):
 *   - both off: no chain (its appends unsealed: ./without-chain.ts) and no tracing;
 *   - the chain: the service as it runs untraced;
 *   - both on: the chain, and tracing with spans exported to an OTLP sink on loopback (answered 200,
 *     dropped), sampled as configured (the service's default, or OTEL_TRACES_SAMPLER(_ARG) and
 *     TRACES_MAX_PER_SECOND).
 * The order turns from slice to slice (O C T, C T O, T O C, …) and from round to round, so that
 * none always follows the same one. Before 2026-11-26 evening tracing's cost was four drives one after the other, U T T U:
 * the machine's speed moved between drives by as much as tracing costs (an untraced drive's server
 * CPU per command 0.343 ms, the other's 0.485 in the same run), and three runs gave 0.76, 0.98 and
 * 1.00. Until 2026-11-29 (late night) only tracing's cost was measured, and only with BENCH_TRACED=1.
 */
async function driveTelemetryCost(env: BenchEnvironment, pgStats: Database | undefined): Promise<Figures> {
  const sink = await startOtlpStandIn({ record: false });
  const postgres = await postmasterPid(env.pgDir);
  // BENCH_TELEMETRY_ALIKE=1: the three servers alike (the chain, untraced), to read what the drive
  // reports between servers that do not differ: on 2026-11-30, 0.91 in one run and 1.13 in another.
  const alike = process.env.BENCH_TELEMETRY_ALIKE === '1';
  const kinds = [
    { name: 'both off', database: 'bench_both_off', withoutChain: !alike, traced: false },
    { name: 'chain', database: 'bench_chain', withoutChain: false, traced: false },
    { name: 'both on', database: 'bench_both_on', withoutChain: false, traced: !alike },
  ];
  if (alike) console.log('BENCH_TELEMETRY_ALIKE=1: the three servers alike (the chain, untraced); their names below are their places only');
  const sides: { kind: (typeof kinds)[number]; own: BenchEnvironment; runIds: string[]; driver: Driver; backends: () => Promise<Set<number>>; server?: BenchServer }[] = [];
  const byRound: { off: number; chain: number; on: number }[] = [];
  try {
    for (const kind of kinds) {
      // Each on a fresh database: the first drive's log is not theirs.
      const own = await benchDatabaseBeside(env, kind.database);
      if (kind.withoutChain) await installWithoutChain(own.db.pool);
      const runIds = await seedRuns(own.store, kind.database.replaceAll('_', '-'), TELEMETRY_RUNS_PER_CONNECTION);
      // PostgreSQL's CPU told apart by database: this server's backends only, not the autovacuum
      // another side's updates called for, nor the checkpoints and WAL writes of all three.
      const backends = async () => new Set((await own.db.pool.query<{ pid: number }>({ name: 'bench_backends', text: 'SELECT pid FROM pg_stat_activity WHERE datname = current_database()' })).rows.map((r) => r.pid));
      sides.push({ kind, own, runIds, driver: new Driver(runIds), backends });
    }
    console.log(`${kinds.map((k) => k.name).join(', ')} (spans to ${sink.url}) in turns: approving/rejecting with ${CONNECTIONS} connections, ${TELEMETRY_ROUNDS} rounds of servers started afresh, ${TELEMETRY_SLICES} slices of ${SLICE_MS / 1000} s each per server and round…`);
    for (let round = 0; round < TELEMETRY_ROUNDS; round++) {
      for (const side of sides) {
        const { kind, own } = side;
        const server = await startBenchServer(own, kind.traced ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } : {}, { costSide: { withoutChain: kind.withoutChain } });
        side.server = server;
        if (round === 0) await waitForSeeded(own.db, side.runIds);
        side.driver.attach(server.base, await server.token(ORG), { server: server.child.pid!, postgres, postgresPids: side.backends });
      }
      if (round === 0 && pgStats) await pgStats.pool.query('SELECT pg_stat_statements_reset()');
      const before = sides.map((side) => side.driver.counted());
      for (let slice = 0; slice < TELEMETRY_SLICES; slice++) {
        // The order turns from slice to slice, and from round to round.
        for (let i = 0; i < sides.length; i++) {
          const side = sides[(round + slice + i) % sides.length]!;
          await side.driver.slice(slice === 0 ? WARMUP_MS : SLICE_WARMUP_MS, SLICE_MS, { settle: () => settleRuns(side.own) });
        }
      }
      const [off, chain, on] = sides.map((side, i) => {
        const [was, now] = [before[i]!, side.driver.counted()];
        return (now.commands - was.commands) / (now.seconds - was.seconds);
      }) as [number, number, number];
      byRound.push({ off, chain, on });
      console.log(`  round ${round + 1}: commands/s both off ${Math.round(off)}, the chain ${Math.round(chain)}, both on ${Math.round(on)}; both on ÷ both off ${ratio(on, off)}`);
      for (const side of sides) await side.server?.stop();
    }
  } finally {
    for (const side of sides) await side.server?.stop();
    await sink.close();
  }
  const [off, chain, on] = sides.map((side) => side.driver.close()) as [DriverFigures, DriverFigures, DriverFigures];
  if (pgStats) {
    for (const [i, kind] of kinds.entries()) {
      console.log(`${kind.name}:`);
      await printPgStats(pgStats, [off, chain, on][i]!.latencies.length, kind.database);
    }
  }
  console.log(`  by slice, commands/s: both off ${off.perSecondBySlice.join(' ')}; the chain ${chain.perSecondBySlice.join(' ')}; both on ${on.perSecondBySlice.join(' ')}`);
  const perSecond = (d: DriverFigures) => d.latencies.length / d.seconds;
  const latencies = on.latencies.sort((a, b) => a - b);
  const cpuOf = (d: DriverFigures) => ['server', 'postgres', 'client'].map((k) => d.cpu[k]).join(', ');
  const bySlice = (x: DriverFigures, y: DriverFigures) => x.perSecondBySlice.map((n, i) => ratio(n, y.perSecondBySlice[i]!)).join(' ');
  return {
    ...(alike ? { 'cost drive sides': 'alike (BENCH_TELEMETRY_ALIKE=1): the chain, untraced, all three' } : {}),
    'both on ÷ both off commands/s (in turns)': ratio(perSecond(on), perSecond(off)),
    'both on ÷ both off by round': byRound.map((r) => ratio(r.on, r.off)).join(' '),
    'both on ÷ both off by slice': bySlice(on, off),
    'chain ÷ both off commands/s': ratio(perSecond(chain), perSecond(off)),
    'chain ÷ both off by round': byRound.map((r) => ratio(r.chain, r.off)).join(' '),
    'traced ÷ untraced commands/s (both on ÷ chain)': ratio(perSecond(on), perSecond(chain)),
    'both on commands/s': Math.round(perSecond(on)),
    'both on latency p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'both on latency p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    // Less moved by what else runs than commands/s: the CPU a command costs on each side.
    'both off cpu ms/command server, its backends, client': cpuOf(off),
    'chain cpu ms/command server, its backends, client': cpuOf(chain),
    'both on cpu ms/command server, its backends, client': cpuOf(on),
    'cpu per command, both off ÷ both on': ratio(off.cpu.total!, on.cpu.total!),
    'cpu per command, both off ÷ chain': ratio(off.cpu.total!, chain.cpu.total!),
    'both on: OTLP exports received': sink.received(),
    'both on: sampling': Object.values(benchSampling()).join(' '),
  };
}

/** Until `env`'s runs projection has every event appended to its log so far. */
async function settleRuns(env: BenchEnvironment): Promise<void> {
  const head = await env.store.headPosition();
  while (head && !(await runsCaughtUp(env.db.pool, head))) await new Promise((r) => setTimeout(r, 5));
}

/** Whether the runs projection's checkpoint has reached `head`. */
async function runsCaughtUp(db: Pick<pg.Client, 'query'>, head: Position): Promise<boolean> {
  // Named: the sampler polls every 5 ms, and planning each poll anew cost PostgreSQL ~90 µs a poll
  // (~11 µs per command, counted in our CPU per command).
  const { rows } = await db.query<{ c: string | null; p: string | null }>({
    name: 'bench_runs_checkpoint',
    text: "SELECT commit_pos::text AS c, prepare_pos::text AS p FROM projection_checkpoints WHERE name = 'runs'",
  });
  const c = rows[0];
  return Boolean(c?.c && (BigInt(c.c) > head.commit || (BigInt(c.c) === head.commit && BigInt(c.p!) >= head.prepare)));
}

type DriverFigures = ReturnType<Driver['close']>;

/**
 * The load: every connection walks its own runs' actions (all but each run's last), approving two of three, slice after
 * slice (a warm-up, not recorded, then the measure). CPU by side is taken over the recorded parts.
 */
class Driver {
  /** The next decision of each connection (its runs' actions, one run after the other): slices go on where the last one stopped. */
  private readonly next = new Map<number, number>();
  private readonly latencies: number[] = [];
  private readonly statuses = new Map<number, number>();
  private readonly perSecond: number[] = [];
  private readonly cpuMs = { server: 0, postgres: 0, client: 0 };
  private firstWarmup: number[] | undefined;
  private seconds = 0;
  /** Each connection's runs, in order: connection c has runs c, c + CONNECTIONS, … (seedRuns). */
  private readonly lanes: string[][];

  private agent: Agent | undefined;
  private base = '';
  private token = '';
  private sides: CpuSides | undefined;

  /** `runIds`: each connection walks its share of them (every CONNECTIONS-th), one after the other. */
  constructor(
    runIds: string[],
    private readonly options: { cycle?: boolean } = {},
  ) {
    this.lanes = Array.from({ length: CONNECTIONS }, (_, c) => runIds.filter((_id, k) => k % CONNECTIONS === c));
  }

  /** Points the load at a server (another process of the same database): its runs go on where they stopped. */
  attach(base: string, token: string, sides: CpuSides): this {
    this.agent?.destroy();
    this.agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    this.base = base;
    this.token = token;
    this.sides = sides;
    return this;
  }

  /** Commands recorded so far and the seconds they took: two of these give the rate of a part of the drive. */
  counted(): { commands: number; seconds: number } {
    return { commands: this.latencies.length, seconds: this.seconds };
  }

  /** `settle`, awaited after the last answer, counts in the slice's time and CPU. */
  async slice(warmupMs: number, durationMs: number, hooks: { onMeasuring?: () => void; settle?: () => Promise<void> } = {}): Promise<void> {
    const sides = this.sides;
    if (!sides) throw new Error('the driver has no server: attach it first');
    const warmup: number[] = [];
    const latencies: number[] = [];
    const measureFrom = Date.now() + warmupMs;
    const deadline = measureFrom + durationMs;
    let cpuBefore: Promise<CpuSnapshot> | undefined;
    let started = 0;
    const startMeasuring = setTimeout(() => {
      started = performance.now();
      cpuBefore = cpuSnapshot(sides);
      hooks.onMeasuring?.();
    }, warmupMs);
    await Promise.all(
      this.lanes.map(async (lane, connection) => {
        for (let n = this.next.get(connection) ?? 0; Date.now() < deadline; n++) {
          const run = Math.floor(n / DECIDED_PER_RUN);
          if (run >= lane.length && !this.options.cycle) {
            console.warn(`  connection ${connection}: every run's actions decided before the measure's end; the figures cover fewer connections from here`);
            break;
          }
          this.next.set(connection, n + 1);
          const runId = lane[run % lane.length]!;
          const i = (n % DECIDED_PER_RUN) + 1;
          const t0 = performance.now();
          const recorded = Date.now() >= measureFrom;
          const status = await this.post(`/api/runs/${runId}/actions/act-${i}/${i % 3 === 0 ? 'reject' : 'approve'}`);
          (recorded ? latencies : warmup).push(performance.now() - t0);
          if (recorded) this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    clearTimeout(startMeasuring);
    await hooks.settle?.();
    const seconds = (performance.now() - started) / 1000;
    if (cpuBefore) {
      const cpu = cpuPerOperation(await cpuBefore, await cpuSnapshot(sides), latencies.length);
      for (const k of ['server', 'postgres', 'client'] as const) this.cpuMs[k] += cpu[k]! * latencies.length;
    }
    this.firstWarmup ??= warmup;
    this.latencies.push(...latencies);
    this.seconds += seconds;
    this.perSecond.push(Math.round(latencies.length / seconds));
  }

  close(): { latencies: number[]; statuses: Map<number, number>; seconds: number; cpu: Record<string, number>; warmupP99: number; perSecondBySlice: number[] } {
    this.agent?.destroy();
    const per = (k: keyof typeof this.cpuMs) => this.cpuMs[k] / Math.max(1, this.latencies.length);
    const round = (n: number) => Number(n.toFixed(3));
    const cpu = { server: round(per('server')), postgres: round(per('postgres')), client: round(per('client')), total: round(per('server') + per('postgres') + per('client')) };
    const warmup = (this.firstWarmup ?? []).sort((a, b) => a - b);
    return { latencies: this.latencies, statuses: this.statuses, seconds: this.seconds, cpu, warmupP99: Number(percentile(warmup, 99).toFixed(1)), perSecondBySlice: this.perSecond };
  }

  private post(p: string): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const req = request(`${this.base}${p}`, { method: 'POST', agent: this.agent, headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end('{}');
    });
  }
}
