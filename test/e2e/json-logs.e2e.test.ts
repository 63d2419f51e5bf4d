// Logs of the real server process (docs/observability.md, "Logs"): every line it writes is JSON (the
// embedded PostgreSQL's output, the driver's and libraries' messages included), and each request has
// one line, written at response time, naming its route, status, duration, request id and, when
// authenticated, its organization and user.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../support/database.js';
import { cleanEnv, freePort, runCommand, startService, type ServiceProcess } from '../support/service-process.js';

const dirs: string[] = [];
let service: ServiceProcess | undefined;

afterAll(async () => {
  await service?.stop('SIGTERM');
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-logs-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the directory.
  await fs.chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Every non-empty line parsed; a line that is not JSON fails with the line itself. */
function jsonLines(text: string, stream: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a line on ${stream} is not JSON: ${line}`);
      }
    });
}

describe('the server’s logs', () => {
  it('are JSON lines only, and an authenticated request’s line names its organization and user', async () => {
    const env = cleanEnv({ DATA_DIR: await dataDir(), LOG_LEVEL: 'debug' });
    const server = (service = await startService({ env, port: await freePort() }));
    const token = (await runCommand(['token', '--org', 'org_logs_e2e', '--user', 'ada_logs', '--admin'], env)).stdout.trim();
    const put = await fetch(`${server.url}/api/org/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'req-logs-e2e-1' },
      body: JSON.stringify({ write_mode: 'approval', action_cap: 5 }),
    });
    expect(put.status).toBe(200);
    expect((await fetch(`${server.url}/api/org/settings?token=leaked-in-query`)).status).toBe(401);
    expect(await server.stop('SIGTERM')).toBe(0);
    service = undefined;

    const lines = jsonLines(server.stdout(), 'stdout');
    jsonLines(server.stderr(), 'stderr');
    // The embedded PostgreSQL's own output came through the logger.
    expect(lines.some((l) => typeof l.postgres === 'string')).toBe(true);
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    const request = lines.find((l) => l.msg === 'request completed' && l.reqId === 'req-logs-e2e-1');
    expect(request).toMatchObject({
      org_id: 'org_logs_e2e',
      user_id: 'ada_logs',
      route: '/api/org/settings',
      req: { method: 'PUT', url: '/api/org/settings' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    const refused = lines.find((l) => l.msg === 'request completed' && (l.res as { statusCode?: number } | undefined)?.statusCode === 401);
    expect(refused).toMatchObject({ route: '/api/org/settings', req: { url: '/api/org/settings?token=[redacted]' } });
    expect(refused).not.toHaveProperty('org_id');
    expect(server.output()).not.toContain('leaked-in-query');
  }, 120_000);

  it('sends a library’s console messages through the logger as JSON', async () => {
    // An option EventStoreDB's client does not know: it says so with console.warn when it reads the URL.
    const env = cleanEnv({
      DATA_DIR: await dataDir(),
      DATABASE_URL: await createTestDatabaseUrl('json_logs'),
      EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false&noSuchOption=1',
      LOG_LEVEL: 'info',
    });
    const server = (service = await startService({ env, port: await freePort() }));
    await server.stop('SIGTERM');
    service = undefined;
    const lines = jsonLines(server.stdout(), 'stdout');
    jsonLines(server.stderr(), 'stderr');
    expect(lines.find((l) => typeof l.msg === 'string' && l.msg.includes('Unknown option key "noSuchOption"'))).toMatchObject({ source: 'console', level: 40 });
  }, 120_000);
});
