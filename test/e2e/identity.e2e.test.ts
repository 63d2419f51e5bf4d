// The real `sprintguard serve` process with a real identity provider stand-in: a JWKS served over
// HTTP, tokens in Clerk's shapes, and every 401/403/404/429 answer in the API's body shape (docs/security.md).
// Also: in production, a missing identity configuration stops the start-up with a clear message.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../support/database.js';
import { clerkV1Claims, clerkV2Claims, createSigningKey, signToken, startJwksServer, type JwksServer, type SigningKey } from '../support/identity-provider.js';
import { cleanEnv, freePort, runCommand, startService, type ServiceProcess } from '../support/service-process.js';

let idp: JwksServer;
let rsa: SigningKey;
let ec: SigningKey;
let service: ServiceProcess;
let dataDir: string;
const AUDIENCE = 'sprintguard-api';
const PARTY = 'https://app.example';

beforeAll(async () => {
  rsa = await createSigningKey('RS256');
  ec = await createSigningKey('ES256');
  idp = await startJwksServer([rsa, ec]);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-e2e-idp-'));
  service = await startService({
    port: await freePort(),
    env: cleanEnv({
      NODE_ENV: 'production',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: await createTestDatabaseUrl('e2e_identity'),
      AUTH_JWKS_URL: idp.url,
      AUTH_ISSUER: idp.issuer,
      AUTH_AUDIENCE: AUDIENCE,
      AUTH_AUTHORIZED_PARTIES: PARTY,
      RATE_LIMIT_WRITES_PER_MINUTE: '3',
    }),
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await idp?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** A token as the provider issues it to our front end (azp = the allowed party unless the claims say otherwise). */
const token = (key: SigningKey, claims: Record<string, unknown>, options: Parameters<typeof signToken>[2] = {}) =>
  signToken(key, { ...claims, azp: claims.azp === 'http://localhost:3000' ? PARTY : claims.azp }, { issuer: idp.issuer, audience: AUDIENCE, ...options });

async function call(pathname: string, init: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${service.url}${pathname}`, { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

describe('identity through the real server', () => {
  it('is ready with the identity provider configured in production', async () => {
    const res = await call('/api/readiness');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready' });
  });

  it('accepts Clerk v2 and v1 session tokens', async () => {
    const admin = await token(rsa, clerkV2Claims('user_admin', { id: 'org_e2e', rol: 'admin' }, { azp: PARTY }));
    const me = await call('/api/rbac/me', { token: admin });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ org_id: 'org_e2e', user_id: 'user_admin', role: 'admin', is_org_admin: true });
    const member = await token(ec, clerkV1Claims('user_member', { id: 'org_e2e', role: 'org:member' }));
    expect((await call('/api/user/me', { token: member })).body).toEqual({
      org_id: 'org_e2e',
      user_id: 'user_member',
      role: 'viewer',
      org_role: 'org:member',
      subscription: { plan: 'free', status: 'active', effective_plan: 'free', current_period_end: null, cancel_at_period_end: false },
    });
    expect(me.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers 401 { error } for missing, malformed, expired, foreign, mis-addressed and forged tokens', async () => {
    const claims = clerkV2Claims('u', { id: 'org_e2e', rol: 'member' }, { azp: PARTY });
    const stranger = await createSigningKey('RS256');
    const cases: [string, string | undefined][] = [
      ['missing', undefined],
      ['malformed', 'not.a-token'],
      ['expired', await token(rsa, claims, { expiresIn: -60 })],
      ['wrong issuer', await token(rsa, claims, { issuer: 'https://evil.example' })],
      ['wrong audience', await token(rsa, claims, { audience: 'another-api' })],
      ['unauthorized party', await token(rsa, { ...claims, azp: 'https://evil.example' })],
      ['unknown key', await token(stranger, claims)],
      ['symmetric', await token({ kid: rsa.kid, alg: 'HS256', privateKey: new TextEncoder().encode('s'.repeat(32)), publicJwk: {} }, claims)],
    ];
    for (const [name, value] of cases) {
      const res = await call('/api/org/settings', value ? { token: value } : {});
      expect(res.status, name).toBe(401);
      expect(Object.keys(res.body ?? {}), name).toEqual(['error']);
    }
  });

  it('answers 403 { error } to a token without organization and 403 { detail: {...} } to a missing permission', async () => {
    const noOrg = await call('/api/org/settings', { token: await token(rsa, clerkV2Claims('user_solo')) });
    expect(noOrg.status).toBe(403);
    expect(Object.keys(noOrg.body ?? {})).toEqual(['error']);
    const viewer = await token(rsa, clerkV2Claims('user_viewer', { id: 'org_e2e', rol: 'member' }));
    const denied = await call('/api/rbac/members', { token: viewer });
    expect(denied).toMatchObject({ status: 403, body: { detail: { error: 'Permission denied', required_permission: 'roles:manage', role: 'viewer' } } });
  });

  it('answers 404 { detail } for an unknown route and 429 { error, retry_after_seconds } with Retry-After', async () => {
    const admin = await token(rsa, clerkV2Claims('user_writer', { id: 'org_e2e', rol: 'admin' }));
    expect(await call('/api/nope', { token: admin })).toMatchObject({ status: 404, body: { detail: 'No route GET /api/nope' } });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await call('/api/feature-flags/cycle_p', { token: admin, method: 'PUT', body: { enabled: i % 2 === 0 } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    if (!last?.body) throw new Error('no answer');
    expect(Object.keys(last.body ?? {}).sort()).toEqual(['error', 'retry_after_seconds']);
    expect(last.headers.get('retry-after')).toBe(String(last.body.retry_after_seconds));
  });
});

describe('production start-up without identity configuration', () => {
  it('refuses to start, naming the missing variables', async () => {
    const base = { NODE_ENV: 'production', SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: await createTestDatabaseUrl('e2e_noidp'), PORT: '0' };
    const missing = await runCommand(['serve'], cleanEnv(base));
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/AUTH_JWKS_URL and AUTH_ISSUER are required in production/);
    const noIssuer = await runCommand(['serve'], cleanEnv({ ...base, AUTH_JWKS_URL: idp.url }));
    expect(noIssuer.code).not.toBe(0);
    expect(noIssuer.stderr).toMatch(/AUTH_ISSUER is required with AUTH_JWKS_URL/);
  });
});
