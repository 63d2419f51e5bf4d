// Readiness names the failing part (503) while the database refuses connections, and recovers by itself.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../src/adapters/postgres/embedded.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: pg.Client;
let dbName: string;

beforeAll(async () => {
  t = await createTestApp({ label: 'readiness' });
  dbName = new URL(t.config.DATABASE_URL!).pathname.slice(1);
  admin = new pg.Client({ connectionString: withDatabase(t.config.DATABASE_URL!, 'postgres') });
  await admin.connect();
});

afterAll(async () => {
  await admin?.query(`ALTER DATABASE ${admin.escapeIdentifier(dbName)} ALLOW_CONNECTIONS true`).catch(() => undefined);
  await admin?.end();
  await t?.close();
});

interface Readiness {
  status: string;
  checks: { name: string; ok: boolean; error?: string }[];
}

describe('readiness', () => {
  it('answers 503 naming the database and the event store while they are down, then recovers', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/readiness' });
    expect(ok.statusCode).toBe(200);

    await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(dbName)} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);

    const down = await t.app.inject({ method: 'GET', url: '/api/readiness' });
    expect(down.statusCode).toBe(503);
    const body = down.json<Readiness>();
    expect(body.status).toBe('unavailable');
    const failing = body.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(failing).toEqual(expect.arrayContaining(['database', 'event_store']));
    // The reason is a fixed phrase, never the driver's exception text.
    for (const check of body.checks.filter((c) => !c.ok)) expect(check.error).toBe(`${check.name} unavailable`);

    // A write while the database is down is a 503 with a generic detail, not a 500.
    const headers = await t.auth({ orgId: 'org_r', admin: true });
    const write = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers, payload: { action_cap: 4 } });
    expect(write.statusCode).toBe(503);
    expect(write.json()).toEqual({ detail: 'Service temporarily unavailable' });

    await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(dbName)} ALLOW_CONNECTIONS true`);
    const back = await t.app.inject({ method: 'GET', url: '/api/readiness' });
    expect(back.statusCode).toBe(200);
    const retry = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers, payload: { action_cap: 4 } });
    expect(retry.statusCode).toBe(200);
  });
});
