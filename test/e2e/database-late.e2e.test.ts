// Resilience: the database is not there when the service starts. The process stays up, answers
// liveness, says it is not ready (503) and refuses work with a 503, then becomes ready by itself
// once PostgreSQL appears.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgresHandle } from '../../src/adapters/postgres/embedded.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';

let dir: string | undefined;
let postgres: EmbeddedPostgresHandle | undefined;
let service: ServiceProcess | undefined;

afterAll(async () => {
  await service?.stop('SIGTERM');
  await postgres?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('database unavailable at start', () => {
  it('answers readiness 503 until PostgreSQL comes, then serves', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-latedb-'));
    await fs.chmod(dir, 0o755);
    const pgPort = await freePort();
    const url = `postgres://postgres:late-db-password@127.0.0.1:${pgPort}/postgres`;
    const env = cleanEnv({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url, LOG_LEVEL: 'fatal' });
    service = await startService({ env, port: await freePort() });

    const ready = await fetch(`${service.url}/api/readiness`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', checks: [{ name: 'database', ok: false }, { name: 'event_store', ok: false }] });
    const work = await fetch(`${service.url}/api/org/settings`);
    expect(work.status).toBe(503);
    expect(await work.json()).toEqual({ detail: 'Service starting: waiting for its database' });

    postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: pgPort, password: 'late-db-password', settings: { fsync: 'off' } });
    expect(withDatabase(postgres.url, 'postgres')).toBe(url);
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await fetch(`${service.url}/api/readiness`).catch(() => ({ status: 0 }))).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    const token = await signDevToken(path.join(dir, 'data'), { orgId: 'org_late', admin: true });
    const res = await fetch(`${service.url}/api/org/settings`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });
});
