// The whole service (real PostgreSQL event store, real projector, real read models) on a fresh
// database, for app.inject tests. Nothing is mocked.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { signDevToken, type DevTokenRequest } from '../../src/adapters/identity/dev-identity.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createService, type Service, type ServiceOptions } from '../../src/server.js';
import { createTestDatabaseUrl } from './database.js';

export interface TestApp extends Service {
  config: Config;
  /** A development bearer token for the app's identity. */
  token(request: DevTokenRequest): Promise<string>;
  /** Authorization header for `token(request)`. */
  auth(request: DevTokenRequest): Promise<{ authorization: string }>;
}

export interface TestAppOptions {
  /** Extra environment variables (strings, as in a real environment). */
  env?: Record<string, string>;
  label?: string;
  /** Code-only service options (e.g. the SNS verifier's trust, which only tests replace). */
  service?: ServiceOptions;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: await createTestDatabaseUrl(options.label ?? 'app'),
    PROJECTOR_BATCH_SIZE: '500',
    ...options.env,
  });
  const service = await createService(config, pino({ level: config.LOG_LEVEL }), options.service);
  const token = (request: DevTokenRequest) => signDevToken(dataDir, request);
  return {
    ...service,
    config,
    token,
    auth: async (request) => ({ authorization: `Bearer ${await token(request)}` }),
    close: async () => {
      await service.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
