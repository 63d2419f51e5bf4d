// buildApp(deps): the Fastify application as a plugin tree. It never listens; server.ts does, and
// tests call buildApp + app.inject. Only this file and server.ts see concrete adapters.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type { EventStore, Position } from './adapters/event-store.js';
import type { IdentityVerifier } from './adapters/identity/identity.js';
import { createOrgCommands } from './commands/org.commands.js';
import type { Config } from './config.js';
import authPlugin from './http/plugins/auth.js';
import errorsPlugin from './http/plugins/errors.js';
import { featureFlagRoutes } from './http/routes/feature-flags.routes.js';
import { healthRoutes, type ReadinessCheck } from './http/routes/health.routes.js';
import { orgSettingsRoutes } from './http/routes/org-settings.routes.js';
import type { OrgRouteDeps } from './http/routes/org-route-deps.js';
import { scheduleRoutes } from './http/routes/schedule.routes.js';

export interface ReadModelWaiter {
  /** True once the named projections include `position`; false when `timeoutMs` passed first. */
  waitFor(position: Position, options: { projections?: string[]; timeoutMs?: number }): Promise<boolean>;
}

export interface AppDeps {
  config: Config;
  store: EventStore;
  knex: Knex;
  identity: IdentityVerifier;
  readModels: ReadModelWaiter;
  readiness: readonly ReadinessCheck[];
  now?: () => Date;
  /** A pino logger to use; false for none (tests); default a new one at LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: deps.logger === false ? false : { level: deps.config.LOG_LEVEL } }),
    // Honour a caller's request id when it is sane, so logs line up across services.
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    ajv: {
      // Reject unknown fields (DESIGN.md §6) instead of silently dropping them.
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(authPlugin, { identity: deps.identity });

  const orgDeps: OrgRouteDeps = {
    knex: deps.knex,
    orgCommands: createOrgCommands({ store: deps.store, now }),
    awaitReadModel: async (position) => {
      if (!position) return;
      await deps.readModels.waitFor(position, { projections: ['org_config'], timeoutMs: deps.config.READ_YOUR_WRITES_TIMEOUT_MS });
    },
  };

  await app.register(healthRoutes, { checks: deps.readiness });
  await app.register(orgSettingsRoutes, orgDeps);
  await app.register(scheduleRoutes, orgDeps);
  await app.register(featureFlagRoutes, orgDeps);
  return app;
}
