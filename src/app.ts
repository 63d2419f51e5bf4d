// buildApp(deps): the Fastify application as a plugin tree. It never listens; server.ts does, and
// tests call buildApp + app.inject. Only this file and server.ts see concrete adapters.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type pg from 'pg';
import type { EventStore, Position } from './adapters/event-store.js';
import type { IdentityVerifier } from './adapters/identity/identity.js';
import { createOrgCommands } from './commands/org.commands.js';
import { createRunCommands } from './commands/run.commands.js';
import type { IntegrationCommands } from './commands/integration.commands.js';
import { integrationRoutes, type IntegrationRouteDeps } from './http/routes/integration.routes.js';
import { StateCache } from './commands/state-cache.js';
import type { Config } from './config.js';
import authPlugin from './http/plugins/auth.js';
import errorsPlugin from './http/plugins/errors.js';
import openApiPlugin from './http/plugins/openapi.js';
import permissionsPlugin from './http/plugins/permissions.js';
import rateLimitPlugin from './http/plugins/rate-limit.js';
import { featureFlagRoutes } from './http/routes/feature-flags.routes.js';
import { healthRoutes, type ReadinessCheck } from './http/routes/health.routes.js';
import { orgSettingsRoutes } from './http/routes/org-settings.routes.js';
import type { OrgRouteDeps } from './http/routes/org-route-deps.js';
import { rbacRoutes } from './http/routes/rbac.routes.js';
import { runCommandRoutes } from './http/routes/run-commands.routes.js';
import type { RunRouteDeps } from './http/routes/run-route-deps.js';
import { runsRoutes } from './http/routes/runs.routes.js';
import { readSideRoutes } from './http/routes/read-side.routes.js';
import { exportRoutes } from './http/routes/exports.routes.js';
import { runStreamRoutes } from './http/routes/run-stream.routes.js';
import { createRunFeed } from './http/sse/run-feed.js';
import { scheduleRoutes } from './http/routes/schedule.routes.js';
import { userRoutes } from './http/routes/user.routes.js';
import { MEMBERS_PROJECTION } from './projections/members.projection.js';
import { getMember } from './queries/members.query.js';
import { findActiveRun } from './queries/runs.query.js';
import type { RunProcessor } from './reactors/run-processor.js';
import { runStreamId } from './domain/streams.js';
import { createBacklogCommands } from './commands/backlog.commands.js';
import { backlogRoutes } from './http/routes/backlog.routes.js';
import { BACKLOG_PROPOSALS_PROJECTION } from './projections/backlog-proposals.projection.js';
import { createChatCompletionsExtractor } from './adapters/llm/chat-completions-extractor.js';
import { createSnsVerifier, productionSnsTrust, type SnsTrust } from './adapters/sns/sns-verifier.js';
import { createReplayLedger } from './adapters/sns/sns-replay-ledger.js';
import { createSuppressionCommands } from './commands/suppression.commands.js';
import { emailBounceRoutes } from './http/routes/email-bounce.routes.js';
import { suppressionRoutes } from './http/routes/suppressions.routes.js';
import { EMAIL_SUPPRESSIONS_PROJECTION } from './projections/email-suppressions.projection.js';

export interface ReadModelWaiter {
  /** True once the named projections include `position`; false when `timeoutMs` passed first. */
  waitFor(position: Position, options: { projections?: string[]; timeoutMs?: number }): Promise<boolean>;
}

export interface AppDeps {
  config: Config;
  store: EventStore;
  knex: Knex;
  /** Raw pg pool, for cursors (streamed exports). */
  pool: pg.Pool;
  identity: IdentityVerifier;
  readModels: ReadModelWaiter;
  readiness: readonly ReadinessCheck[];
  /** Plans runs by reading the board; the same processor drives the run reactor. */
  runProcessor: RunProcessor;
  /** The organization's connected board (integration settings); throws a DomainError when there is none. */
  connectedBoard: RunRouteDeps['connectedBoard'];
  /** Integration settings (secrets in the secret store) and a provider factory for test-connection. */
  integration: IntegrationCommands;
  providerFor: IntegrationRouteDeps['providerFor'];
  now?: () => Date;
  /**
   * Host rule and https trust of the SNS verifier. Only the test harness passes this (see
   * docs/email-suppressions.md); absent → AWS's SNS hosts and the system CAs. Never configuration.
   */
  snsTrust?: SnsTrust;
  /** A pino logger to use; false for none (tests); default a new one at LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const API_VERSION = '0.1.0';

/** Run commands wired to the read model and the run processor (used by the routes and the scheduler). */
export function wireRunCommands(deps: { store: EventStore; knex: Knex; runProcessor: RunProcessor; now: () => Date }) {
  const orgCommands = createOrgCommands({ store: deps.store, now: deps.now });
  return createRunCommands({
    store: deps.store,
    now: deps.now,
    loadOrg: orgCommands.load,
    findActiveRun: (orgId, boardType, projectKey) => findActiveRun(deps.knex, orgId, boardType, projectKey),
    plan: (runId) => deps.runProcessor.planIfNeeded(runId),
    cache: new StateCache(),
  });
}

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
    // Above the longest identifier a schema accepts (128), so that schemas, not the router, name the field.
    routerOptions: { maxParamLength: 256 },
    // Errors the router raises before any hook runs (malformed URL, over-long parameter): same shape
    // as every other handler error, and the request id header.
    frameworkErrors: (err, request, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .header('x-request-id', request.id)
        .send({ detail: tooLong ? 'A path parameter is too long' : 'Malformed URL' });
    },
    ajv: {
      // Reject unknown fields (DESIGN.md §6) instead of silently dropping them.
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // Order matters: the hooks run in registration order (see each plugin's header).
  await app.register(errorsPlugin);
  await app.register(rateLimitPlugin, {
    readsPerMinute: deps.config.RATE_LIMIT_READS_PER_MINUTE,
    writesPerMinute: deps.config.RATE_LIMIT_WRITES_PER_MINUTE,
    now: () => now().getTime(),
  });
  await app.register(authPlugin, { identity: deps.identity });
  await app.register(permissionsPlugin, { loadMember: (orgId, userId) => getMember(deps.knex, orgId, userId) });
  await app.register(openApiPlugin, { version: API_VERSION });

  const orgCommands = createOrgCommands({ store: deps.store, now });
  const awaitProjections = (projections: string[]) => async (position: Position | undefined) => {
    if (!position) return;
    await deps.readModels.waitFor(position, { projections, timeoutMs: deps.config.READ_YOUR_WRITES_TIMEOUT_MS });
  };
  const orgDeps: OrgRouteDeps = { knex: deps.knex, orgCommands, awaitReadModel: awaitProjections(['org_config']) };
  const memberDeps: OrgRouteDeps = { knex: deps.knex, orgCommands, awaitReadModel: awaitProjections([MEMBERS_PROJECTION]) };

  await app.register(healthRoutes, { checks: deps.readiness });
  await app.register(userRoutes, { knex: deps.knex });
  await app.register(rbacRoutes, memberDeps);
  await app.register(orgSettingsRoutes, orgDeps);
  await app.register(scheduleRoutes, orgDeps);
  await app.register(featureFlagRoutes, orgDeps);

  const runDeps: RunRouteDeps = {
    knex: deps.knex,
    store: deps.store,
    orgCommands,
    connectedBoard: deps.connectedBoard,
    runCommands: wireRunCommands({ store: deps.store, knex: deps.knex, runProcessor: deps.runProcessor, now }),
    // A run command appends in several steps (request, plan…): wait for the run stream's last event.
    // Its position comes from a per-stream read, which sees every committed event of the stream
    // (the global head may trail a just-committed write while other transactions are open).
    awaitRun: async (runId, position) => {
      if (position) {
        await deps.readModels.waitFor(position, { projections: ['runs'], timeoutMs: deps.config.READ_YOUR_WRITES_TIMEOUT_MS });
        return;
      }
      for await (const last of deps.store.readStream(runStreamId(runId), { from: 'end', direction: 'backwards', maxCount: 1 })) {
        await deps.readModels.waitFor(last.position, { projections: ['runs'], timeoutMs: deps.config.READ_YOUR_WRITES_TIMEOUT_MS });
      }
    },
  };
  await app.register(integrationRoutes, {
    knex: deps.knex,
    integration: deps.integration,
    providerFor: deps.providerFor,
    awaitReadModel: awaitProjections(['integration_settings']),
  });
  await app.register(runsRoutes, runDeps);
  await app.register(readSideRoutes, { knex: deps.knex, now });
  await app.register(exportRoutes, { knex: deps.knex, pool: deps.pool, now });
  const feed = createRunFeed(deps.store, (msg, err) => app.log.warn({ err }, msg));
  app.decorate('runFeed', feed);
  app.addHook('onClose', () => feed.close());
  await app.register(runStreamRoutes, { store: deps.store, feed });
  await app.register(runCommandRoutes, runDeps);
  const { LLM_API_URL, LLM_API_KEY } = deps.config;
  await app.register(backlogRoutes, {
    knex: deps.knex,
    backlog: createBacklogCommands({
      store: deps.store,
      now,
      loadOrg: orgCommands.load,
      cache: new StateCache(),
      ...(LLM_API_URL && LLM_API_KEY
        ? { llmExtractor: createChatCompletionsExtractor({ apiUrl: LLM_API_URL, apiKey: LLM_API_KEY, model: deps.config.LLM_MODEL, timeoutMs: deps.config.LLM_TIMEOUT_MS }) }
        : {}),
    }),
    awaitProposals: awaitProjections([BACKLOG_PROPOSALS_PROJECTION]),
  });
  const suppressionCommands = createSuppressionCommands({ store: deps.store, now, cache: new StateCache() });
  await app.register(emailBounceRoutes, {
    verifier: createSnsVerifier({
      trust: deps.snsTrust ?? productionSnsTrust,
      ...(deps.config.SNS_TOPIC_ARN ? { topicArn: deps.config.SNS_TOPIC_ARN } : {}),
      requireTopic: deps.config.isProduction,
      now: () => now().getTime(),
    }),
    ledger: createReplayLedger(deps.knex, { maxRows: deps.config.SNS_LEDGER_MAX_ROWS, maxAgeMs: deps.config.SNS_LEDGER_MAX_AGE_HOURS * 3_600_000, now }),
    commands: suppressionCommands,
    now,
  });
  await app.register(suppressionRoutes, {
    knex: deps.knex,
    commands: suppressionCommands,
    systemApiKey: deps.config.SYSTEM_API_KEY,
    awaitReadModel: awaitProjections([EMAIL_SUPPRESSIONS_PROJECTION]),
  });
  return app;
}
