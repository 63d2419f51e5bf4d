// The whole service (real PostgreSQL event store, real projector, real read models) on a fresh
// database, for app.inject tests. Nothing is mocked. Built as `serve` builds it (src/composition:
// infrastructure → services → buildApp) but without a process or a listening socket.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { signDevToken, type DevTokenRequest } from '../../src/adapters/identity/dev-identity.js';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp } from '../../src/app.js';
import type { ServiceOptions } from '../../src/composition/app-services.js';
import { createIdentity } from '../../src/composition/identity.js';
import { openInfrastructure } from '../../src/composition/infrastructure.js';
import type { SpanExporter } from '../../src/adapters/telemetry/tracing.js';
import { createServices, type Services } from '../../src/composition/services.js';
import type { Service } from '../../src/server.js';
import { createTestDatabaseUrl } from './database.js';

export interface TestApp extends Service {
  config: Config;
  /** Everything the app was built from (commands, workers, the projector). */
  services: Services;
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
  /** Receives the spans in place of the OTLP exporter, when OTEL_EXPORTER_OTLP_ENDPOINT is set in `env`. */
  spanExporter?: SpanExporter;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: await createTestDatabaseUrl(options.label ?? 'app'),
    PROJECTOR_BATCH_SIZE: '500',
    // In the test's own thread, where app.inject tests and in-memory span exporters see it; `serve`'s
    // thread is tested through the real process (test/e2e) and test/integration/projector-thread.
    PROJECTOR_THREAD: 'false',
    ...options.env,
  });
  const identity = await createIdentity(config);
  const infra = await openInfrastructure(config, pino({ level: config.LOG_LEVEL }), options.spanExporter ? { spanExporter: options.spanExporter } : {});
  let services: Services | undefined;
  try {
    services = await createServices(infra, identity, options.service);
    await services.start();
    const app = await buildApp(services.app);
    const token = (request: DevTokenRequest) => signDevToken(dataDir, request);
    const running = services;
    let closing: Promise<void> | undefined;
    return {
      app,
      infra,
      projector: services.projector,
      services,
      config,
      token,
      auth: async (request) => ({ authorization: `Bearer ${await token(request)}` }),
      close: () =>
        (closing ??= (async () => {
          await app.close();
          await running.stop();
          await infra.close();
          await fs.rm(dataDir, { recursive: true, force: true });
        })()),
    };
  } catch (err) {
    await services?.stop();
    await infra.close();
    throw err;
  }
}
