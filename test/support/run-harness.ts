// End-to-end harness for runs: the real server process on a test database, a board stand-in
// connected through the integration settings API, and small helpers to drive and observe runs.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { createTestDatabaseUrl } from './database.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from './service-process.js';
import type { RunView } from '../../src/http/schemas/runs.schemas.js';

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
}

export interface RunHarness {
  service: ServiceProcess;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  databaseUrl: string;
  call<T = unknown>(method: string, url: string, body?: unknown, orgId?: string): Promise<HttpResult<T>>;
  /** Polls GET /api/runs/{id} until `done(run)` or the timeout. */
  waitForRun(runId: string, done: (run: RunBody) => boolean, orgId?: string, timeoutMs?: number): Promise<RunBody>;
  restart(signal?: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

/** GET /api/runs/{id}: the API's Run. */
export type RunBody = RunView;

export const ORG = 'org_runs';

export async function startRunHarness(label: string, extraEnv: Record<string, string> = {}): Promise<RunHarness> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `sprintguard-${label}-`));
  const databaseUrl = await createTestDatabaseUrl(label);
  const env = cleanEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...extraEnv });
  let service = await startService({ env, port: await freePort() });
  const tokens = new Map<string, string>();

  const call = async <T,>(method: string, url: string, body?: unknown, orgId = ORG): Promise<HttpResult<T>> => {
    let token = tokens.get(orgId);
    if (!token) tokens.set(orgId, (token = await signDevToken(dataDir, { orgId, userId: 'ada', admin: true })));
    const res = await fetch(`${service.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };

  return {
    get service() {
      return service;
    },
    env,
    dataDir,
    databaseUrl,
    call,
    async waitForRun(runId, done, orgId = ORG, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let last: HttpResult<RunBody> | undefined;
      while (Date.now() < deadline) {
        last = await call<RunBody>('GET', `/api/runs/${runId}`, undefined, orgId);
        if (last.status === 200 && done(last.body)) return last.body;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`run ${runId} did not reach the expected state: ${JSON.stringify(last?.body)}`);
    },
    async restart(signal = 'SIGTERM') {
      await service.stop(signal);
      service = await startService({ env, port: await freePort() });
    },
    async close() {
      await service.stop('SIGTERM');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
