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
import type { OrgState } from './domain/org.decider.js';
import { createRunCommands, type RunRequest } from './commands/run.commands.js';
import type { IntegrationCommands } from './commands/integration.commands.js';
import { integrationRoutes, type IntegrationRouteDeps } from './http/routes/integration.routes.js';
import { StateCache } from './commands/state-cache.js';
import { planLimitsEnforced, type Config } from './config.js';
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
import { createReadYourWrites } from './http/read-your-writes.js';
import { runsRoutes } from './http/routes/runs.routes.js';
import { readSideRoutes } from './http/routes/read-side.routes.js';
import { exportRoutes } from './http/routes/exports.routes.js';
import { runStreamRoutes } from './http/routes/run-stream.routes.js';
import { createRunListCache } from './http/run-list-cache.js';
import type { KnownCheckpoint } from './projections/projector.js';
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
import { createChatAssistant, type ChatHistoryRetriever } from './adapters/llm/chat-assistant.js';
import { createChatCommands } from './commands/chat.commands.js';
import { createChatAnswerer } from './http/chat-answerer.js';
import { chatWebhookRoutes } from './http/routes/chat-webhook.routes.js';
import type { NotificationCommands } from './commands/notification.commands.js';
import { notificationSettingsRoutes } from './http/routes/notification-settings.routes.js';
import { NOTIFICATION_SETTINGS_PROJECTION } from './projections/notification-settings.projection.js';
import { createBillingCommands } from './commands/billing.commands.js';
import { createPlanLimits } from './commands/plan-limits.js';
import { billingRoutes } from './http/routes/billing.routes.js';
import { BILLING_PROJECTION } from './projections/billing.projection.js';
import { createPlanUsageReader, findOrgByCustomer } from './queries/billing.query.js';
import { createStripeBilling } from './adapters/stripe/stripe-billing.js';
import { createStripeWebhookVerifier } from './adapters/stripe/stripe-events.js';
import { assertProviderUrlAllowed, ProviderUrlError } from './adapters/boards/url-policy.js';

function assertStripeApiUrl(url: string, allowPrivate: boolean): void {
  try {
    assertProviderUrlAllowed(url, allowPrivate);
  } catch (err) {
    if (err instanceof ProviderUrlError) throw new Error(`STRIPE_API_URL is not allowed: ${err.message}`, { cause: err });
    throw err;
  }
}
import { createSnsVerifier, productionSnsTrust, type SnsTrust } from './adapters/sns/sns-verifier.js';
import { createReplayLedger } from './adapters/sns/sns-replay-ledger.js';
import { createSuppressionCommands } from './commands/suppression.commands.js';
import { emailBounceRoutes } from './http/routes/email-bounce.routes.js';
import { suppressionRoutes } from './http/routes/suppressions.routes.js';
import { EMAIL_SUPPRESSIONS_PROJECTION } from './projections/email-suppressions.projection.js';

export interface ReadModelWaiter {
  /** True once the named projections include `position`; false when `timeoutMs` passed first. */
  waitFor(position: Position, options: { projections?: string[]; timeoutMs?: number }): Promise<boolean>;
  /** A projection's checkpoint as this process knows it, read again when older than `maxAgeMs`. */
  knownCheckpoint(name: string, maxAgeMs: number): Promise<KnownCheckpoint>;
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
  /** Optional vector store adding retrieved history to free chat questions (docs/chat.md); none by default. */
  chatRetriever?: ChatHistoryRetriever;
  /** Notification channel settings (webhook URLs in the secret store); without it the routes are absent. */
  notifications?: NotificationCommands;
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
/** How far a cached run-list page may trail the runs read model (src/http/run-list-cache.ts). */
const RUN_LIST_FRESHNESS_MS = 25;
const API_VERSION = '0.1.0';

/** Run commands wired to the read model and the run processor (used by the routes and the scheduler). */
export function wireRunCommands(deps: { store: EventStore; knex: Knex; runProcessor: RunProcessor; now: () => Date; enforcePlanLimits?: boolean }) {
  const orgCommands = createOrgCommands({ store: deps.store, now: deps.now });
  // Plan limits apply to every new run, whether a route or the scheduler requests it.
  const limits = createPlanLimits({ usage: createPlanUsageReader(deps.knex), now: deps.now });
  return createRunCommands({
    ...(deps.enforcePlanLimits ? { checkNewRun: (orgId: string, org: OrgState, body: RunRequest) => limits.checkNewRun(orgId, org.subscription, body) } : {}),
    enforcePlanLimits: deps.enforcePlanLimits ?? false,
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
      // Reject unknown fields (docs/architecture.md, "Request shapes") instead of silently dropping them.
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
  const enforcePlanLimits = planLimitsEnforced(deps.config);
  const planLimits = createPlanLimits({ usage: createPlanUsageReader(deps.knex), now });
  const memberDeps: OrgRouteDeps = {
    knex: deps.knex,
    orgCommands,
    awaitReadModel: awaitProjections([MEMBERS_PROJECTION]),
    ...(enforcePlanLimits
      ? { checkNewMember: async (orgId: string, userId: string) => planLimits.checkNewMember(orgId, (await orgCommands.load(orgId)).subscription, userId) }
      : {}),
  };

  await app.register(healthRoutes, { checks: deps.readiness });
  await app.register(userRoutes, { knex: deps.knex });
  await app.register(rbacRoutes, memberDeps);
  await app.register(orgSettingsRoutes, orgDeps);
  await app.register(scheduleRoutes, orgDeps);
  await app.register(featureFlagRoutes, orgDeps);

  const consistency = createReadYourWrites({
    waitFor: (position, options) => deps.readModels.waitFor(position, options),
    projections: ['runs'],
    timeoutMs: deps.config.READ_YOUR_WRITES_TIMEOUT_MS,
  });
  const runDeps: RunRouteDeps = {
    knex: deps.knex,
    runListCache:
      deps.config.RUN_LIST_CACHE_MB > 0
        ? createRunListCache({
            maxBytes: deps.config.RUN_LIST_CACHE_MB * 2 ** 20,
            freshnessMs: RUN_LIST_FRESHNESS_MS,
            runsCheckpoint: (maxAgeMs) => deps.readModels.knownCheckpoint('runs', maxAgeMs),
          })
        : undefined,
    store: deps.store,
    orgCommands,
    connectedBoard: deps.connectedBoard,
    runCommands: wireRunCommands({ store: deps.store, knex: deps.knex, runProcessor: deps.runProcessor, now, enforcePlanLimits }),
    consistency,
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
  if (deps.notifications) {
    await app.register(notificationSettingsRoutes, {
      knex: deps.knex,
      notifications: deps.notifications,
      awaitReadModel: awaitProjections([NOTIFICATION_SETTINGS_PROJECTION]),
    });
  }
  await app.register(runsRoutes, runDeps);
  await app.register(readSideRoutes, { knex: deps.knex, now, consistency });
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
  await app.register(chatWebhookRoutes, {
    signingSecret: deps.config.CHAT_WEBHOOK_SIGNING_SECRET,
    maxAgeSeconds: deps.config.CHAT_SIGNATURE_MAX_AGE_SECONDS,
    identity: deps.identity,
    loadMember: (orgId, userId) => getMember(deps.knex, orgId, userId),
    chat: createChatCommands({ store: deps.store }),
    answerer: createChatAnswerer({
      knex: deps.knex,
      connectedBoard: deps.connectedBoard,
      ...(LLM_API_URL && LLM_API_KEY
        ? { assistant: createChatAssistant({ apiUrl: LLM_API_URL, apiKey: LLM_API_KEY, model: deps.config.LLM_MODEL, timeoutMs: deps.config.CHAT_ASSISTANT_TIMEOUT_MS }) }
        : {}),
      ...(deps.chatRetriever ? { retriever: deps.chatRetriever } : {}),
      onAssistantFailure: (reason) => app.log.warn({ reason }, 'chat assistant failed; answered with the fallback'),
    }),
    now,
  });
  const { STRIPE_SECRET_KEY, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_TEAM, STRIPE_PRICE_BUSINESS } = deps.config;
  // The secret key travels to this URL: in production HTTPS on a public host only (as for board URLs).
  if (STRIPE_API_URL) assertStripeApiUrl(STRIPE_API_URL, deps.config.allowPrivateProviderUrls);
  await app.register(billingRoutes, {
    knex: deps.knex,
    billing: createBillingCommands({
      store: deps.store,
      now,
      provider: STRIPE_SECRET_KEY ? createStripeBilling({ secretKey: STRIPE_SECRET_KEY, ...(STRIPE_API_URL ? { apiUrl: STRIPE_API_URL } : {}) }) : undefined,
      prices: { ...(STRIPE_PRICE_TEAM ? { team: STRIPE_PRICE_TEAM } : {}), ...(STRIPE_PRICE_BUSINESS ? { business: STRIPE_PRICE_BUSINESS } : {}) },
      findOrgByCustomer: (customerId) => findOrgByCustomer(deps.knex, customerId),
      log: app.log.child({ component: 'billing' }),
    }),
    planLimits,
    enforced: enforcePlanLimits,
    verifyWebhook: STRIPE_WEBHOOK_SECRET
      ? createStripeWebhookVerifier({ secret: STRIPE_WEBHOOK_SECRET, toleranceSeconds: deps.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS, now })
      : undefined,
    awaitReadModel: awaitProjections([BILLING_PROJECTION]),
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
