// What buildApp registers: plugin and route options, every one already built (src/composition/services.ts).
import type { ReadSideRouteDeps } from '../http/routes/read-side.routes.js';
import type { Config } from '../config.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Position } from '../adapters/event-store.js';
import type { SignInLinks } from '../adapters/identity/sign-in-links.js';
import type { AuthPluginOptions } from '../http/plugins/auth.js';
import type { SeenUsersOptions as SeenUsersPluginOptions } from '../http/plugins/seen-users.js';
import type { IdempotencyOptions as IdempotencyPluginOptions } from '../http/plugins/idempotency.js';
import type { PermissionsPluginOptions } from '../http/plugins/permissions.js';
import type { RateLimitPluginOptions } from '../http/plugins/rate-limit.js';
import type { MetricsPluginOptions } from '../http/plugins/metrics.js';
import type { AuditRouteDeps } from '../http/routes/audit.routes.js';
import type { BacklogRouteDeps } from '../http/routes/backlog.routes.js';
import type { BillingRouteDeps } from '../http/routes/billing.routes.js';
import type { ChatWebhookRouteDeps } from '../http/routes/chat-webhook.routes.js';
import type { EmailBounceRouteDeps } from '../http/routes/email-bounce.routes.js';
import type { ReadinessCheck } from '../http/routes/health.routes.js';
import type { IntegrationRouteDeps } from '../http/routes/integration.routes.js';
import type { NotificationSettingsRouteDeps } from '../http/routes/notification-settings.routes.js';
import type { OrgRouteDeps } from '../http/routes/org-route-deps.js';
import type { RunRouteDeps } from '../http/routes/run-route-deps.js';
import type { ExportRouteDeps } from '../http/routes/exports.routes.js';
import type { serverOptions } from '../http/server-options.js';
import type { RunStreamDeps } from '../http/routes/run-stream.routes.js';
import type { SuppressionRouteDeps } from '../http/routes/suppressions.routes.js';
import type { ChatHistoryRetriever } from '../adapters/llm/chat-assistant.js';
import type { SnsTrust } from '../adapters/sns/sns-verifier.js';
import type { KnownCheckpoint } from '../projections/projector.js';
import type { MetricsRouteDeps } from '../http/routes/metrics.routes.js';

/** What only code can pass to the service, never configuration: the CLI passes none of it. */
export interface ServiceOptions {
  /** SNS verifier host rule and CA: test harness only (docs/email-suppressions.md). */
  snsTrust?: SnsTrust;
  /** Optional vector store adding retrieved history to free chat questions (docs/chat.md); none by default. */
  chatRetriever?: ChatHistoryRetriever;
  /** The process's clock; default the system clock. */
  now?: () => Date;
}

export interface ReadModelWaiter {
  /** True once the named projections include `position`; false when `timeoutMs` passed first. */
  waitFor(position: Position, options: { projections?: string[]; timeoutMs?: number }): Promise<boolean>;
  /** A projection's checkpoint as this process knows it, read again when older than `maxAgeMs`. */
  knownCheckpoint(name: string, maxAgeMs: number): Promise<KnownCheckpoint>;
}

export interface AppServices {
  logger: FastifyBaseLogger;
  /** Connection-level limits: timeouts, connection cap, trusted proxies (src/http/server-options.ts). */
  server: ReturnType<typeof serverOptions>;
  rateLimit: RateLimitPluginOptions;
  auth: AuthPluginOptions;
  permissions: PermissionsPluginOptions;
  /** Records users seen through their tokens (members listed and counted without an assignment). */
  seenUsers: SeenUsersPluginOptions;
  /** The Idempotency-Key ledger of the POST routes that create something. */
  idempotency: IdempotencyPluginOptions;
  apiVersion: string;
  /** A span per request (src/http/plugins/tracing.ts): true when tracing is on (docs/observability.md). */
  httpTracing: boolean;
  /**
   * The web console's routes (sign-in configuration), the origins its security policy allows, and
   * the one-time sign-in links of the development identity (absent with a real identity provider).
   */
  console: { config: Config; connectOrigins: string[]; signInLinks?: SignInLinks };
  health: { checks: readonly ReadinessCheck[] };
  users: Pick<OrgRouteDeps, 'knex'>;
  /** Org-stream routes that assign members (plan limits may refuse a new one). */
  members: OrgRouteDeps;
  org: OrgRouteDeps;
  integration: IntegrationRouteDeps;
  /** Without it the notification settings routes are absent. */
  notifications?: NotificationSettingsRouteDeps;
  runs: RunRouteDeps;
  readSide: ReadSideRouteDeps;
  /** The raw pool is for cursors (streamed exports). */
  exports: ExportRouteDeps;
  audit: AuditRouteDeps;
  /** The process's one fanned-out subscription to run events; the app closes it with itself. */
  runStream: RunStreamDeps;
  backlog: BacklogRouteDeps;
  chat: ChatWebhookRouteDeps;
  billing: BillingRouteDeps;
  emailBounce: EmailBounceRouteDeps;
  suppressions: SuppressionRouteDeps;
  /** The process's metrics: every request is counted; `GET /metrics` where the exposure says (docs/observability.md). */
  metrics: MetricsRouteDeps & { metrics: MetricsPluginOptions['metrics'] };
}
