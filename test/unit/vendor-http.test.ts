// vendorFetch against a real local server answering from a script; the waits between retries are
// recorded by an injected sleep instead of being slept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retryAfterMs, vendorFetch, VendorHttpError } from '../../src/adapters/outbound-http/vendor-http.js';

interface Step {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

let server: http.Server;
let url: string;
let script: Step[] = [];
let hits: { authorization?: string }[] = [];
let waits: number[] = [];
const sleep = async (ms: number) => void waits.push(ms);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push({ ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    const next = script.shift() ?? { status: 200 };
    const answer = () => {
      if (res.destroyed) return;
      res.writeHead(next.status, next.headers);
      res.end(next.body ?? '{}');
    };
    if (next.delayMs) setTimeout(answer, next.delayMs);
    else answer();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api?x=1`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);
beforeEach(() => {
  script = [];
  hits = [];
  waits = [];
});

const failure = (p: Promise<unknown>) => p.then(() => expect.fail('expected a failure'), (e: unknown) => e as VendorHttpError);

describe('vendorFetch of a request that is not safe to repeat', () => {
  const post = { method: 'POST', body: '{"comment":"hi"}' };

  it('is not sent again after a timeout or a 5xx: it may have been applied', async () => {
    script.push({ status: 200, delayMs: 1_000 });
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      sent++;
      return fetch(input, init);
    };
    const timedOut = await failure(vendorFetch(url, post, { vendor: 'Test', sleep, timeoutMs: 100, repeatable: false, fetch: counting }));
    expect(timedOut).toMatchObject({ maybeApplied: true, retryable: true });
    expect(sent).toBe(1);

    // On a loaded machine the 100 ms can run out before the stand-in (on this event loop) has read
    // the request: it then lands later and would take the next request's step. Let it land first (or
    // not at all: the timeout may have come before it was written).
    for (let i = 0; i < 100 && hits.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    hits = [];
    script = [{ status: 503 }, { status: 201 }];
    const unavailable = await failure(vendorFetch(url, post, { vendor: 'Test', sleep, repeatable: false }));
    expect(unavailable).toMatchObject({ maybeApplied: true, status: 503 });
    expect(hits).toHaveLength(1);
  });

  it('is sent again after a 429 or a connection that was never made: nothing was applied', async () => {
    script.push({ status: 429, headers: { 'retry-after': '1' } }, { status: 201 });
    expect((await vendorFetch(url, post, { vendor: 'Test', sleep, repeatable: false })).status).toBe(201);
    expect(hits).toHaveLength(2);

    let calls = 0;
    const refusedOnce: typeof fetch = async (input, init) => {
      if (calls++ === 0) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      return fetch(input, init);
    };
    expect((await vendorFetch(url, post, { vendor: 'Test', sleep, repeatable: false, fetch: refusedOnce })).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('keeps retrying a repeatable request after a 5xx, as before', async () => {
    script.push({ status: 503 }, { status: 200 });
    expect((await vendorFetch(url, post, { vendor: 'Test', sleep })).status).toBe(200);
    expect(hits).toHaveLength(2);
  });
});

describe('vendorFetch', () => {
  it('waits what Retry-After says on 429, backs off on 5xx, then succeeds', async () => {
    script.push({ status: 429, headers: { 'retry-after': '7' } }, { status: 502 }, { status: 200, body: '{"ok":true}' });
    const res = await vendorFetch(url, {}, { vendor: 'Test', sleep });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(waits[0]).toBe(7000);
    expect(waits).toHaveLength(2);
    expect(hits).toHaveLength(3);
  });

  it('reads an HTTP-date Retry-After and caps long waits', async () => {
    script.push({ status: 503, headers: { 'retry-after': new Date(Date.now() + 4_000).toUTCString() } }, { status: 429, headers: { 'retry-after': '3600' } });
    await vendorFetch(url, {}, { vendor: 'Test', sleep });
    expect(waits[0]).toBeGreaterThan(2_000);
    expect(waits[0]).toBeLessThanOrEqual(4_000);
    expect(waits[1]).toBe(30_000);
    script.push({ status: 429, headers: { 'retry-after': '3600' } });
    waits = [];
    await vendorFetch(url, {}, { vendor: 'Test', sleep, maxRetryAfterMs: 5_000 });
    expect(waits).toEqual([5_000]);
  });

  it('backs off exponentially with jitter when no Retry-After is given', async () => {
    script.push({ status: 500 }, { status: 500 }, { status: 500 });
    await vendorFetch(url, {}, { vendor: 'Test', sleep, baseDelayMs: 100 });
    expect(waits).toHaveLength(3);
    waits.forEach((ms, attempt) => {
      expect(ms).toBeGreaterThanOrEqual(50 * 2 ** attempt);
      expect(ms).toBeLessThanOrEqual(150 * 2 ** attempt);
    });
  });

  it('returns client errors and redirects as they are, without retrying', async () => {
    script.push({ status: 404 });
    expect((await vendorFetch(url, {}, { vendor: 'Test', sleep })).status).toBe(404);
    script.push({ status: 302, headers: { location: 'http://169.254.169.254/' } });
    expect((await vendorFetch(url, {}, { vendor: 'Test', sleep })).status).toBe(302);
    expect(hits).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it('gives up after the retries with a typed error carrying status, retryability and body, never the headers', async () => {
    script.push({ status: 500 }, { status: 500, body: '{"errorMessages":["boom"]}' });
    const err = await failure(vendorFetch(url, { headers: { authorization: 'Bearer s3cret-token' } }, { vendor: 'Test', maxRetries: 1, sleep }));
    expect(err).toBeInstanceOf(VendorHttpError);
    expect(err).toMatchObject({ status: 500, retryable: true, body: '{"errorMessages":["boom"]}', message: 'Test answered 500 after 2 attempts' });
    expect(hits).toEqual([{ authorization: 'Bearer s3cret-token' }, { authorization: 'Bearer s3cret-token' }]);
    expect(`${err.message} ${err.stack} ${JSON.stringify(err)}`).not.toContain('s3cret');

    script.push({ status: 429 }, { status: 429 });
    expect(await failure(vendorFetch(url, {}, { vendor: 'Test', maxRetries: 1, sleep }))).toMatchObject({ status: 429, retryable: true, message: 'Test rate limited the request after 2 attempts' });
  });

  it('times out each attempt and retries; a timeout that persists is a retryable error without status', async () => {
    script.push({ status: 200, delayMs: 500 }, { status: 200 });
    expect((await vendorFetch(url, {}, { vendor: 'Test', timeoutMs: 100, sleep })).status).toBe(200);
    expect(waits).toHaveLength(1);
    script.push({ status: 200, delayMs: 500 }, { status: 200, delayMs: 500 });
    const err = await failure(vendorFetch(url, {}, { vendor: 'Test', timeoutMs: 100, maxRetries: 1, sleep }));
    expect(err).toMatchObject({ status: undefined, retryable: true, message: 'Test did not answer within 100 ms' });
  });

  it('retries network errors and names the system error', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await failure(vendorFetch(`http://127.0.0.1:${port}/`, {}, { vendor: 'Test', maxRetries: 2, sleep }));
    expect(err).toMatchObject({ status: undefined, retryable: true, message: 'Test could not be reached (ECONNREFUSED)' });
    expect(waits).toHaveLength(2);
  });

  it('stops at once when the caller cancels', async () => {
    script.push({ status: 200, delayMs: 500 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await failure(vendorFetch(url, { signal: controller.signal }, { vendor: 'Test', sleep }));
    expect(err).toMatchObject({ retryable: false, message: 'the request to Test was cancelled' });
    expect(waits).toEqual([]);
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const fake: typeof fetch = async (input) => {
      seen.push(input instanceof Request ? input.url : input.toString());
      return new Response('{}', { status: seen.length === 1 ? 503 : 200 });
    };
    expect((await vendorFetch('https://vendor.example/x', {}, { vendor: 'Test', fetch: fake, sleep })).status).toBe(200);
    expect(seen).toEqual(['https://vendor.example/x', 'https://vendor.example/x']);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(' 1.5 ')).toBe(1500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(new Date(1_000).toUTCString(), 4_000)).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('-5')).toBeUndefined();
  });
});
