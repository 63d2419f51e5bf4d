// Tenant isolation under load, through the real server process (bin/sprintguard.js serve): what
// one organization (or one client) does must not slow, starve or crash the others.
// - a vendor answering 200 MB (streamed, never allocated here) to test-connection and to a board
//   listing: the server's RSS stays within 50 MB, the answer names the limit, and every /api/health
//   answer meanwhile (the slowest, not a median) takes under 100 ms;
// - ten action exports that really run (the export limits are raised to ten, so no 429 stands in for
//   isolation) and whose readers stop reading: another organization's PUT /api/org/settings takes
//   under 500 ms and readiness stays 200; exports pointed at the shared pool fail this;
// - a 5,000-row action PDF with 2,000-character reasons: the event-loop delay p99, measured in the
//   server (test/support/event-loop-probe.ts), stays under 100 ms and the export ends within 30 s;
// - past the per-user and the per-process stream caps the next stream answers 429 with
//   Retry-After; an admitted stream carries the RateLimit-* headers; a slow body is answered 408 by
//   the request timeout;
// - behind a trusted proxy, 300 bad tokens from one client address leave a valid token (from
//   another address, and from the same one) unaffected; RateLimit-* headers are present.
// The acceptance figures get no allowance for a loaded machine. Instead each time figure is first
// measured at rest, and a test whose at-rest figure is already far off stops with "machine too
// loaded to judge" (assertJudgeable); a figure past its bound is measured at rest once more, so the
// failure names the machine when the machine is the cause. Neither ever turns a miss into a pass.
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { assertJudgeable, eventLoopReport, expectUnder, exportSessions, seedRun, slowest, startHugeVendor, underWatch } from '../support/isolation-probes.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';
import { startJiraStandIn } from '../support/stand-ins/jira-stand-in.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/sprintguard.js');
const PROBE = path.resolve(import.meta.dirname, '../support/event-loop-probe.ts');
const HUGE_BYTES = 200 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 2_000;
/** Exports that may run at once, per process and per organization: all ten stalled ones run. */
const EXPORTS = 10;
/** Streams per user and per process. */
const STREAMS_PER_USER = 2;
const STREAMS = 3;
/** At-rest figures past which the machine is too loaded to judge (a quiet machine measures a few ms). */
const REST_LIMIT = { healthMs: 50, putMs: 200, loopP99Ms: 50 };

let service: ServiceProcess;
let huge: Awaited<ReturnType<typeof startHugeVendor>>;
let dataDir: string;
let databaseUrl: string;
const tokens: Record<string, string> = {};

const api = (method: string, url: string, org: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${tokens[org]}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

const report = (label: string, times: number[]) => {
  const { max, p95 } = slowest(times);
  console.log(`${label}: ${times.length} health answers, p95 ${p95.toFixed(1)} ms, slowest ${max.toFixed(1)} ms`);
  return max;
};

beforeAll(async () => {
  huge = await startHugeVendor(HUGE_BYTES);
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
    SSE_MAX_STREAMS_PER_USER: String(STREAMS_PER_USER),
    SSE_MAX_STREAMS: String(STREAMS),
    EXPORT_MAX_CONCURRENT: String(EXPORTS),
    EXPORT_MAX_CONCURRENT_PER_ORG: String(EXPORTS),
    REACTORS_ENABLED: 'false',
  });
  service = await startService({ env, port: await freePort(), argv: ['--import', 'tsx', '--import', PROBE, BIN, 'serve'], timeoutMs: 50_000 });
  for (const org of ['org_vendor', 'org_export', 'org_bystander', 'org_pdf', 'org_sse', 'org_sse_b', 'org_proxy']) {
    tokens[org] = await signDevToken(dataDir, { orgId: org, userId: `${org}_admin`, admin: true });
  }
}, 90_000);

afterAll(async () => {
  if (process.env.ISOLATION_DEBUG) console.log(service?.output().slice(-4000));
  await service?.stop('SIGTERM');
  await new Promise<void>((r) => (huge ? huge.server.close(() => r()) : r()));
  huge?.server.closeAllConnections();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('tenant isolation', () => {
  it('caps a 200 MB vendor answer to test-connection and to a board listing while it streams', async () => {
    const jira = { board_type: 'jira', base_url: huge.url, email: 'ops@example.com', api_token: 'token', project_keys: ['BIG'] };
    // A fresh process's first outbound calls load and compile its HTTP client: warm it on a board of
    // ordinary size first, so that what is measured is the 200 MB answer, not the process's start.
    const ordinary = await startJiraStandIn();
    try {
      for (let i = 0; i < 2; i++) {
        const warm = await api('POST', '/api/settings/test-connection', 'org_vendor', { board_type: 'jira', base_url: ordinary.url, email: ordinary.email, api_token: ordinary.token });
        expect(((await warm.json()) as { ok: boolean }).ok).toBe(true);
      }
    } finally {
      await ordinary.close();
    }
    const healthAtRest = async () => report('at rest', (await underWatch(service, () => new Promise((r) => setTimeout(r, 1_000)))).healthMs);
    assertJudgeable('the slowest /api/health answer', await healthAtRest(), REST_LIMIT.healthMs);
    const again = { atRest: healthAtRest, limitMs: REST_LIMIT.healthMs };

    const tested = await underWatch(service, async () => {
      const res = await api('POST', '/api/settings/test-connection', 'org_vendor', jira);
      return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string } };
    });
    expect(tested.result.status).toBe(200);
    expect(tested.result.body.ok).toBe(false);
    expect(tested.result.body.error).toMatch(/more than \d+ bytes/);
    expect(tested.growthBytes).toBeLessThan(50 * 1024 * 1024);
    expect(tested.healthMs.length).toBeGreaterThan(0);
    await expectUnder('the slowest /api/health answer during the test-connection', report('test-connection', tested.healthMs), 100, again);

    expect((await api('POST', '/api/settings/integration', 'org_vendor', jira)).status).toBeLessThan(300);
    const listed = await underWatch(service, async () => {
      const res = await api('GET', '/api/runs/next-task', 'org_vendor');
      return { status: res.status, body: (await res.json()) as { detail?: string } };
    });
    expect(listed.result.status).toBe(502);
    expect(listed.result.body.detail).toMatch(/more than \d+ bytes/);
    expect(listed.growthBytes).toBeLessThan(50 * 1024 * 1024);
    expect(listed.healthMs.length).toBeGreaterThan(0);
    await expectUnder('the slowest /api/health answer during the board listing', report('board listing', listed.healthMs), 100, again);
    console.log(`RSS growth: ${(tested.growthBytes / 2 ** 20).toFixed(1)} MB (test-connection), ${(listed.growthBytes / 2 ** 20).toFixed(1)} MB (board listing)`);
    // The reads were stopped, not drained: far less than the two 200 MB answers left the stand-in.
    expect(huge.sent()).toBeLessThan(HUGE_BYTES);
  }, 30_000);

  it("keeps another organization's writes and readiness fast while ten exports stall", async () => {
    await seedRun(databaseUrl, 'org_export', 'stall-run', 5_000, 8_000);
    const timedPut = async (actionCap: number) => {
      const started = performance.now();
      const put = await api('PUT', '/api/org/settings', 'org_bystander', { action_cap: actionCap });
      expect(put.status).toBe(200);
      return performance.now() - started;
    };
    await timedPut(5); // the organization's first write creates its stream
    const putAtRest = async () => Math.max(await timedPut(6), await timedPut(7));
    const rest = await putAtRest();
    assertJudgeable('PUT /api/org/settings', rest, REST_LIMIT.putMs);
    const stalled: http.ClientRequest[] = [];
    const statuses: number[] = [];
    try {
      for (let i = 0; i < EXPORTS; i++) {
        const req = http.get(`${service.url}/api/runs/stall-run/actions/export`, { headers: { authorization: `Bearer ${tokens.org_export}` } }, (res) => {
          statuses.push(res.statusCode ?? 0);
          // Never read: the socket's buffers fill and the export blocks, holding its database session.
          res.pause();
        });
        req.on('error', () => undefined);
        stalled.push(req);
      }
      const deadline = Date.now() + 15_000;
      let sessions = 0;
      while ((statuses.length < EXPORTS || (sessions = await exportSessions(databaseUrl)) < EXPORTS) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      // All ten run (none was turned away with 429) and each holds a database session, blocked on its reader.
      expect(statuses).toEqual(Array.from({ length: EXPORTS }, () => 200));
      expect(sessions).toBe(EXPORTS);
      await new Promise((r) => setTimeout(r, 500));
      expect(await exportSessions(databaseUrl)).toBe(EXPORTS);

      const puts = [await timedPut(8), await timedPut(9), await timedPut(10)];
      console.log(`PUT /api/org/settings during ${EXPORTS} stalled exports: ${puts.map((ms) => ms.toFixed(0)).join(', ')} ms (${rest.toFixed(0)} ms at rest)`);
      // Measured again at rest only if the figure fails: the exports are still stalled then, which
      // makes a slow answer count against the machine only when it is slow with them gone too.
      await expectUnder('the slowest PUT /api/org/settings', Math.max(...puts), 500, {
        atRest: async () => {
          for (const req of stalled) req.destroy();
          await new Promise((r) => setTimeout(r, 500));
          return putAtRest();
        },
        limitMs: REST_LIMIT.putMs,
      });
      const ready = await fetch(`${service.url}/api/readiness`, { signal: AbortSignal.timeout(5_000) });
      expect(ready.status).toBe(200);
      // What stopped an eleventh export is the process's export limit, not the organization's.
      const eleventh = await api('GET', '/api/runs/export', 'org_bystander');
      expect(eleventh.status).toBe(429);
      expect(((await eleventh.json()) as { error: string }).error).toMatch(/Too many exports are running/);
    } finally {
      for (const req of stalled) req.destroy();
    }
  }, 60_000);

  it('lays out a 5,000-row action PDF with 2,000-character reasons without holding the event loop', async () => {
    await seedRun(databaseUrl, 'org_pdf', 'pdf-run', 5_000, 2_000);
    await eventLoopReport(service); // starts a fresh measurement
    await new Promise((r) => setTimeout(r, 1_000));
    const rest = await eventLoopReport(service);
    assertJudgeable('the event-loop delay p99', rest.p99_ms, REST_LIMIT.loopP99Ms);
    const started = performance.now();
    const res = await api('GET', '/api/runs/pdf-run/actions/export?format=pdf', 'org_pdf');
    const body = Buffer.from(await res.arrayBuffer());
    const exportMs = performance.now() - started;
    const loop = await eventLoopReport(service);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    console.log(
      `PDF export: ${(exportMs / 1000).toFixed(1)} s, ${(body.length / 2 ** 20).toFixed(1)} MB; event-loop delay p99 ${loop.p99_ms.toFixed(1)} ms, max ${loop.max_ms.toFixed(1)} ms; at rest p99 ${rest.p99_ms.toFixed(1)} ms`,
    );
    await expectUnder('the event-loop delay p99 during the PDF export', loop.p99_ms, 100, {
      atRest: async () => {
        await eventLoopReport(service);
        await new Promise((r) => setTimeout(r, 1_000));
        return (await eventLoopReport(service)).p99_ms;
      },
      limitMs: REST_LIMIT.loopP99Ms,
    });
    expect(exportMs).toBeLessThan(30_000);
  }, 60_000);

  it('answers 429 with Retry-After past the per-user and the per-process stream caps; an open stream carries the RateLimit headers', async () => {
    const opened: Response[] = [];
    const open = async (org: string) => {
      const res = await api('GET', '/api/runs/stream', org);
      if (res.status === 200) opened.push(res);
      return res;
    };
    const refusal = async (res: Response) => {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await res.json()) as { error: string; retry_after_seconds: number };
      expect(body.retry_after_seconds).toBeGreaterThan(0);
      return body.error;
    };
    try {
      for (let i = 0; i < STREAMS_PER_USER; i++) {
        const res = await open('org_sse');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        // The hijacked answer still carries the caller's rate-limit state.
        expect(Number(res.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
        expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
        expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      }
      expect(await refusal(await open('org_sse'))).toMatch(/You have 2 run streams open/);
      // Another user fills the process's last stream; past it, the next one is refused for the process.
      expect((await open('org_sse_b')).status).toBe(200);
      expect(await refusal(await open('org_sse_b'))).toMatch(/This server has all the run streams it can hold/);
    } finally {
      for (const r of opened) await r.body?.cancel();
    }
  });

  it('answers 408 to a request whose body arrives too slowly, and closes it', async () => {
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
      console.log(`slow body: answered ${JSON.stringify(answer.split('\r\n')[0])} and closed after ${(closedAt - started).toFixed(0)} ms`);
      expect(closedAt - started).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000);
      // Node's request timeout, answered in the API's error shape, then the close.
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ detail: expect.any(String) });
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
