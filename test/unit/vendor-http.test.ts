import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterMs, vendorFetch, VendorHttpError } from '../../src/adapters/http/vendor-http.js';

let server: http.Server;
let url: string;
const script: { status: number; headers?: Record<string, string> }[] = [];
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    const next = script.shift() ?? { status: 200 };
    res.writeHead(next.status, next.headers);
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('vendorFetch', () => {
  it('waits what Retry-After says on 429, then succeeds', async () => {
    const waits: number[] = [];
    script.push({ status: 429, headers: { 'retry-after': '7' } }, { status: 502 }, { status: 200 });
    const res = await vendorFetch(url, {}, { vendor: 'Test', sleep: async (ms) => void waits.push(ms) });
    expect(res.status).toBe(200);
    expect(waits[0]).toBe(7000);
    expect(waits).toHaveLength(2);
  });

  it('returns client errors without retrying and gives up after the retries', async () => {
    script.push({ status: 404 });
    expect((await vendorFetch(url, {}, { vendor: 'Test', sleep: async () => undefined })).status).toBe(404);
    script.push({ status: 500 }, { status: 500 });
    await expect(vendorFetch(url, {}, { vendor: 'Test', maxRetries: 1, sleep: async () => undefined })).rejects.toBeInstanceOf(VendorHttpError);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
