// The process roles: `serve` (API, projector and workers), `worker`, `projector`, and shutdown on
// signals. Everything they run is built in src/composition; this file only starts and stops it.
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { SignInLinks } from './adapters/identity/sign-in-links.js';
import { isDependencyUnavailable } from './adapters/postgres/unavailable.js';
import { buildApp } from './app.js';
import type { ServiceOptions } from './composition/app-services.js';
import { createSharedCommands } from './composition/commands.js';
import { createIdentity } from './composition/identity.js';
import { createInfraProjector, createLogger, openInfrastructure, type Infrastructure, type InfrastructureOptions } from './composition/infrastructure.js';
import { createServices } from './composition/services.js';
import { createWorkers } from './composition/workers.js';
import { createMetricsEndpoint } from './composition/telemetry.js';
import type { Config } from './config.js';
import { buildStartingApp } from './http/starting-app.js';
import type { Projector } from './projections/projector.js';
import { retry } from './lib/retry.js';

/** What code passes to a service beside its configuration: the services' options and the infrastructure's. */
export interface ServerOptions extends ServiceOptions {
  infrastructure?: InfrastructureOptions;
}

export interface Service {
  app: FastifyInstance;
  infra: Infrastructure;
  projector: Projector;
  /** One-time console sign-in links; only with the development identity (`sprintguard demo` uses them). */
  signInLinks?: SignInLinks | undefined;
  close: () => Promise<void>;
}

/** Everything `serve` runs, built and started, except the listening socket (tests use app.inject). */
export async function createService(config: Config, log: Logger = createLogger(config), options: ServerOptions = {}): Promise<Service> {
  // The identity first: a configuration error there is reported before any database is started.
  const identity = await createIdentity(config);
  const { infrastructure, ...serviceOptions } = options;
  const infra = await openInfrastructure(config, log, infrastructure);
  let services: Awaited<ReturnType<typeof createServices>> | undefined;
  try {
    services = await createServices(infra, identity, serviceOptions);
    await services.start();
    const app = await buildApp(services.app);
    const running = services;
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await app.close();
        await running.stop();
        await infra.close();
      })());
    return { app, infra, projector: services.projector, signInLinks: services.app.console.signInLinks, close };
  } catch (err) {
    await services?.stop();
    await infra.close();
    throw err;
  }
}

export interface RunningServer {
  url: string;
  /** As on Service: present only with the development identity. */
  signInLinks?: SignInLinks | undefined;
  close: () => Promise<void>;
}

/** `sprintguard serve`: API + projector in one process. */
export async function startServer(config: Config, log: Logger = createLogger(config), options: ServerOptions = {}): Promise<RunningServer> {
  // A database that cannot be reached at start is waited for, not fatal: meanwhile a placeholder
  // answers on the port (readiness 503), so orchestrators see a live, unready process.
  let placeholder: FastifyInstance | undefined;
  const service = await retry(() => createService(config, log, options), {
    policy: UNAVAILABLE_BACKOFF,
    retryable: isDependencyUnavailable,
    onRetry: async (_err, _attempt, delayMs) => {
      log.warn({ retryInMs: delayMs }, 'the database cannot be reached; waiting for it');
      if (placeholder) return;
      placeholder = buildStartingApp(['database', 'event_store']);
      await placeholder.listen({ port: config.PORT, host: config.HOST });
    },
  });
  const metrics = createMetricsEndpoint(config, service.infra);
  try {
    await placeholder?.close();
    await service.app.listen({ port: config.PORT, host: config.HOST });
    await metrics?.start();
  } catch (err) {
    await metrics?.close();
    await service.close();
    throw err;
  }
  const address = service.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return {
    url: `http://${host}:${port}`,
    signInLinks: service.signInLinks,
    close: async () => {
      await metrics?.close();
      await service.close();
    },
  };
}

/** Waits for an unreachable database: 250 ms doubling up to 10 s, no jitter (one process waits alone). */
const UNAVAILABLE_BACKOFF = { initialMs: 250, maxMs: 10_000, jitter: 0 };

/** `sprintguard worker`: reactors and scheduler only. */
export async function startWorker(config: Config, log: Logger = createLogger(config)): Promise<{ close: () => Promise<void> }> {
  const infra = await openInfrastructure(config, log);
  const workers = createWorkers(infra, await createSharedCommands(infra));
  await workers.start();
  const metrics = await startMetricsEndpoint(config, infra, () => workers.stop());
  return {
    close: async () => {
      await metrics?.close();
      await workers.stop();
      await infra.close();
    },
  };
}

/** `sprintguard projector`: the read models only. */
export async function startProjector(config: Config, log: Logger = createLogger(config)): Promise<{ names: string[]; close: () => Promise<void> }> {
  const infra = await openInfrastructure(config, log);
  const projector = createInfraProjector(infra);
  await projector.start();
  const metrics = await startMetricsEndpoint(config, infra, () => projector.stop());
  return {
    names: infra.projections.map((p) => p.name),
    close: async () => {
      await metrics?.close();
      await projector.stop();
      await infra.close();
    },
  };
}

/** The metrics port of a role without an API port (METRICS_PORT); on failure stops the role's work and the infrastructure. */
async function startMetricsEndpoint(config: Config, infra: Infrastructure, stopWork: () => Promise<void>) {
  const metrics = createMetricsEndpoint(config, infra);
  try {
    await metrics?.start();
    return metrics;
  } catch (err) {
    await stopWork();
    await infra.close();
    throw err;
  }
}

/** Installs signal handling: stop accepting, finish in-flight work, stop PostgreSQL cleanly. */
export function closeOnSignals(server: { close: () => Promise<void> }, log: Logger, graceMs: number): void {
  closeWithGrace({ delay: graceMs }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await server.close();
  });
}
