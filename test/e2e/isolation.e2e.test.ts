// Tenant isolation under load, through the real server process (bin/sprintguard.js serve): what
// one organization (or one client) does must not slow, starve or crash the others.
// - a vendor answering 200 MB (streamed, never allocated here) to test-connection and to a board
//   listing: the server's RSS stays within 50 MB, the answer names the limit, /api/health stays fast;
// - ten action exports whose readers stop reading: another organization writes in < 500 ms and
//   readiness stays 200;
// - a 5,000-row action PDF with 2,000-character reasons: the event-loop delay p99, measured in the
//   server (test/support/event-loop-probe.mjs), stays under 100 ms and the export finishes;
// - past the per-user stream cap the next stream answers 429; a slow body is cut off by the request
//   timeout;
// - behind a trusted proxy, 300 bad tokens from one client address leave a valid token (from
//   another address, and from the same one) unaffected; RateLimit-* headers are present.
// Each time figure is the acceptance figure plus the same measure taken just before, at rest: on a
// machine shared with other jobs, the operating system alone delays a process by tens to hundreds of
// milliseconds, and that is not what a tenant did. At rest on a quiet machine the allowance is a few
// milliseconds; the code before these limits missed every figure by seconds.
import fs from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/sprintguard.js');
const PROBE = path.resolve(import.meta.dirname, '../support/event-loop-probe.ts');
const HUGE_BYTES = 200 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 2_000;

let service: ServiceProcess;
let huge: http.Server;
let hugeUrl: string;
let hugeBytesSent = 0;
let dataDir: string;
let databaseUrl: string;
const tokens: Record<string, string> = {};

/** A vendor stand-in answering every request with 200 MB of JSON-ish text, chunked, written as read. */
function startHugeVendor(): Promise<http.Server> {
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"displayName":"');
    let sent = 0;
    const pump = () => {
      while (sent < HUGE_BYTES && !res.destroyed) {
        sent += chunk.length;
        hugeBytesSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('"}');
    };
    pump();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Resident set size of the server process, in bytes (Linux /proc). */
async function rss(): Promise<number> {
  const status = await fs.readFile(`/proc/${service.child.pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

let probeAddress = 0;
/** GET /api/health from a fresh client address each time (via the trusted proxy header), timed. */
async function healthMs(): Promise<number> {
  probeAddress++;
  const started = performance.now();
  const res = await fetch(`${service.url}/api/health`, { headers: { 'x-forwarded-for': `10.9.${probeAddress >> 8}.${probeAddress & 255}` } });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

/** Runs `work` while sampling RSS and /api/health; returns the work's result, RSS growth and the health answers' times. */
/** The median of the health answers' times, logged with the slowest (a 2-core machine shared by other jobs stalls any process now and then). */
function healthMedian(label: string, times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(`${label}: ${times.length} health answers, median ${median.toFixed(1)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(1)} ms`);
  return median;
}

async function underWatch<T>(work: () => Promise<T>): Promise<{ result: T; growthBytes: number; healthMs: number[] }> {
  const baseline = await rss();
  let peak = baseline;
  const times: number[] = [];
  let done = false;
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, await rss());
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const probing = (async () => {
    while (!done) {
      times.push(await healthMs());
      await new Promise((r) => setTimeout(r, 50));
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

const api = (method: string, url: string, org: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${tokens[org]}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

/** A run in the runs read model with `rows` actions whose reason is `reasonChars` long. */
async function seedRun(orgId: string, runId: string, rows: number, reasonChars: number): Promise<void> {
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

/** Sends SIGWINCH to the server and returns the probe's line written in answer (the measurement since the previous one). */
async function eventLoopReport(): Promise<{ p99_ms: number; max_ms: number }> {
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

beforeAll(async () => {
  huge = await startHugeVendor();
  hugeUrl = `http://127.0.0.1:${(huge.address() as AddressInfo).port}`;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-isolation-'));
  databaseUrl = await createTestDatabaseUrl('isolation_e2e');
  const env = cleanEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    // The test client is the "load balancer": X-Forwarded-For from 127.0.0.1 names the client.
    TRUST_PROXY: '127.0.0.1',
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_HEADERS_TIMEOUT_MS: '1000',
    SSE_MAX_STREAMS_PER_USER: '2',
    REACTORS_ENABLED: 'false',
  });
  service = await startService({ env, port: await freePort(), argv: ['--import', 'tsx', '--import', PROBE, BIN, 'serve'], timeoutMs: 50_000 });
  for (const org of ['org_vendor', 'org_export', 'org_bystander', 'org_pdf', 'org_sse', 'org_proxy']) {
    tokens[org] = await signDevToken(dataDir, { orgId: org, userId: `${org}_admin`, admin: true });
  }
}, 90_000);

afterAll(async () => {
  if (process.env.ISOLATION_DEBUG) console.log(service?.output().slice(-4000));
  await service?.stop('SIGTERM');
  await new Promise<void>((r) => (huge ? huge.close(() => r()) : r()));
  huge?.closeAllConnections();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('tenant isolation', () => {
  it('caps a 200 MB vendor answer to test-connection and to a board listing while it streams', async () => {
    const jira = { board_type: 'jira', base_url: hugeUrl, email: 'ops@example.com', api_token: 'token', project_keys: ['BIG'] };
    const rest = healthMedian('at rest', (await underWatch(() => new Promise((r) => setTimeout(r, 1_000)))).healthMs);
    const tested = await underWatch(async () => {
      const res = await api('POST', '/api/settings/test-connection', 'org_vendor', jira);
      return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string } };
    });
    expect(tested.result.status).toBe(200);
    expect(tested.result.body.ok).toBe(false);
    expect(tested.result.body.error).toMatch(/more than \d+ bytes/);
    expect(tested.growthBytes).toBeLessThan(50 * 1024 * 1024);
    expect(tested.healthMs.length).toBeGreaterThan(0);
    expect(healthMedian('test-connection', tested.healthMs)).toBeLessThan(100 + rest);

    expect((await api('POST', '/api/settings/integration', 'org_vendor', jira)).status).toBeLessThan(300);
    const listed = await underWatch(async () => {
      const res = await api('GET', '/api/runs/next-task', 'org_vendor');
      return { status: res.status, body: (await res.json()) as { detail?: string } };
    });
    expect(listed.result.status).toBe(502);
    expect(listed.result.body.detail).toMatch(/more than \d+ bytes/);
    expect(listed.growthBytes).toBeLessThan(50 * 1024 * 1024);
    expect(healthMedian('board listing', listed.healthMs)).toBeLessThan(100 + rest);
    // The reads were stopped, not drained: far less than the two 200 MB answers left the stand-in.
    expect(hugeBytesSent).toBeLessThan(HUGE_BYTES);
  }, 30_000);

  it("keeps another organization's writes and readiness fast while ten exports are not read", async () => {
    await seedRun('org_export', 'stall-run', 5_000, 8_000);
    const timedPut = async (actionCap: number) => {
      const started = performance.now();
      const put = await api('PUT', '/api/org/settings', 'org_bystander', { action_cap: actionCap });
      expect(put.status).toBe(200);
      return performance.now() - started;
    };
    await timedPut(5); // the organization's first write creates its stream
    const restMs = await timedPut(6);
    const stalled: http.ClientRequest[] = [];
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const req = http.get(`${service.url}/api/runs/stall-run/actions/export`, { headers: { authorization: `Bearer ${tokens.org_export}` } }, (res) => {
          statuses.push(res.statusCode ?? 0);
          // Never read: the socket's buffers fill and the export blocks.
          res.pause();
        });
        req.on('error', () => undefined);
        stalled.push(req);
      }
      const deadline = Date.now() + 10_000;
      while (statuses.length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 1_000));

      const putMs = await timedPut(7);
      console.log(`PUT /api/org/settings: ${putMs.toFixed(0)} ms during the stalled exports, ${restMs.toFixed(0)} ms at rest`);
      expect(putMs).toBeLessThan(500 + restMs);
      const ready = await fetch(`${service.url}/api/readiness`, { signal: AbortSignal.timeout(5_000) });
      expect(ready.status).toBe(200);
      // The organization's export slots are taken; the rest were told to come back.
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    } finally {
      for (const req of stalled) req.destroy();
    }
  }, 30_000);

  it('lays out a 5,000-row action PDF with 2,000-character reasons without holding the event loop', async () => {
    await seedRun('org_pdf', 'pdf-run', 5_000, 2_000);
    await eventLoopReport(); // starts a fresh measurement
    await new Promise((r) => setTimeout(r, 1_000));
    const rest = await eventLoopReport();
    const res = await api('GET', '/api/runs/pdf-run/actions/export?format=pdf', 'org_pdf');
    const body = Buffer.from(await res.arrayBuffer());
    const loop = await eventLoopReport();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    console.log(`PDF export: event-loop delay p99 ${loop.p99_ms.toFixed(1)} ms, max ${loop.max_ms.toFixed(1)} ms; at rest p99 ${rest.p99_ms.toFixed(1)} ms`);
    expect(loop.p99_ms).toBeLessThan(100 + rest.p99_ms);
  }, 60_000);

  it('answers 429 with Retry-After past the per-user stream cap', async () => {
    const controller = new AbortController();
    try {
      const open = await Promise.all([1, 2].map(() => api('GET', '/api/runs/stream', 'org_sse', undefined, {}).then((r) => r)));
      for (const r of open) expect(r.status).toBe(200);
      const third = await fetch(`${service.url}/api/runs/stream`, { headers: { authorization: `Bearer ${tokens.org_sse}` }, signal: controller.signal });
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      for (const r of open) await r.body?.cancel();
    } finally {
      controller.abort();
    }
  });

  it('cuts off a request whose body arrives too slowly', async () => {
    const socket = net.connect(Number(new URL(service.url).port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    const started = performance.now();
    socket.write('POST /api/webhooks/email-bounce HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n');
    const drip = setInterval(() => socket.writable && socket.write('x'), 200);
    try {
      const closedAt = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(Number.POSITIVE_INFINITY), REQUEST_TIMEOUT_MS + 6_000))]);
      expect(closedAt - started).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000);
      if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  }, 15_000);

  it('keeps a valid token working behind a trusted proxy while one client address sends 300 bad tokens', async () => {
    const bad = async () => (await fetch(`${service.url}/api/org/settings`, { headers: { authorization: 'Bearer a.b.c', 'x-forwarded-for': '203.0.113.7' } })).status;
    const statuses: number[] = [];
    for (let round = 0; round < 30; round++) statuses.push(...(await Promise.all(Array.from({ length: 10 }, bad))));
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses).toContain(429); // the address's failure budget is spent

    for (const address of ['203.0.113.8', '203.0.113.7']) {
      const res = await api('GET', '/api/org/settings', 'org_proxy', undefined, { 'x-forwarded-for': address });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
      expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    const anonymous = await fetch(`${service.url}/api/health`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(anonymous.headers.get('ratelimit-limit')).not.toBeNull();
  }, 30_000);
});
