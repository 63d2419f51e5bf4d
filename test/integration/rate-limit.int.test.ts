// Rate limits through app.inject: reads and writes counted apart, per organization + user when
// authenticated, per client address otherwise; 429 { error, retry_after_seconds } + Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ label: 'ratelimit', env: { RATE_LIMIT_READS_PER_MINUTE: '3', RATE_LIMIT_WRITES_PER_MINUTE: '2' } });
});
afterAll(async () => {
  await t?.close();
});

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  const body = res.json() as { error: string; retry_after_seconds: number };
  expect(Object.keys(body).sort()).toEqual(['error', 'retry_after_seconds']);
  expect(body.error).toMatch(/rate limit/i);
  expect(Number.isInteger(body.retry_after_seconds) && body.retry_after_seconds >= 1 && body.retry_after_seconds <= 120).toBe(true);
  expect(res.headers['retry-after']).toBe(String(body.retry_after_seconds));
}

describe('rate limits', () => {
  it('limits reads per organization + user, independently of other users and organizations', async () => {
    const alice = await t.auth({ orgId: 'org_rl', userId: 'alice', admin: true });
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/org/settings', headers: alice, remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    expect429(await t.app.inject({ url: '/api/feature-flags', headers: alice, remoteAddress: '10.0.0.2' }));
    // Same address, another user; same user id in another organization: their own budgets.
    const bob = await t.auth({ orgId: 'org_rl', userId: 'bob', admin: true });
    expect((await t.app.inject({ url: '/api/org/settings', headers: bob, remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    const aliceElsewhere = await t.auth({ orgId: 'org_rl2', userId: 'alice', admin: true });
    expect((await t.app.inject({ url: '/api/org/settings', headers: aliceElsewhere })).statusCode).toBe(200);
  });

  it('counts writes apart from reads', async () => {
    const carol = await t.auth({ orgId: 'org_rl', userId: 'carol', admin: true });
    for (const enabled of [true, false]) {
      expect((await t.app.inject({ method: 'PUT', url: '/api/feature-flags/cycle_p', headers: carol, payload: { enabled } })).statusCode).toBe(200);
    }
    expect429(await t.app.inject({ method: 'PUT', url: '/api/feature-flags/cycle_p', headers: carol, payload: { enabled: true } }));
    expect((await t.app.inject({ url: '/api/feature-flags', headers: carol })).statusCode).toBe(200);
  });

  it('limits unauthenticated requests by client address', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.1.1.1' })).statusCode).toBe(200);
    expect429(await t.app.inject({ url: '/api/health', remoteAddress: '10.1.1.1' }));
    expect429(await t.app.inject({ url: '/api/org/settings', remoteAddress: '10.1.1.1' })); // no token: the address's budget
    expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.1.1.2' })).statusCode).toBe(200);
  });

  it('stops verifying tokens from an address whose tokens keep failing', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: '/api/org/settings', headers: { authorization: 'Bearer a.b.c' }, remoteAddress: '10.2.2.2' });
      expect(res.statusCode).toBe(401);
    }
    expect429(await t.app.inject({ url: '/api/org/settings', headers: { authorization: 'Bearer a.b.c' }, remoteAddress: '10.2.2.2' }));
    // Another address with a good token is not affected.
    const dave = await t.auth({ orgId: 'org_rl', userId: 'dave' });
    expect((await t.app.inject({ url: '/api/org/settings', headers: dave, remoteAddress: '10.2.2.3' })).statusCode).toBe(200);
  });

  it('never refuses a valid token for the failures of others at its address', async () => {
    for (let i = 0; i < 5; i++) await t.app.inject({ url: '/api/org/settings', headers: { authorization: 'Bearer a.b.c' }, remoteAddress: '10.3.3.3' });
    expect((await t.app.inject({ url: '/api/org/settings', headers: { authorization: 'Bearer a.b.c' }, remoteAddress: '10.3.3.3' })).statusCode).toBe(429);
    const erin = await t.auth({ orgId: 'org_rl', userId: 'erin' });
    expect((await t.app.inject({ url: '/api/org/settings', headers: erin, remoteAddress: '10.3.3.3' })).statusCode).toBe(200);
  });

  it('sends RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset on limited answers', async () => {
    const frank = await t.auth({ orgId: 'org_rl', userId: 'frank' });
    const ok = await t.app.inject({ url: '/api/org/settings', headers: frank });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['ratelimit-limit']).toBe('3');
    expect(ok.headers['ratelimit-remaining']).toBe('2');
    expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    const anonymous = await t.app.inject({ url: '/api/health', remoteAddress: '10.4.4.4' });
    expect(anonymous.headers['ratelimit-limit']).toBe('3');
    for (let i = 0; i < 2; i++) await t.app.inject({ url: '/api/org/settings', headers: frank });
    const refused = await t.app.inject({ url: '/api/org/settings', headers: frank });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-reset']).toBe(refused.headers['retry-after']);
  });
});
