// The README's quick start, for real: `sprintguard serve` with nothing configured starts an embedded
// PostgreSQL in DATA_DIR, serves /api/health within 30 s, takes a development token, keeps its data
// across a clean restart and across a SIGKILL, and stops cleanly on a terminal's Ctrl+C.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, freePort, runCommand, startService, type ServiceProcess } from '../support/service-process.js';

let dataDir: string;
let env: NodeJS.ProcessEnv;
let service: ServiceProcess | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-e2e-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the directory.
  await fs.chmod(dataDir, 0o755);
  env = cleanEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
});

afterAll(async () => {
  await service?.stop('SIGTERM');
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function call(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) };
}

describe('quick start on the embedded default', () => {
  it('serves health, accepts a development token and records a write', async () => {
    service = await startService({ env, port: await freePort() });
    const ready = await fetch(`${service.url}/api/readiness`);
    expect(ready.status).toBe(200);

    const token = await runCommand(['token', '--org', 'acme', '--user', 'ada', '--admin'], env);
    expect(token.code).toBe(0);
    const jwt = token.stdout.trim();
    expect(jwt.split('.')).toHaveLength(3);

    const put = await call('PUT', `${service.url}/api/org/settings`, jwt, { write_mode: 'auto', action_cap: 3 });
    expect(put).toEqual({ status: 200, body: { write_mode: 'auto', action_cap: 3, confirmation_threshold: 10 } });
    expect(await call('GET', `${service.url}/api/org/settings`, jwt)).toEqual(put);

    // The logs name the request id on every request line.
    expect(service.output()).toMatch(/"reqId":"[^"]+"/);

    // A credential in the query string never reaches the log, although the request is refused.
    expect((await fetch(`${service.url}/api/org/settings?token=leaked-query-token`)).status).toBe(401);
    await new Promise((r) => setTimeout(r, 500));
    expect(service.output()).toContain('/api/org/settings?token=[redacted]');
    expect(service.output()).not.toContain('leaked-query-token');
  });

  it('stops cleanly on SIGTERM and keeps the data for the next start', async () => {
    expect(await service!.stop('SIGTERM')).toBe(0);
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();

    service = await startService({ env, port: await freePort() });
    const jwt = (await runCommand(['token', '--org', 'acme'], env)).stdout.trim();
    expect(await call('GET', `${service.url}/api/org/settings`, jwt)).toEqual({
      status: 200,
      body: { write_mode: 'auto', action_cap: 3, confirmation_threshold: 10 },
    });
  });

  it('starts again after being killed with SIGKILL', async () => {
    await service!.stop('SIGKILL');
    service = await startService({ env, port: await freePort() });
    const jwt = (await runCommand(['token', '--org', 'acme'], env)).stdout.trim();
    const res = await call('GET', `${service.url}/api/org/settings`, jwt);
    expect(res.status).toBe(200);
  });

  it('stops cleanly on Ctrl+C, which a terminal sends to its whole process group', async () => {
    await service?.stop('SIGTERM');
    service = await startService({ env, port: await freePort(), ownProcessGroup: true });
    const before = service.output().length;
    expect(await service.interrupt()).toBe(0);
    const stopping = service.output().slice(before);
    expect(stopping).toContain('"signal":"SIGINT"');
    // The embedded PostgreSQL is stopped by the service, after it: no connection cut under it.
    expect(stopping).not.toContain('terminating connection due to administrator command');
    expect(stopping).not.toMatch(/"level":(40|50|60)/);
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
    service = undefined;
  });

  it('refuses a bad variable with one line naming it', async () => {
    const res = await runCommand(['serve'], { ...env, PORT: 'eighty' });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^sprintguard: PORT="eighty" is invalid/m);
    expect(res.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
