// Everything the serve role runs, built once per process with ONE clock and one state cache per
// decider: the route options (src/composition/route-options.ts), the projector that keeps the read
// models and answers read-your-writes waits, and the workers. Nothing here starts until start().
import type { IdentityVerifier } from '../adapters/identity/identity.js';
import type { Projector } from '../projections/projector.js';
import type { AppServices, ServiceOptions } from './app-services.js';
import { createSharedCommands, systemClock, type SharedCommands } from './commands.js';
import { createInfraProjector, type Infrastructure } from './infrastructure.js';
import { createProjectorThread } from './projector-thread.js';
import { createAppServices } from './route-options.js';
import { createWorkers, type Workers } from './workers.js';

export interface Services {
  app: AppServices;
  projector: Projector;
  workers: Workers;
  shared: SharedCommands;
  /** Starts the projector and the workers where the configuration enables them. */
  start(): Promise<void>;
  /** Stops both (safe when they never started). */
  stop(): Promise<void>;
}

/** Builds (never starts) everything `serve` runs; `buildApp(services.app)` then registers the routes. */
export async function createServices(infra: Infrastructure, identity: IdentityVerifier, options: ServiceOptions = {}): Promise<Services> {
  const now = options.now ?? systemClock;
  // `api` (PROJECTOR_ENABLED=false) starts no projector; its waiter reads the checkpoint table.
  const projector = infra.config.PROJECTOR_THREAD && infra.config.PROJECTOR_ENABLED ? createProjectorThread(infra) : createInfraProjector(infra);
  const shared = await createSharedCommands(infra, now);
  const workers = createWorkers(infra, shared);
  return {
    app: createAppServices(infra, { identity, readModels: projector, shared, options }),
    projector,
    workers,
    shared,
    async start() {
      if (infra.config.PROJECTOR_ENABLED) await projector.start();
      if (infra.config.REACTORS_ENABLED) await workers.start();
    },
    async stop() {
      await workers.stop();
      await projector.stop();
    },
  };
}
