// A request that finds every pooled database connection taken waits at most DB_ACQUIRE_TIMEOUT_MS
// and then answers 503 with Retry-After in the API's error shape, instead of hanging until a
// connection frees up (docs/security.md, "Database resources per workload"). Both pools are covered: the
// event store's (a write) and the read models' (a read).
import type { InjectOptions } from 'fastify';
import type { Knex } from 'knex';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

const POOL_SIZE = 2;
const ACQUIRE_TIMEOUT_MS = 300;
/** Far past the acquisition timeout: an answer later than this is a hang. */
const HANG_MS = 5_000;

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    label: 'pool_acquire',
    // Nothing of the process's own takes a connection meanwhile.
    env: { DB_POOL_SIZE: String(POOL_SIZE), DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS), PROJECTOR_ENABLED: 'false', REACTORS_ENABLED: 'false', READ_YOUR_WRITES_TIMEOUT_MS: '100' },
  });
  headers = await t.auth({ orgId: 'org_pool', userId: 'ada', admin: true });
  await t.app.ready(); // so that no timing below includes the app's start
});
afterAll(async () => t?.close());

/** The request's answer and how long it took, or a failure naming the hang. */
async function timed(request: InjectOptions) {
  const started = performance.now();
  const res = await Promise.race([
    t.app.inject(request),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms: the request hangs on the pool`)), HANG_MS)),
  ]);
  return { res, ms: performance.now() - started };
}

function expectBusy(res: { statusCode: number; headers: Record<string, unknown>; json: <T>() => T }, ms: number): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.json<{ detail: string }>()).toEqual({ detail: expect.stringMatching(/no database connection became free in time/) });
  expect(ms).toBeGreaterThanOrEqual(ACQUIRE_TIMEOUT_MS - 50);
  expect(ms).toBeLessThan(HANG_MS);
}

describe('a full connection pool', () => {
  it("answers a write 503 after the acquisition timeout when the event store's pool is taken, and serves it again once freed", async () => {
    const held: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < POOL_SIZE; i++) held.push(await t.infra.db.pool.connect());
      const { res, ms } = await timed({ method: 'PUT', url: '/api/org/settings', headers, payload: { action_cap: 7 } });
      expectBusy(res, ms);
    } finally {
      for (const c of held) c.release();
    }
    const after = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers, payload: { action_cap: 7 } });
    expect(after.statusCode, after.body).toBe(200);
  });

  it("answers a read 503 after the acquisition timeout when the read models' pool is taken", async () => {
    const client = t.infra.db.knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<void> } & Knex.Client;
    const held: unknown[] = [];
    try {
      for (let i = 0; i < POOL_SIZE; i++) held.push(await client.acquireConnection());
      const { res, ms } = await timed({ method: 'GET', url: '/api/runs', headers });
      expectBusy(res, ms);
    } finally {
      for (const c of held) await client.releaseConnection(c);
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/runs', headers });
    expect(after.statusCode, after.body).toBe(200);
  });
});
