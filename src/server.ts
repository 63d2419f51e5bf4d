// The process roles: `serve` (API, projector and workers), `worker`, `projector`, and shutdown on
// signals. Everything they run is built in src/composition; this file only starts and stops it.
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { EventStoreUnavailableError } from './adapters/event-store.js';
import type { SignInLinks } from './adapters/identity/sign-in-links.js';
import { isPostgresUnavailable } from './adapters/postgres/unavailable.js';
import { buildApp } from './app.js';
import type { ServiceOptions } from './composition/app-services.js';
import { createSharedCommands } from './composition/commands.js';
import { createIdentity } from './composition/identity.js';
import { createInfraProjector, createLogger, openInfrastructure, type Infrastructure } from './composition/infrastructure.js';
import { createServices } from './composition/services.js';
import { createWorkers } from './composition/workers.js';
import type { Config } from './config.js';
import { buildStartingApp } from './http/starting-app.js';
import type { Projector } from './projections/projector.js';
import { backoffDelay, sleep } from './lib/retry.js';

export interface Service {
  app: FastifyInstance;
  infra: Infrastructure;
  projector: Projector;
  /** One-time console sign-in links; only with the development identity (`sprintguard demo` uses them). */
  signInLinks?: SignInLinks | undefined;
  close: () => Promise<void>;
}

/** Everything `serve` runs, built and started, except the listening socket (tests use app.inject). */
export async function createService(config: Config, log: Logger = createLogger(config), options: ServiceOptions = {}): Promise<Service> {
  // The identity first: a configuration error there is reported before any database is started.
  const identity = await createIdentity(config);
  const infra = await openInfrastructure(config, log);
  let services: Awaited<ReturnType<typeof createServices>> | undefined;
  try {
    services = await createServices(infra, identity, options);
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
export async function startServer(config: Config, log: Logger = createLogger(config), options: ServiceOptions = {}): Promise<RunningServer> {
  // A database that cannot be reached at start is waited for, not fatal: meanwhile a placeholder
  // answers on the port (readiness 503), so orchestrators see a live, unready process.
  let placeholder: FastifyInstance | undefined;
  const service = await retryWhileUnavailable(log, () => createService(config, log, options), async () => {
    if (placeholder) return;
    placeholder = buildStartingApp(['database', 'event_store']);
    await placeholder.listen({ port: config.PORT, host: config.HOST });
  });
  try {
    await placeholder?.close();
    await service.app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await service.close();
    throw err;
  }
  const address = service.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return { url: `http://${host}:${port}`, signInLinks: service.signInLinks, close: service.close };
}

/** Waits for an unreachable database: 250 ms doubling up to 10 s, no jitter (one process waits alone). */
const UNAVAILABLE_BACKOFF = { initialMs: 250, maxMs: 10_000, jitter: 0 };

/** Runs `open` until it succeeds or fails for another reason than an unreachable dependency. */
async function retryWhileUnavailable<T>(log: Logger, open: () => Promise<T>, onWaiting: () => Promise<void>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (err) {
      const unavailable = err instanceof EventStoreUnavailableError || isPostgresUnavailable(err) || isPostgresUnavailable((err as { cause?: unknown }).cause);
      if (!unavailable) throw err;
      const delay = backoffDelay(attempt, UNAVAILABLE_BACKOFF);
      log.warn({ retryInMs: delay }, 'the database cannot be reached; waiting for it');
      await onWaiting();
      await sleep(delay);
    }
  }
}

/** `sprintguard worker`: reactors and scheduler only. */
export async function startWorker(config: Config, log: Logger = createLogger(config)): Promise<{ close: () => Promise<void> }> {
  const infra = await openInfrastructure(config, log);
  const workers = createWorkers(infra, await createSharedCommands(infra));
  await workers.start();
  return {
    close: async () => {
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
  return {
    names: infra.projections.map((p) => p.name),
    close: async () => {
      await projector.stop();
      await infra.close();
    },
  };
}

/** Installs signal handling: stop accepting, finish in-flight work, stop PostgreSQL cleanly. */
export function closeOnSignals(server: { close: () => Promise<void> }, log: Logger, graceMs: number): void {
  closeWithGrace({ delay: graceMs }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await server.close();
  });
}
