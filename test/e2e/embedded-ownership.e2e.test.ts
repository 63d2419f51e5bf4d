// The embedded cluster has one owner. CLI commands (and a second `serve`) on the DATA_DIR of a
// running `serve` connect to its cluster and leave it running: readiness stays 200 throughout and
// after. The owner supervises its postmaster: killed, it comes back and the service is ready again
// without a restart of `serve`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, freePort, runCommand, startService, type ServiceProcess } from '../support/service-process.js';

let dataDir: string;
let env: NodeJS.ProcessEnv;
let service: ServiceProcess | undefined;
let second: ServiceProcess | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-owner-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the directory.
  await fs.chmod(dataDir, 0o755);
  // Readiness is polled every 100 ms: above the default per-address read limit.
  env = cleanEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info', RATE_LIMIT_READS_PER_MINUTE: '1000000' });
  service = await startService({ env, port: await freePort(), timeoutMs: 120_000 });
  await waitReady(service.url, 60_000);
}, 180_000);

afterAll(async () => {
  await second?.stop('SIGTERM');
  await service?.stop('SIGTERM');
  await fs.rm(dataDir, { recursive: true, force: true });
});

const readiness = async (url: string) => (await fetch(`${url}/api/readiness`).catch(() => ({ status: 0 }))).status;

async function waitReady(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let status = 0;
  while (Date.now() < deadline && (status = await readiness(url)) !== 200) await new Promise((r) => setTimeout(r, 200));
  return status;
}

/** Polls readiness every 100 ms until `stop()`; returns every answer seen (status, and body when not 200). */
function watchReadiness(url: string) {
  const seen: { status: number; body?: string; at: string }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = new Date().toISOString();
      try {
        const res = await fetch(`${url}/api/readiness`);
        const body = await res.text();
        seen.push(res.status === 200 ? { status: 200, at } : { status: res.status, body, at });
      } catch (err) {
        seen.push({ status: 0, body: String(err), at });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return seen;
  };
}

const postmasterPid = async () => Number.parseInt((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]!, 10);

describe('one owner per embedded cluster', () => {
  it('records its owner readable by the owner only', async () => {
    const file = path.join(dataDir, 'postgres.owner.json');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.join(dataDir, 'postgres.credentials.json'))).mode & 0o777).toBe(0o600);
    const record = JSON.parse(await fs.readFile(file, 'utf8')) as { pid: number; state: string; password: string };
    expect(record).toMatchObject({ pid: service!.child.pid, state: 'ready' });
    expect(record.password).not.toBe('sprintguard-embedded');
    expect(record.password).toMatch(/^[0-9a-f]{48}$/);
  });

  it('lets CLI commands and a second serve use the running cluster; readiness stays 200 throughout and after', async () => {
    const postmaster = await postmasterPid();
    const stop = watchReadiness(service!.url);

    const status = await runCommand(['projections', 'status'], env);
    expect(status.code, status.stderr).toBe(0);
    // The running server's projector holds the lock: one line that says so, no usage text under it.
    const rebuild = await runCommand(['projections', 'rebuild', 'runs'], env);
    expect(rebuild.code).toBe(1);
    expect(rebuild.stderr.trim()).toBe(
      'sprintguard: Projection runs is being run by a live projector (its advisory lock is held); stop the projector processes before rebuilding, or rebuild it beside them with --shadow',
    );
    const migrate = await runCommand(['migrate'], env);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/Schemas are up to date/);
    const audit = await runCommand(['audit', 'run', 'no-such-run'], env);
    // It reached the event store (the run does not exist), on the owner's cluster.
    expect(audit.stderr).toMatch(/No run no-such-run/);

    second = await startService({ env, port: await freePort(), timeoutMs: 120_000 });
    expect(await waitReady(second.url, 30_000)).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);
    second = undefined;

    await new Promise((r) => setTimeout(r, 1_000));
    const seen = await stop();
    expect(seen.length).toBeGreaterThan(5);
    const failures = seen.filter((s) => s.status !== 200);
    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
    expect(await readiness(service!.url)).toBe(200);
    // The same postmaster as before: nobody stopped or replaced it.
    expect(await postmasterPid()).toBe(postmaster);
  }, 300_000);

  it('restarts a killed postmaster; the service is ready again without a restart', async () => {
    const before = await postmasterPid();
    const servicePid = service!.child.pid;
    process.kill(before, 'SIGKILL');
    // 503 while it is down (the readiness check sees the database gone)…
    const deadline = Date.now() + 10_000;
    let down = false;
    while (Date.now() < deadline && !(down = (await readiness(service!.url)) === 503)) await new Promise((r) => setTimeout(r, 50));
    // …then back by itself.
    expect(await waitReady(service!.url, 60_000)).toBe(200);
    expect(await postmasterPid()).not.toBe(before);
    expect(service!.child.exitCode).toBeNull();
    expect(service!.child.pid).toBe(servicePid);
    expect(service!.output()).toMatch(/the embedded PostgreSQL stopped unexpectedly; restarting it/);
    expect(service!.output()).toMatch(/the embedded PostgreSQL is running again/);
    expect(down).toBe(true);

    // Writes work again on the restarted cluster (a CLI command through the owner's record).
    const status = await runCommand(['projections', 'status'], env);
    expect(status.code, status.stderr).toBe(0);
  }, 120_000);

  it('a command after the owner was killed takes the cluster over', async () => {
    const orphan = await postmasterPid();
    await service!.stop('SIGKILL');
    service = undefined;
    const migrate = await runCommand(['migrate'], env);
    expect(migrate.code, migrate.stderr).toBe(0);
    // The orphaned postmaster was stopped (its owner is gone), the command's own cluster stopped on exit.
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
    expect(() => process.kill(orphan, 0)).toThrow();
    await expect(fs.access(path.join(dataDir, 'postgres.owner.json'))).rejects.toThrow();
  }, 120_000);
});
