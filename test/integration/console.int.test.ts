// The console's serving at /app/ (SPA fallback, security headers, hashed assets) and its
// pre-sign-in routes: GET /api/console/config, the development token and the one-time sign-in
// link, refused (404) whenever a real identity provider is configured.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import consolePlugin, { consoleSecurityPolicy } from '../../src/http/plugins/console.js';
import { usesDevelopmentIdentity } from '../../src/http/routes/console.routes.js';
import { createSigningKey, startJwksServer, type JwksServer } from '../support/identity-provider.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('console routes with the development identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ label: 'console_dev' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the console to use the development sign-in', async () => {
    const res = await t.app.inject({ url: '/api/console/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sign_in: 'development', oidc: null });
  });

  it('mints a development token that the API accepts, for the organization and user asked', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/console/dev-token', payload: { org_id: 'org_console', user_id: 'ann', admin: true } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { access_token, expires_in } = res.json<{ access_token: string; expires_in: number }>();
    expect(expires_in).toBe(3600);
    const me = await t.app.inject({ url: '/api/rbac/me', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ org_id: 'org_console', user_id: 'ann', role: 'admin' });
    const member = await t.app.inject({ method: 'POST', url: '/api/console/dev-token', payload: { org_id: 'org_console', user_id: 'bob' } });
    const bob = await t.app.inject({ url: '/api/rbac/me', headers: { authorization: `Bearer ${member.json<{ access_token: string }>().access_token}` } });
    expect(bob.json()).toMatchObject({ user_id: 'bob', role: 'viewer' });
  });

  it('trades a one-time sign-in link for a token of the identity it was issued for, once', async () => {
    const links = t.services.app.console.signInLinks!;
    const code = links.issue({ orgId: 'org_link', userId: 'lin', admin: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/console/sign-in-link', payload: { code } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const grant = res.json<{ access_token: string; expires_in: number; org_id: string; user_id: string; admin: boolean }>();
    expect(grant).toMatchObject({ token_type: 'Bearer', expires_in: 3600, org_id: 'org_link', user_id: 'lin', admin: true });
    const me = await t.app.inject({ url: '/api/rbac/me', headers: { authorization: `Bearer ${grant.access_token}` } });
    expect(me.json()).toMatchObject({ org_id: 'org_link', user_id: 'lin', role: 'admin' });

    // Good once: the same code again, or a code never issued, is refused.
    for (const refused of [code, 'never-issued']) {
      const again = await t.app.inject({ method: 'POST', url: '/api/console/sign-in-link', payload: { code: refused } });
      expect(again.statusCode, refused).toBe(401);
      expect(again.json<{ error: string }>().error).toMatch(/unknown, was already used or has expired/);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/console/sign-in-link', payload: { code: 'not a code!' } })).statusCode).toBe(400);
  });

  it('refuses malformed identities', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/console/dev-token', payload: { org_id: 'org with spaces', user_id: 'ann' } });
    expect(res.statusCode).toBe(400);
  });

  it('serves the built console at /app/ with the security headers, and index.html for any console path', async () => {
    const index = await t.app.inject({ url: '/app/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    expect(index.headers['content-security-policy']).toBe(consoleSecurityPolicy([]));
    expect(index.headers['cache-control']).toBe('no-cache');
    const deep = await t.app.inject({ url: '/app/runs/some-run' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe(index.body);
    expect((await t.app.inject({ url: '/app' })).headers.location).toBe('/app/');

    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    expect(script).toBeDefined();
    const asset = await t.app.inject({ url: script! });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/app/assets/missing-123.js' })).statusCode).toBe(404);
    // The API keeps its own headers: the console's policy is not applied to it.
    expect((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']).toBeUndefined();
  });

  it('keeps the console routes out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/app'))).toEqual([]);
    expect(doc.paths['/api/console/config']).toBeDefined();
  });
});

describe('console routes with a real identity provider', () => {
  let t: TestApp;
  let jwks: JwksServer;
  beforeAll(async () => {
    jwks = await startJwksServer([await createSigningKey()]);
    t = await createTestApp({ label: 'console_oidc', env: { AUTH_JWKS_URL: jwks.url, AUTH_ISSUER: jwks.issuer, CONSOLE_OIDC_CLIENT_ID: 'sprintguard-console' } });
  });
  afterAll(async () => {
    await t?.close();
    await jwks?.close();
  });

  it('points the console at the issuer and refuses development tokens (404)', async () => {
    const config = await t.app.inject({ url: '/api/console/config' });
    expect(config.json()).toEqual({ sign_in: 'oidc', oidc: { issuer: jwks.issuer, client_id: 'sprintguard-console', scope: 'openid profile offline_access' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/console/dev-token', payload: { org_id: 'org_x', user_id: 'eve', admin: true } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
    // No sign-in links either: there is no store to issue them, and the route is not there.
    expect(t.services.app.console.signInLinks).toBeUndefined();
    const link = await t.app.inject({ method: 'POST', url: '/api/console/sign-in-link', payload: { code: 'any-code' } });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ detail: 'Not found' });
    // The sign-in talks to the issuer: the console's policy allows that origin, and only that one.
    expect((await t.app.inject({ url: '/app/' })).headers['content-security-policy']).toContain(`connect-src 'self' ${new URL(jwks.issuer).origin};`);
  });

  it('never uses the development identity in production', () => {
    expect(usesDevelopmentIdentity({ AUTH_JWKS_URL: undefined, isProduction: true })).toBe(false);
    expect(usesDevelopmentIdentity({ AUTH_JWKS_URL: 'https://idp.example/jwks', isProduction: false })).toBe(false);
    expect(usesDevelopmentIdentity({ AUTH_JWKS_URL: undefined, isProduction: false })).toBe(true);
  });
});

describe('console plugin without a build', () => {
  it('answers 503 with the command that builds it', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'console-empty-'));
    const app = Fastify();
    await app.register(consolePlugin, { root: empty });
    const res = await app.inject({ url: '/app/runs' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build -w console');
    await app.close();
    await fs.rm(empty, { recursive: true });
  });
});
