// `npm run bench -- read` (docs/read-side.md), against the real server process:
// - GET /api/runs?limit=50 over 100,000 runs, 50 keep-alive connections, 10 s → requests/s, p99
//   (pages served from the run-list cache while the read model stands still; then the same while new
//   runs arrive at 20/s, so that pages keep being invalidated; RUN_LIST_CACHE_MB=0 measures without
//   the cache); the first page takes turns with its ceiling, a Fastify route answering one `SELECT 1`
//   per request, in BENCH_LIST_SLICES (default 5) slices each;
// - CSV export of the 100,000 runs → seconds (one warm-up export, then BENCH_CSV_ROUNDS, default 7,
//   taking turns with PostgreSQL's COPY of the same rows: the ratio of the medians), and the growth
//   of the server's resident memory;
// - 1,000 SSE clients on one run while events are appended at 100/s → delivery latency p50/p99,
//   in BENCH_SSE_SLICES (default 2) slices of 5 s taking turns with the bare server's.
// Targets: list >= 3,000 req/s with p99 <= 50 ms; CSV <= 3 s with RSS growth <= 100 MB; SSE p99 <= 100 ms.
// BENCH_READ_ONLY=list|csv|sse runs that phase alone (with its ceiling), e.g. to profile the server
// during it (BENCH_SERVER_NODE_ARGS in bench/support.ts).
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { runDecider } from '../src/domain/run.decider.js';
import type { Figures } from './run.js';
import { copyCeiling, ratio, startCeilingServer } from './ceilings/ceilings.js';
import { percentile, rssMb, startBenchDatabase, startBenchServer, stopBenchDatabase } from './support.js';
import { cpuMean, cpuPerOperation, cpuSnapshot, postmasterPid, type CpuSides } from './cpu-account.js';

const ORG = 'bench-read';
const RUNS = 100_000;
const CONNECTIONS = 50;
const LIST_MS = 10_000;
const SSE_CLIENTS = 1_000;
const SSE_RATE = 100;
const SSE_MS = 5_000;
/** Turns each of our server and the bare server take (SSE_MS each). */
const SSE_SLICES = Number(process.env.BENCH_SSE_SLICES ?? 2);
/** Turns each of the list and its ceiling take (LIST_MS in all each). */
const LIST_SLICES = Number(process.env.BENCH_LIST_SLICES ?? 5);
/** Load on each before its first slice, not recorded. */
const LIST_WARMUP_MS = 2_000;
/** Alternated exports and COPYs after the warm-up export (the ratio is of their medians). */
const CSV_ROUNDS = Number(process.env.BENCH_CSV_ROUNDS ?? 7);

const meta = { org_id: ORG, user_id: 'bench', correlation_id: 'bench', causation_id: 'bench' };

/** A RequestRun of the bench organization (approval flow: it waits, nothing reads a board). */
const benchRunRequest = (runId: string, projectKey: string) => ({
  run_id: runId,
  org_id: ORG,
  board_type: 'jira' as const,
  project_key: projectKey,
  cycles: ['T' as const],
  dry_run: false,
  flow: 'approval' as const,
  settings: { write_mode: 'approval' as const, action_cap: 25, confirmation_threshold: 10 },
  requested_by: 'bench',
  at: new Date().toISOString(),
});

/** What one list measure gathers over its slices. */
interface ListTally {
  label: string;
  latencies: number[];
  seconds: number;
  failures: number;
  bySlice: number[];
  cpu: { perOperation: Record<string, number>; operations: number }[];
}
const newTally = (label: string): ListTally => ({ label, latencies: [], seconds: 0, failures: 0, bySlice: [], cpu: [] });

export async function run(): Promise<Figures> {
  const env = await startBenchDatabase('read');
  console.log(`seeding ${RUNS} runs into the read model…`);
  await env.db.pool.query(
    // As the projection writes them: times to the millisecond (JavaScript Dates), and their ISO text.
    `INSERT INTO runs (run_id, org_id, board_type, project_key, status, flow, write_mode, is_dry_run, cycles_run,
                       planned_actions_count, executed_actions_count, requested_by, created_at, updated_at, completed_at,
                       created_at_iso, completed_at_iso, revision)
     SELECT 'run-' || i, $1, 'jira', 'P' || (i % 20), 'completed', 'trigger', 'auto', false, ARRAY['T','S'],
            i % 7, i % 5, 'bench', created, done, done,
            to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(done AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 10
       FROM generate_series(1, $2::int) AS i,
            LATERAL (SELECT date_trunc('milliseconds', now() - (i || ' seconds')::interval) AS created, date_trunc('milliseconds', now()) AS done) t`,
    [ORG, RUNS],
  );
  await env.db.pool.query('ANALYZE runs');
  const server = await startBenchServer(env);
  const token = await server.token(ORG);
  const figures: Figures = {};
  const postgres = await postmasterPid(env.pgDir);
  // CPU ms per operation by side (server, postgres, this load generator) of a phase: what bounds it.
  const cpuOf = async <T>(label: string, sides: CpuSides, operations: (result: T) => number, phase: () => Promise<T>): Promise<T> => {
    const before = await cpuSnapshot(sides);
    const result = await phase();
    const cpu = cpuPerOperation(before, await cpuSnapshot(sides), operations(result));
    figures[`${label} cpu ms/op server, postgres, client`] = `${cpu.server}, ${cpu.postgres}, ${cpu.client}`;
    return result;
  };

  const only = process.env.BENCH_READ_ONLY;
  if (only !== undefined && only !== '' && !['list', 'csv', 'sse'].includes(only)) throw new Error(`BENCH_READ_ONLY=${only}: list, csv or sse`);
  const phase = (name: 'list' | 'csv' | 'sse') => !only || only === name;

  // 1. The list under load: the first page (what GET /api/runs?limit=50 asks), then deep pages.
  if (phase('list')) await listPhase();
  async function listPhase(): Promise<void> {
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    let target = server.base;
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${target}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    const load = async (label: string, pathFor: (connection: number, i: number) => string, serverPid?: number) =>
      cpuOf(label, { postgres, ...(serverPid !== undefined ? { server: serverPid } : {}) }, (n: number) => n, () => loadOnly(label, pathFor));
    /** LIST_MS of load on `target`, one request at a time per connection; the tally gathers it. */
    const loadFor = async (ms: number, pathFor: (connection: number, i: number) => string, into: ListTally): Promise<number> => {
      const deadline = Date.now() + ms;
      const started = performance.now();
      let count = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, c) => {
          for (let i = 0; Date.now() < deadline; i++) {
            const t0 = performance.now();
            const status = await get(pathFor(c, i));
            into.latencies.push(performance.now() - t0);
            count++;
            if (status !== 200) into.failures++;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      into.seconds += seconds;
      into.bySlice.push(Math.round(count / seconds));
      return count;
    };
    const report = (t: ListTally) => {
      t.latencies.sort((a, b) => a - b);
      figures[`${t.label} req/s`] = Math.round(t.latencies.length / t.seconds);
      figures[`${t.label} p50 ms`] = Number(percentile(t.latencies, 50).toFixed(1));
      figures[`${t.label} p99 ms`] = Number(percentile(t.latencies, 99).toFixed(1));
      figures[`${t.label} non-200`] = t.failures;
      if (t.cpu.length > 0) {
        const mean = cpuMean();
        const total = t.cpu.reduce((n, c) => n + c.operations, 0);
        for (const c of t.cpu) mean.add(c.perOperation, c.operations / Math.max(1, total));
        figures[`${t.label} cpu ms/op server, postgres, client`] = mean.text();
      }
    };
    const loadOnly = async (label: string, pathFor: (connection: number, i: number) => string): Promise<number> => {
      console.log(`${label}: ${CONNECTIONS} connections for ${LIST_MS / 1000} s…`);
      const tally = newTally(label);
      const count = await loadFor(LIST_MS, pathFor, tally);
      report(tally);
      return count;
    };
    // The first page against its ceiling, same client and connections (a Fastify route answering one
    // `SELECT 1` per request), taking turns in LIST_SLICES slices each, as the commands benchmark
    // does: measured one after the other, the two met different minutes of a machine whose speed
    // drifts (2026-11-28: the ceiling at 3,427 then 5,657 req/s within the same half hour).
    const select1 = await startCeilingServer('select1', { DATABASE_URL: env.url, DB_POOL_SIZE: '20' });
    const ours = newTally('list');
    const ceiling = newTally('ceiling (Fastify + SELECT 1)');
    console.log(`list: ${CONNECTIONS} connections for ${LIST_MS / 1000} s, in ${LIST_SLICES} slices taking turns with the ceiling (Fastify + SELECT 1)…`);
    // Each first under LIST_WARMUP_MS of the same load, not recorded: our first slice was 0.55–0.68 of
    // the ceiling's and the later ones 0.89–1.52 (cold JIT and page cache, 2026-11-28).
    for (const base of [server.base, select1.base]) {
      target = base;
      await loadFor(LIST_WARMUP_MS, () => '/api/runs?limit=50', newTally('warm-up'));
    }
    for (let slice = 0; slice < LIST_SLICES; slice++) {
      for (const [tally, base, pid] of [
        [ours, server.base, server.child.pid!],
        [ceiling, select1.base, select1.child.pid!],
      ] as const) {
        target = base;
        const before = await cpuSnapshot({ postgres, server: pid });
        const count = await loadFor(LIST_MS / LIST_SLICES, () => '/api/runs?limit=50', tally);
        tally.cpu.push({ perOperation: cpuPerOperation(before, await cpuSnapshot({ postgres, server: pid }), count), operations: count });
      }
    }
    target = server.base;
    await select1.stop();
    report(ours);
    report(ceiling);
    figures['list ratio by slice'] = ours.bySlice.map((n, i) => ratio(n, ceiling.bySlice[i]!)).join(' ');
    figures['list ratio to ceiling'] = ratio(Number(figures['list req/s']), Number(figures['ceiling (Fastify + SELECT 1) req/s']));
    await load('list offset<=1950', (c, i) => `/api/runs?limit=50&offset=${((c * 97 + i) % 40) * 50}`);
    // New runs keep arriving (real events through the projector), so cached pages keep going stale.
    let churning = true;
    let requested = 0;
    const churn = (async () => {
      while (churning) {
        const runId = `churn-${requested++}`;
        const events = runDecider.decide({ type: 'RequestRun', request: benchRunRequest(runId, 'CHURN') }, runDecider.initialState);
        await env.store.append(`run-${runId}`, events.map((e) => ({ type: e.type, data: e.data, metadata: meta })));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await load('list while runs arrive', () => '/api/runs?limit=50');
    churning = false;
    await churn;
    figures['list while runs arrive: runs requested'] = requested;
    agent.destroy();
  }

  // 2. The CSV export beside PostgreSQL's own COPY of the same rows, with the server's memory
  // sampled while it streams. The first export after the server's start is timed apart and left out
  // of the ratio (the server's export path is not compiled yet: the commands benchmark leaves out
  // its warm-up the same way); then CSV_ROUNDS exports and COPYs take turns, and the ratio is of
  // their medians, so what else runs on the machine weighs on both alike.
  if (phase('csv')) await csvPhase();
  async function csvPhase(): Promise<void> {
    console.log(`exporting ${RUNS} runs as CSV: one warm-up, then ${CSV_ROUNDS} rounds beside COPY…`);
    const pid = server.child.pid!;
    const baseline = await rssMb(pid);
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb(pid));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    // A server gone makes the exports fail with their own error; the sampler's is not the news.
    sampler.catch(() => undefined);
    // fetch (undici) loads on its first use in this process: not the export's time.
    await (await fetch(`${server.base}/api/health`)).arrayBuffer();
    const first = await exportCsv(server.base, token);
    figures['csv first export after start seconds (not in the ratio)'] = Number(first.seconds.toFixed(2));
    figures['csv first byte ms'] = first.firstByteMs;
    const ceilingQuery = `SELECT run_id, created_at, board_type, project_key, status, is_dry_run, cycles_run, planned_actions_count, executed_actions_count,
              failed_actions_count, skipped_actions_count, requested_by, completed_at
         FROM runs WHERE org_id = '${ORG}' ORDER BY created_at DESC, run_id DESC`;
    const ours: number[] = [];
    const copies: number[] = [];
    const cpuOurs = cpuMean();
    const cpuCopy = cpuMean();
    for (let round = 0; round < CSV_ROUNDS; round++) {
      // CPU snapshots around each measure only: they read all of /proc (tens of ms of this process).
      let before = await cpuSnapshot({ server: pid, postgres });
      const e = await exportCsv(server.base, token);
      cpuOurs.add(cpuPerOperation(before, await cpuSnapshot({ server: pid, postgres }), RUNS / 1000), 1 / CSV_ROUNDS);
      // The list phase before may have added runs (while runs arrive): COPY reads them too.
      figures['csv rows'] = e.rows;
      figures['csv MB'] = Number((e.bytes / 2 ** 20).toFixed(1));
      ours.push(e.seconds);
      // Its ceiling: PostgreSQL's own COPY of the same rows and columns, read by a client to the end.
      before = await cpuSnapshot({ postgres });
      copies.push((await copyCeiling(env.url, ceilingQuery)).seconds);
      cpuCopy.add(cpuPerOperation(before, await cpuSnapshot({ postgres }), RUNS / 1000), 1 / CSV_ROUNDS);
    }
    sampling = false;
    await sampler;
    const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
    figures['csv (per 1,000 rows) cpu ms/op server, postgres, client'] = cpuOurs.text();
    figures['csv seconds (median)'] = Number(median(ours).toFixed(3));
    figures['csv seconds by round'] = ours.map((x) => x.toFixed(3)).join(', ');
    figures['csv server RSS growth MB'] = Number((peak - baseline).toFixed(1));
    figures['csv ceiling (per 1,000 rows) cpu ms/op server, postgres, client'] = cpuCopy.text();
    figures['csv ceiling (COPY) seconds (median)'] = Number(median(copies).toFixed(3));
    figures['csv ceiling seconds by round'] = copies.map((x) => x.toFixed(3)).join(', ');
    figures['csv ratio to COPY (time, lower is better)'] = ratio(median(ours), median(copies));
  }

  // 3. Many SSE clients on one run, beside a bare server writing the same frames. The two take
  // turns, SSE_SLICES slices each (a run of its own per slice, so that no slice replays the ticks of
  // another), and each side's percentiles are over all its slices: a disturbance of the shared
  // machine then weighs on both rather than on whichever ran at the time.
  if (phase('sse')) await ssePhase();
  async function ssePhase(): Promise<void> {
    console.log(`${SSE_CLIENTS} SSE clients on one run, ${SSE_RATE} events/s, ${SSE_SLICES} slices of ${SSE_MS / 1000} s beside a bare SSE server…`);
    const ticks = (SSE_RATE * SSE_MS) / 1000;
    const bare = await startCeilingServer('sse');
    const ours: number[] = [];
    const ceiling: number[] = [];
    const cpuOurs = cpuMean();
    const cpuCeiling = cpuMean();
    try {
      for (let slice = 1; slice <= SSE_SLICES; slice++) {
        const runId = `sse-bench-${slice}`;
        const runStream = `run-${runId}`;
        const sseRun = runDecider.decide({ type: 'RequestRun', request: benchRunRequest(runId, 'SSE') }, runDecider.initialState);
        await env.store.append(runStream, sseRun.map((e) => ({ type: e.type, data: e.data, metadata: meta })));
        let before = await cpuSnapshot({ server: server.child.pid!, postgres });
        const o = await measureSse(`${server.base}/api/runs/stream?run_id=${runId}`, token, ['store', env.url, runStream, String(ticks), String(SSE_RATE)]);
        cpuOurs.add(cpuPerOperation(before, await cpuSnapshot({ server: server.child.pid!, postgres }), o.length), 1 / SSE_SLICES);
        for (const d of o) ours.push(d);
        before = await cpuSnapshot({ server: bare.child.pid!, postgres });
        const c = await measureSse(`${bare.base}/api/runs/stream?run_id=${runId}`, token, ['http', bare.base, String(ticks), String(SSE_RATE)]);
        cpuCeiling.add(cpuPerOperation(before, await cpuSnapshot({ server: bare.child.pid!, postgres }), c.length), 1 / SSE_SLICES);
        for (const d of c) ceiling.push(d);
        console.log(`  slice ${slice}: ours p99 ${percentile(o, 99)} ms, bare server p99 ${percentile(c, 99)} ms`);
      }
    } finally {
      await bare.stop();
    }
    ours.sort((a, b) => a - b);
    ceiling.sort((a, b) => a - b);
    figures['sse (per delivery) cpu ms/op server, postgres, client'] = cpuOurs.text();
    figures['sse deliveries'] = `${ours.length} of ${ticks * SSE_CLIENTS * SSE_SLICES}`;
    figures['sse p50 ms'] = percentile(ours, 50);
    figures['sse p99 ms'] = percentile(ours, 99);
    figures['sse ceiling (per delivery) cpu ms/op server, postgres, client'] = cpuCeiling.text();
    figures['sse ceiling deliveries'] = `${ceiling.length} of ${ticks * SSE_CLIENTS * SSE_SLICES}`;
    figures['sse ceiling p50 ms'] = percentile(ceiling, 50);
    figures['sse ceiling p99 ms'] = percentile(ceiling, 99);
    figures['sse p99 ratio to ceiling (lower is better)'] = ratio(percentile(ours, 99), percentile(ceiling, 99));
  }

  await server.stop();
  await stopBenchDatabase(env);
  return figures;
}

/**
 * SSE_CLIENTS clients on `url`; bench/sse-ticker.ts (its arguments: `ticker`) publishes the BenchTicks,
 * each carrying its send time, from a process of its own; delays sorted.
 */
async function measureSse(url: string, token: string, ticker: string[]): Promise<number[]> {
  const delays: number[] = [];
  const controller = new AbortController();
  let connected = 0;
  const clients = Array.from({ length: SSE_CLIENTS }, async () => {
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    connected++;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (!data) continue;
          const sent = (JSON.parse(data) as { data?: { sent_at?: number } }).data?.sent_at;
          if (typeof sent === 'number' && data.includes('"BenchTick"')) delays.push(Date.now() - sent);
        }
      }
    } catch {
      // aborted at the end
    }
  });
  while (connected < SSE_CLIENTS) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500));
  await publishFromTicker(ticker);
  await new Promise((r) => setTimeout(r, 1_000));
  controller.abort();
  await Promise.allSettled(clients);
  return delays.sort((a, b) => a - b);
}

/** Runs bench/sse-ticker.ts with `args` until it has published every tick (the clients are connected). */
async function publishFromTicker(args: string[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'sse-ticker.ts'), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => line === 'ready' && resolve());
    void exited.then((code) => reject(new Error(`sse-ticker exited with ${code} before it was ready`)));
  });
  child.stdin.write('go\n');
  const code = await exited;
  if (code !== 0) throw new Error(`sse-ticker exited with ${code}`);
}

/**
 * One CSV export of the bench organization's runs, read to the end: seconds, bytes, rows (line
 * breaks found by a native search: a byte-by-byte loop cost tens of ms that the COPY ceiling, which
 * only counts bytes, does not pay) and the first byte's delay.
 */
async function exportCsv(base: string, token: string): Promise<{ seconds: number; bytes: number; rows: number; firstByteMs: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/runs/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`the CSV export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  let last = 10;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = Math.round(performance.now() - t0);
    bytes += chunk.length;
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = buffer.indexOf(10); at >= 0; at = buffer.indexOf(10, at + 1)) lines++;
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
  }
  if (last !== 10) lines++; // the last row has no line break
  return { seconds: (performance.now() - t0) / 1000, bytes, rows: lines - 1, firstByteMs };
}
