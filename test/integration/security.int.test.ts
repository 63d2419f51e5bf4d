// Authentication, authorization and error shapes through app.inject, on the whole app (real
// PostgreSQL event store, projector and read models; development identity).
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import authPlugin from '../../src/http/plugins/auth.js';
import errorsPlugin from '../../src/http/plugins/errors.js';
import permissionsPlugin from '../../src/http/plugins/permissions.js';
import { accessForRoute } from '../../src/http/route-permissions.js';
import { createIdentity } from '../../src/composition/identity.js';
import { createService } from '../../src/server.js';
import { createSigningKey, devSigningKey, signToken, type SigningKey } from '../support/identity-provider.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let dev: SigningKey & { issuer: string };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp({ label: 'security' });
  dev = await devSigningKey(t.config.dataDir);
});
afterAll(async () => {
  await t?.close();
});

describe('authentication: 401 { error }', () => {
  const url = '/api/org/settings';

  it('refuses a missing or malformed Authorization header', async () => {
    for (const headers of [{}, { authorization: 'Basic dXNlcjpwYXNz' }, { authorization: 'Bearer' }, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Bearer a.b.c d' }]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(Object.keys(res.json())).toEqual(['error']);
      expect(res.json().error).toMatch(/bearer|Authorization/i);
    }
  });

  it('refuses expired, foreign-issuer, wrongly signed, symmetric and unsigned tokens', async () => {
    const claims = { sub: 'u1', org_id: 'org_a', org_role: 'org:admin' };
    const impostor = { ...(await createSigningKey('ES256')), kid: dev.kid }; // same kid, other key
    const hsToken = await signToken({ kid: dev.kid, alg: 'HS256', privateKey: new TextEncoder().encode('x'.repeat(32)), publicJwk: {} }, claims, { issuer: dev.issuer });
    const valid = await signToken(dev, claims, { issuer: dev.issuer });
    const [h, p] = valid.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const cases: [string, string, RegExp][] = [
      ['expired', await signToken(dev, claims, { issuer: dev.issuer, expiresIn: -60 }), /expired/i],
      ['wrong issuer', await signToken(dev, claims, { issuer: 'https://evil.example' }), /iss|invalid/i],
      ['wrong signature', await signToken(impostor, claims, { issuer: dev.issuer }), /invalid/i],
      ['HS256', hsToken, /invalid/i],
      ['alg none', unsigned, /invalid/i],
      ['tampered payload', `${h}.${Buffer.from(JSON.stringify({ ...claims, org_id: 'org_b' })).toString('base64url')}.${valid.split('.')[2]}`, /invalid/i],
      ['not yet valid', await signToken(dev, claims, { issuer: dev.issuer, notBefore: 600 }), /nbf|invalid/i],
    ];
    for (const [name, token, message] of cases) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, name).toBe(401);
      expect(Object.keys(res.json()), name).toEqual(['error']);
      expect(res.json().error, name).toMatch(message);
    }
    expect((await t.app.inject({ url, headers: bearer(valid) })).statusCode).toBe(200);
  });

  it('answers 403 { error } to a valid token that names no organization', async () => {
    const res = await t.app.inject({ url, headers: bearer(await signToken(dev, { sub: 'u1' }, { issuer: dev.issuer })) });
    expect(res.statusCode).toBe(403);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(res.json().error).toMatch(/organization/);
  });

  it('accepts the scheme in any case and needs no token on public routes', async () => {
    const token = await t.token({ orgId: 'org_a', userId: 'u1' });
    expect((await t.app.inject({ url, headers: { authorization: `bearer ${token}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
  });
});

describe('authorization: roles and the 403 object', () => {
  it('gives a member without assignment the viewer role, and denies writes with { detail: { error, required_permission, role } }', async () => {
    const viewer = await t.auth({ orgId: 'org_a', userId: 'viewer-1' });
    expect((await t.app.inject({ url: '/api/rbac/me', headers: viewer })).json()).toMatchObject({ role: 'viewer', permissions: ['app:read'] });
    const res = await t.app.inject({ method: 'PUT', url: '/api/feature-flags/cycle_p', headers: viewer, payload: { enabled: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: { error: 'Permission denied', required_permission: 'flags:write', role: 'viewer' } });
    const settings = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: viewer, payload: { action_cap: 3 } });
    expect(settings.json()).toEqual({ detail: { error: 'Permission denied', required_permission: 'settings:write', role: 'viewer' } });
  });

  it('checks the permission before the body: a denied caller learns nothing about validation', async () => {
    const viewer = await t.auth({ orgId: 'org_a', userId: 'viewer-1' });
    const res = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: viewer, payload: { nonsense: true } });
    expect(res.statusCode).toBe(403);
  });

  it('lets the organization administrator assign roles and delegate permissions, which take effect at once', async () => {
    const admin = await t.auth({ orgId: 'org_a', userId: 'boss', admin: true });
    const put = await t.app.inject({ method: 'PUT', url: '/api/rbac/members/op-1', headers: admin, payload: { role: 'operator', permissions: ['flags:write'] } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ user_id: 'op-1', role: 'operator', permissions: ['flags:write'], assigned_by: 'boss' });
    expect(put.json().effective_permissions).toEqual(expect.arrayContaining(['runs:trigger', 'flags:write']));

    const op = await t.auth({ orgId: 'org_a', userId: 'op-1' });
    const me = (await t.app.inject({ url: '/api/rbac/me', headers: op })).json();
    expect(me).toMatchObject({ role: 'operator', delegated_permissions: ['flags:write'], is_org_admin: false });
    expect(me.permissions).not.toContain('settings:write');
    expect((await t.app.inject({ method: 'PUT', url: '/api/feature-flags/cycle_p', headers: op, payload: { enabled: true } })).statusCode).toBe(200);
    const denied = await t.app.inject({ method: 'PUT', url: '/api/schedule', headers: op, payload: {} });
    expect(denied.json()).toEqual({ detail: { error: 'Permission denied', required_permission: 'schedule:write', role: 'operator' } });

    const list = await t.app.inject({ url: '/api/rbac/members', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ user_id: string }[]>().map((m) => m.user_id)).toContain('op-1');
    const userMe = (await t.app.inject({ url: '/api/user/me', headers: op })).json();
    expect(userMe).toEqual({ org_id: 'org_a', user_id: 'op-1', role: 'operator', org_role: 'org:member', subscription: { plan: 'free', status: 'active', effective_plan: 'free', current_period_end: null, cancel_at_period_end: false } });
  });

  it('never lets an assignment grant roles:manage or billing:manage (400), nor anyone but the administrator assign (403)', async () => {
    const admin = await t.auth({ orgId: 'org_a', userId: 'boss', admin: true });
    for (const permission of ['roles:manage', 'billing:manage', 'admin:all']) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/rbac/members/m-1', headers: admin, payload: { role: 'manager', permissions: [permission] } });
      expect(res.statusCode, permission).toBe(400);
      expect(res.json().detail).toContain(permission);
    }
    const adminRole = await t.app.inject({ method: 'PUT', url: '/api/rbac/members/m-1', headers: admin, payload: { role: 'admin' } });
    expect(adminRole.statusCode).toBe(400);
    expect(adminRole.json().detail).toMatch(/^body\/role /);

    await t.app.inject({ method: 'PUT', url: '/api/rbac/members/m-1', headers: admin, payload: { role: 'manager' } });
    const manager = await t.auth({ orgId: 'org_a', userId: 'm-1' });
    const res = await t.app.inject({ method: 'PUT', url: '/api/rbac/members/m-2', headers: manager, payload: { role: 'viewer' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: { error: 'Permission denied', required_permission: 'roles:manage', role: 'manager' } });
    expect((await t.app.inject({ url: '/api/rbac/members', headers: manager })).statusCode).toBe(403);
    // Everything operational is the manager's.
    expect((await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: manager, payload: { action_cap: 7 } })).statusCode).toBe(200);
    // A stored "admin" identity-provider role name other than the configured one is not an administrator.
    const fake = await t.auth({ orgId: 'org_a', userId: 'm-3', orgRole: 'org:superuser' });
    expect((await t.app.inject({ url: '/api/rbac/me', headers: fake })).json().role).toBe('viewer');
  });

  it('answers 503 { error } when the role store cannot be read, never allowing', async () => {
    const viewer = await t.auth({ orgId: 'org_a', userId: 'op-1' });
    const knex = t.infra.db.knex;
    await knex.raw('ALTER TABLE members RENAME TO members_away');
    try {
      const res = await t.app.inject({ url: '/api/org/settings', headers: viewer });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Authorization dependencies unavailable' });
      const write = await t.app.inject({ method: 'PUT', url: '/api/feature-flags/cycle_p', headers: viewer, payload: { enabled: false } });
      expect(write.statusCode).toBe(503);
    } finally {
      await knex.raw('ALTER TABLE members_away RENAME TO members');
    }
    expect((await t.app.inject({ url: '/api/org/settings', headers: viewer })).statusCode).toBe(200);
  });
});

describe('error shapes', () => {
  it('answers unknown routes 404 { detail } (with or without a token)', async () => {
    for (const headers of [{}, await t.auth({ orgId: 'org_a' })]) {
      const res = await t.app.inject({ url: '/api/nowhere', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No route GET /api/nowhere' });
    }
  });

  it('answers validation failures 400 { detail } naming the field', async () => {
    const admin = await t.auth({ orgId: 'org_a', userId: 'boss', admin: true });
    const cases: [object, RegExp][] = [
      [{ action_cap: 5000 }, /^body\/action_cap must be <= 1000$/],
      [{ write_mode: 'chaos' }, /^body\/write_mode /],
      [{ surprise: 1 }, /^body has an unknown field 'surprise'$/],
    ];
    for (const [payload, detail] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['detail']);
      expect(res.json().detail).toMatch(detail);
    }
    const params = await t.app.inject({ method: 'PUT', url: `/api/rbac/members/${'x'.repeat(150)}`, headers: admin, payload: { role: 'viewer' } });
    expect(params.json()).toEqual({ detail: 'params/user_id must NOT have more than 128 characters' });
    // Beyond what the router accepts at all: Fastify's own error, in our shape, with the request id.
    const tooLong = await t.app.inject({ method: 'PUT', url: `/api/rbac/members/${'x'.repeat(5000)}`, headers: admin, payload: { role: 'viewer' } });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ detail: 'A path parameter is too long' });
    expect(tooLong.headers['x-request-id']).toBeTruthy();
    const badUrl = await t.app.inject({ url: '/api/rbac/members/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(Object.keys(badUrl.json())).toEqual(['detail']);
    const json = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: { ...admin, 'content-type': 'application/json' }, payload: '{"action_cap":' });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json())).toEqual(['detail']);
  });

  it('answers 400, not 500, to values the database cannot store (NUL characters)', async () => {
    const admin = await t.auth({ orgId: 'org_nul', admin: true });
    const schedule = { enabled: true, timezone: 'UTC', days_of_week: [1], time: '09:00', board_type: 'jira', project_key: 'A\u0000B' };
    const res = await t.app.inject({ method: 'PUT', url: '/api/schedule', headers: admin, payload: schedule });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
    const member = await t.app.inject({ method: 'PUT', url: '/api/rbac/members/a%00b', headers: admin, payload: { role: 'viewer' } });
    expect(member.statusCode).toBe(400);
  });

  it('puts the request id in a response header, honouring a sane one from the caller', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const odd = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\u0001' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a server error 500 with a generic text, logging the error with the request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    // The whole service again (same database, no projector), with a logger we can read.
    const service = await createService({ ...t.config, PROJECTOR_ENABLED: false }, pino({ level: 'info' }, sink));
    const app = service.app;
    app.get('/api/explode', async () => {
      throw new Error('secret connection string postgres://user:hunter2@db');
    });
    try {
      const res = await app.inject({ url: '/api/explode', headers: await t.auth({ orgId: 'org_a' }) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error' });
      expect(res.body).not.toContain('hunter2');
      const requestId = res.headers['x-request-id'];
      const logged = lines.find((l) => l.msg === 'unhandled error');
      expect(logged).toMatchObject({ reqId: requestId, level: 50 });
      expect(JSON.stringify(logged)).toContain('hunter2'); // the log keeps the detail, the answer does not
      expect(lines.filter((l) => l.reqId !== undefined).every((l) => l.reqId === requestId)).toBe(true);
    } finally {
      await service.close();
    }
  });
});

describe('the permission table is the single source', () => {
  it('lists every documented route of the app', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        const pattern = path.replace(/\{([^}]+)\}/g, ':$1');
        if (!accessForRoute(method, pattern).listed) missing.push(`${method.toUpperCase()} ${pattern}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('refuses to start when a route declares a permission other than the table', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(authPlugin, { identity: await createIdentity(t.config) });
    await app.register(permissionsPlugin, { loadMember: async () => undefined });
    const start = async () => {
      await app.register(async (scope) => {
        scope.put('/api/feature-flags/:name', { config: { permission: 'app:read' } }, async () => ({}));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/route-permissions\.ts says flags:write/);
  });

  it('needs admin:all for a write route missing from the table and app:read for such a read', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(authPlugin, { identity: await createIdentity(t.config) });
    await app.register(permissionsPlugin, { loadMember: async () => ({ role: 'manager', permissions: [] }) });
    app.post('/api/unlisted', async () => ({ ok: true }));
    app.get('/api/unlisted', async () => ({ ok: true }));
    const manager = await t.auth({ orgId: 'org_a', userId: 'm' });
    const write = await app.inject({ method: 'POST', url: '/api/unlisted', headers: manager, payload: {} });
    expect(write.json()).toEqual({ detail: { error: 'Permission denied', required_permission: 'admin:all', role: 'manager' } });
    expect((await app.inject({ url: '/api/unlisted', headers: manager })).statusCode).toBe(200);
    const admin = await t.auth({ orgId: 'org_a', admin: true });
    expect((await app.inject({ method: 'POST', url: '/api/unlisted', headers: admin, payload: {} })).statusCode).toBe(200);
    await app.close();
  });
});

describe('status', () => {
  it('reports the trigger state from the schedule and no run yet', async () => {
    const admin = await t.auth({ orgId: 'org_status', admin: true });
    expect((await t.app.inject({ url: '/api/status', headers: admin })).json()).toEqual({
      trigger: { enabled: false, schedule_saved: false, next_fire_at: null },
      latest_run: null,
    });
    const schedule = { enabled: true, timezone: 'Europe/Paris', days_of_week: [1], time: '09:00', board_type: 'jira', project_key: 'ENG' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/schedule', headers: admin, payload: schedule })).statusCode).toBe(200);
    const trigger = (await t.app.inject({ url: '/api/status', headers: admin })).json<{ trigger: { next_fire_at: string } }>().trigger;
    expect(trigger).toMatchObject({ enabled: true, schedule_saved: true });
    // Next Monday 09:00 in Paris.
    const next = new Date(trigger.next_fire_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('Mon 09:00');
  });
});
