// Resilience: PostgreSQL restarted under load. While it is down, requests answer 503 (never 500,
// never a stack trace); every write acknowledged with 200 is in the event store afterwards; the
// service recovers by itself, without a restart.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { ensureDatabaseExists } from '../../src/adapters/postgres/database.js';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgresHandle } from '../../src/adapters/postgres/embedded.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';

let dir: string;
let postgres: EmbeddedPostgresHandle;
let port: number;
let url: string;
let service: ServiceProcess;
let token: string;

const startPostgres = () => startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port, settings: { fsync: 'off' } });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-pgrestart-'));
  await fs.chmod(dir, 0o755);
  port = await freePort();
  postgres = await startPostgres();
  url = withDatabase(postgres.url, 'resilience');
  await ensureDatabaseExists(url);
  const env = cleanEnv({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url, LOG_LEVEL: 'fatal', READ_YOUR_WRITES_TIMEOUT_MS: '500', RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_READS_PER_MINUTE: '1000000' });
  service = await startService({ env, port: await freePort() });
  token = await signDevToken(path.join(dir, 'data'), { orgId: 'org_res', userId: 'ada', admin: true });
});

afterAll(async () => {
  await service?.stop('SIGTERM');
  await postgres?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('PostgreSQL restarted under load', () => {
  it('answers 503 while it is down, loses no acknowledged write, and recovers by itself', async () => {
    const acknowledged: number[] = [];
    const statuses = new Map<number, number>();
    const bodies: string[] = [];
    let i = 0;
    let running = true;
    const writer = (async () => {
      while (running) {
        const cap = 100 + (i++ % 800);
        try {
          const res = await fetch(`${service.url}/api/org/settings`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ action_cap: cap }),
            signal: AbortSignal.timeout(5_000),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const text = await res.text();
          if (res.status === 200) acknowledged.push(cap);
          else bodies.push(text);
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();

    await new Promise((r) => setTimeout(r, 1_000));
    await postgres.stop();
    await new Promise((r) => setTimeout(r, 1_500));
    const readiness = await fetch(`${service.url}/api/readiness`);
    expect(readiness.status).toBe(503);
    postgres = await startPostgres();
    // Recovered by itself: writes succeed again.
    const before = acknowledged.length;
    const deadline = Date.now() + 20_000;
    while (acknowledged.length < before + 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    running = false;
    await writer;

    expect(acknowledged.length, JSON.stringify({ statuses: [...statuses], last: bodies.slice(-3) })).toBeGreaterThanOrEqual(before + 20);
    expect(statuses.get(500) ?? 0).toBe(0);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    for (const body of bodies) expect(body).not.toMatch(/at .*\.(ts|js):\d+|ECONNREFUSED|stack/);
    expect((await fetch(`${service.url}/api/readiness`)).status).toBe(200);

    // Every acknowledged write is an event on the org stream, in order.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ cap: number }>(
        "SELECT (data->'settings'->>'action_cap')::int AS cap FROM es.events WHERE stream_name = 'org-org_res' AND event_type = 'OrgSettingsChanged' ORDER BY revision",
      );
      const stored = rows.map((r) => r.cap);
      let at = 0;
      for (const cap of acknowledged) {
        at = stored.indexOf(cap, at);
        expect(at, `acknowledged action_cap=${cap} is missing from the log`).toBeGreaterThanOrEqual(0);
        at++;
      }
    } finally {
      await client.end();
    }
  });
});
