// What the isolation suite (test/e2e/isolation*.e2e.test.ts) measures in and around the real server
// process: its resident memory, /api/health answer times, its event-loop delay (reported by
// event-loop-probe.ts, preloaded into it), and a guard that refuses to judge a time figure when the
// machine is already slow at rest.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { ServiceProcess } from './service-process.js';

/**
 * Fails loudly when the figure measured at rest is already past `limitMs`: a machine that slow cannot
 * tell a tenant's effect from its own load, so the test reports that instead of passing or failing
 * on the acceptance figure. The acceptance figures themselves get no allowance.
 */
export function assertJudgeable(what: string, atRestMs: number, limitMs: number): void {
  if (atRestMs > limitMs) {
    throw new Error(`machine too loaded to judge: ${what} at rest is ${atRestMs.toFixed(1)} ms (judging needs under ${limitMs} ms); rerun on a quieter machine`);
  }
}

/**
 * `figureMs` must be under `boundMs`, the acceptance figure. Past it, the at-rest measure is taken
 * again: when the machine has become too loaded meanwhile, the failure says so (assertJudgeable);
 * otherwise it is the tenant's effect, reported with the figure. Either way the test fails.
 */
export async function expectUnder(what: string, figureMs: number, boundMs: number, again: { atRest: () => Promise<number>; limitMs: number }): Promise<void> {
  if (figureMs < boundMs) return;
  assertJudgeable(`${what} (measured again after a figure of ${figureMs.toFixed(1)} ms)`, await again.atRest(), again.limitMs);
  throw new Error(`${what}: ${figureMs.toFixed(1)} ms, not under the acceptance figure of ${boundMs} ms`);
}

/** The slowest of `times` and their 95th percentile (nearest rank). */
export function slowest(times: number[]): { max: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { max: sorted.at(-1) ?? 0, p95: sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0 };
}

/** Resident set size of the server process, in bytes (Linux /proc). */
export async function rss(service: ServiceProcess): Promise<number> {
  const status = await fs.readFile(`/proc/${service.child.pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

/**
 * Runs `work` while sampling the server's RSS (every 20 ms) and timing GET /api/health (every 10 ms,
 * each from a fresh client address through the trusted proxy header, so no rate limit interferes).
 * Returns the work's result, the RSS growth and every health answer's time.
 */
export async function underWatch<T>(service: ServiceProcess, work: () => Promise<T>): Promise<{ result: T; growthBytes: number; healthMs: number[] }> {
  const baseline = await rss(service);
  let peak = baseline;
  const times: number[] = [];
  let done = false;
  let address = 0;
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, await rss(service));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const probing = (async () => {
    while (!done) {
      address++;
      const started = performance.now();
      const res = await fetch(`${service.url}/api/health`, { headers: { 'x-forwarded-for': `10.9.${(address >> 8) & 255}.${address & 255}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    const result = await work();
    return { result, growthBytes: peak - baseline, healthMs: times };
  } finally {
    done = true;
    await Promise.all([sampling, probing]);
  }
}

/** Sends SIGWINCH to the server and returns the probe's line written in answer (the measurement since the previous one). */
export async function eventLoopReport(service: ServiceProcess): Promise<{ p99_ms: number; max_ms: number }> {
  const before = service.output().split('EVENT_LOOP ').length;
  service.child.kill('SIGWINCH');
  const deadline = Date.now() + 5_000;
  while (service.output().split('EVENT_LOOP ').length === before) {
    if (Date.now() > deadline) throw new Error('the server did not report its event loop (is the probe preloaded?)');
    await new Promise((r) => setTimeout(r, 20));
  }
  const last = service.output().split('EVENT_LOOP ').at(-1)!.split('\n')[0]!;
  return JSON.parse(last) as { p99_ms: number; max_ms: number };
}

/** A vendor stand-in answering every request with `bytes` of JSON-ish text, chunked, written as read; `sent()` counts what left it. */
export async function startHugeVendor(bytes: number): Promise<{ server: http.Server; url: string; sent: () => number }> {
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  let total = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"displayName":"');
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !res.destroyed) {
        sent += chunk.length;
        total += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('"}');
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => total };
}

/** A completed run in the runs read model with `rows` actions whose reason is `reasonChars` long. */
export async function seedRun(databaseUrl: string, orgId: string, runId: string, rows: number, reasonChars: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO runs (run_id, org_id, board_type, project_key, status, flow, write_mode, is_dry_run, cycles_run, planned_actions_count, requested_by, created_at, updated_at, revision)
       VALUES ($1, $2, 'jira', 'ISO', 'completed', 'auto', 'auto', false, '{stale}', $3, 'ada', now(), now(), 1)`,
      [runId, orgId, rows],
    );
    await client.query(
      `INSERT INTO run_actions (run_id, action_id, org_id, seq, cycle, kind, item_key, item_title, params, reason, status, updated_at, revision)
       SELECT $1, 'act-' || i, $2, i, 'stale', 'comment', 'ISO-' || i, 'Item ' || i, '{}'::jsonb, left(repeat('reason ' || i || ' ', $4), $4), 'executed', now(), 1
       FROM generate_series(1, $3) AS i`,
      [runId, orgId, rows, reasonChars],
    );
  } finally {
    await client.end();
  }
}

/** Database sessions (of any pool) in the middle of an action export: reading run_actions in an open transaction. */
export async function exportSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND state IN ('active', 'idle in transaction') AND query ILIKE '%FROM run_actions%'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
