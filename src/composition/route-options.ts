// The options of every plugin and route of the app, built from the shared commands, the vendor
// clients and the read-model waiter. Route-only commands (backlog, chat, billing, suppressions)
// are built here, once.
import { createReadYourWrites } from '../http/read-your-writes.js';
import { createSignInLinks } from '../adapters/identity/sign-in-links.js';
import { originOf } from '../http/plugins/console.js';
import { SIGN_IN_LINK_TTL_MS, usesDevelopmentIdentity } from '../http/routes/console.routes.js';
import { recordSeenUser } from '../queries/org-users.js';
import { createIdempotencyKeys } from '../http/idempotency/idempotency-keys.js';
import { serverOptions } from '../http/server-options.js';
import type { Position } from '../adapters/event-store.js';
import type { IdentityVerifier } from '../adapters/identity/identity.js';
import { createBacklogCommands } from '../commands/backlog.commands.js';
import { createBillingCommands } from '../commands/billing.commands.js';
import { createChatCommands } from '../commands/chat.commands.js';
import { StateCache } from '../commands/state-cache.js';
import { createSuppressionCommands } from '../commands/suppression.commands.js';
import { runStreamId } from '../domain/streams.js';
import { createChatAnswerer } from '../http/chat-answerer.js';
import { ReadinessFailure, type ReadinessCheck } from '../http/routes/health.routes.js';
import type { OrgRouteDeps } from '../http/routes/org-route-deps.js';
import type { RunRouteDeps } from '../http/routes/run-route-deps.js';
import { createRunListCache } from '../http/run-list-cache.js';
import { createRunFeed } from '../http/sse/run-feed.js';
import { AUDIT_EVENTS_PROJECTION } from '../projections/audit-events.projection.js';
import { BACKLOG_PROPOSALS_PROJECTION } from '../projections/backlog-proposals.projection.js';
import { BILLING_PROJECTION } from '../projections/billing.projection.js';
import { EMAIL_SUPPRESSIONS_PROJECTION } from '../projections/email-suppressions.projection.js';
import { MEMBERS_PROJECTION } from '../projections/members.projection.js';
import { NOTIFICATION_SETTINGS_PROJECTION } from '../projections/notification-settings.projection.js';
import { findOrgByCustomer } from '../queries/billing.query.js';
import { getMember } from '../queries/members.query.js';
import { auditRouteDeps } from './audit.js';
import type { AppServices, ReadModelWaiter, ServiceOptions } from './app-services.js';
import type { SharedCommands } from './commands.js';
import type { Infrastructure } from './infrastructure.js';
import { createLanguageModel, createSns, createStripe } from './vendors.js';
import { metricsExposure } from '../http/plugins/metrics.js';

/** How far a cached run-list page may trail the runs read model (src/http/run-list-cache.ts). */
const RUN_LIST_FRESHNESS_MS = 25;
const API_VERSION = '0.1.0';

function readinessChecks(infra: Infrastructure, identity: IdentityVerifier): ReadinessCheck[] {
  return [
    { name: 'database', check: async () => void (await infra.db.pool.query('SELECT 1')) },
    { name: 'event_store', check: () => infra.store.ping() },
    {
      name: 'identity',
      check: async () => {
        try {
          await identity.ready();
        } catch {
          throw new ReadinessFailure('identity provider configuration unusable');
        }
      },
    },
  ];
}

export function createAppServices(
  infra: Infrastructure,
  deps: { identity: IdentityVerifier; readModels: ReadModelWaiter; shared: SharedCommands; options: ServiceOptions },
): AppServices {
  const { config, store, log } = infra;
  const { knex } = infra.db;
  const { identity, readModels, shared, options } = deps;
  const { now, orgCommands, boards, planLimits, enforcePlanLimits } = shared;
  const timeoutMs = config.READ_YOUR_WRITES_TIMEOUT_MS;
  const awaitProjections = (projections: string[]) => async (position: Position | undefined) => {
    if (!position) return;
    await readModels.waitFor(position, { projections, timeoutMs });
  };
  const loadMember = (orgId: string, userId: string) => getMember(knex, orgId, userId);
  const org: OrgRouteDeps = { knex, orgCommands, awaitReadModel: awaitProjections(['org_config']) };
  // Reads that must see the caller's own writes wait for them (src/http/read-your-writes.ts).
  const consistency = createReadYourWrites({ waitFor: (position, opts) => readModels.waitFor(position, opts), projections: ['runs'], timeoutMs });
  const runs: RunRouteDeps = {
    consistency,
    knex,
    runListCache:
      config.RUN_LIST_CACHE_MB > 0
        ? createRunListCache({
            maxBytes: config.RUN_LIST_CACHE_MB * 2 ** 20,
            freshnessMs: RUN_LIST_FRESHNESS_MS,
            runsCheckpoint: (maxAgeMs) => readModels.knownCheckpoint('runs', maxAgeMs),
          })
        : undefined,
    store,
    orgCommands,
    connectedBoard: boards.connectedBoard,
    runCommands: shared.runCommands,
    // A run command appends in several steps (request, plan…): wait for the run stream's last event.
    // Its position comes from a per-stream read, which sees every committed event of the stream
    // (the global head may trail a just-committed write while other transactions are open).
    awaitRun: async (runId, position) => {
      if (position) return readModels.waitFor(position, { projections: ['runs'], timeoutMs });
      for await (const last of store.readStream(runStreamId(runId), { from: 'end', direction: 'backwards', maxCount: 1 })) {
        return readModels.waitFor(last.position, { projections: ['runs'], timeoutMs });
      }
      return true;
    },
  };
  const llm = createLanguageModel(config);
  const stripe = createStripe(config, now);
  const suppressionCommands = createSuppressionCommands({ store, now, cache: new StateCache() });
  return {
    logger: log,
    server: serverOptions(config),
    rateLimit: {
      readsPerMinute: config.RATE_LIMIT_READS_PER_MINUTE,
      writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
      replicas: config.RATE_LIMIT_REPLICAS,
      ...(config.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE ? { authFailuresPerMinute: config.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE } : {}),
      now: () => now().getTime(),
      onRefused: (limit) => infra.metrics.recordRateLimitRefusal(limit),
    },
    auth: { identity },
    permissions: { loadMember },
    seenUsers: { record: (orgId, userId, isOrgAdmin) => recordSeenUser(knex, orgId, userId, isOrgAdmin, now()) },
    idempotency: { keys: createIdempotencyKeys(knex, { ttlHours: config.IDEMPOTENCY_KEY_TTL_HOURS, now }) },
    apiVersion: API_VERSION,
    httpTracing: infra.tracing.enabled,
    // The identity provider's origin, which the console's sign-in talks to (its security policy allows it).
    console: {
      config,
      connectOrigins: config.CONSOLE_OIDC_CLIENT_ID && config.AUTH_ISSUER ? [originOf(config.AUTH_ISSUER)].filter((o): o is string => Boolean(o)) : [],
      // Only the development identity hands out sign-in links (`sprintguard demo`); a code is good for one sign-in.
      ...(usesDevelopmentIdentity(config) ? { signInLinks: createSignInLinks({ now, ttlMs: SIGN_IN_LINK_TTL_MS }) } : {}),
    },
    health: { checks: readinessChecks(infra, identity) },
    users: { knex },
    members: {
      knex,
      orgCommands,
      awaitReadModel: awaitProjections([MEMBERS_PROJECTION]),
      ...(enforcePlanLimits
        ? { checkNewMember: async (orgId: string, userId: string) => planLimits.checkNewMember(orgId, (await orgCommands.load(orgId)).subscription, userId) }
        : {}),
    },
    org,
    integration: { knex, integration: boards.integration, providerFor: boards.providerFor, awaitReadModel: awaitProjections(['integration_settings']) },
    notifications: { knex, notifications: boards.notifications, awaitReadModel: awaitProjections([NOTIFICATION_SETTINGS_PROJECTION]) },
    runs,
    readSide: { knex, now, consistency },
    exports: {
      knex,
      pool: infra.exportPool,
      now,
      limits: { maxConcurrent: config.EXPORT_MAX_CONCURRENT, maxPerOrg: config.EXPORT_MAX_CONCURRENT_PER_ORG, stallTimeoutMs: config.EXPORT_IDLE_TIMEOUT_MS },
      session: { statementTimeoutMs: config.EXPORT_STATEMENT_TIMEOUT_MS, idleInTransactionTimeoutMs: config.EXPORT_IDLE_TIMEOUT_MS },
    },
    audit: auditRouteDeps(infra, now, awaitProjections([AUDIT_EVENTS_PROJECTION])),
    runStream: {
      store,
      feed: createRunFeed(store, (msg, err) => log.warn({ err }, msg)),
      maxStreamsPerUser: config.SSE_MAX_STREAMS_PER_USER,
      maxStreams: config.SSE_MAX_STREAMS,
      resumeScanLimit: config.SSE_RESUME_SCAN_LIMIT,
      onOpenStreams: (open) => infra.metrics.setSseClients(open),
    },
    backlog: {
      knex,
      backlog: createBacklogCommands({ store, now, loadOrg: orgCommands.load, cache: new StateCache(), ...(llm.extractor ? { llmExtractor: llm.extractor } : {}) }),
      awaitProposals: awaitProjections([BACKLOG_PROPOSALS_PROJECTION]),
    },
    chat: {
      signingSecret: config.CHAT_WEBHOOK_SIGNING_SECRET,
      maxAgeSeconds: config.CHAT_SIGNATURE_MAX_AGE_SECONDS,
      identity,
      loadMember,
      chat: createChatCommands({ store }),
      answerer: createChatAnswerer({
        knex,
        connectedBoard: boards.connectedBoard,
        ...(llm.assistant ? { assistant: llm.assistant } : {}),
        ...(options.chatRetriever ? { retriever: options.chatRetriever } : {}),
        onAssistantFailure: (reason) => log.warn({ reason }, 'chat assistant failed; answered with the fallback'),
      }),
      now,
    },
    billing: {
      knex,
      billing: createBillingCommands({
        store,
        now,
        provider: stripe.provider,
        prices: stripe.prices,
        findOrgByCustomer: (customerId) => findOrgByCustomer(knex, customerId),
        log: log.child({ component: 'billing' }),
      }),
      planLimits,
      enforced: enforcePlanLimits,
      verifyWebhook: stripe.verifyWebhook,
      awaitReadModel: awaitProjections([BILLING_PROJECTION]),
    },
    emailBounce: { ...createSns(config, knex, now, options.snsTrust), commands: suppressionCommands, now },
    suppressions: { knex, commands: suppressionCommands, systemApiKey: config.SYSTEM_API_KEY, awaitReadModel: awaitProjections([EMAIL_SUPPRESSIONS_PROJECTION]) },
    metrics: { metrics: infra.metrics, exposure: metricsExposure(config) },
  };
}
