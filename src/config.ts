// Configuration is the environment, parsed once at start-up against a TypeBox schema.
// Every bad variable gets one line naming it; defaults serve development, so `npm start` needs none.
import path from 'node:path';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { anchorJwkProblem } from './adapters/crypto/audit-anchor-key.js';
import { DEFAULT_TRACE_SAMPLING, TRACE_SAMPLERS } from './adapters/telemetry/tracing.js';

const Int = (minimum: number, maximum: number, def: number, description: string) =>
  Type.Integer({ minimum, maximum, default: def, description });
const Bool = (def: boolean, description: string) => Type.Boolean({ default: def, description });
const Str = (description: string) => Type.Optional(Type.String({ minLength: 1, description }));
const Url = (description: string) =>
  Type.Optional(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9+.-]*://.+', description }));

export const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('test'), Type.Literal('production')], {
    default: 'development',
    description: 'development, test or production',
  }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1', description: 'address to listen on' }),
  PORT: Int(0, 65535, 8080, 'HTTP port'),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' },
  ),
  // Traces (docs/observability.md)
  OTEL_EXPORTER_OTLP_ENDPOINT: Url('OTLP/HTTP collector base URL (e.g. http://otel-collector:4318); spans are sent to <it>/v1/traces; unset → no tracing'),
  OTEL_SERVICE_NAME: Type.String({ minLength: 1, default: 'sprintguard', description: 'service.name of the spans' }),
  OTEL_TRACES_SAMPLER: Type.Union(
    TRACE_SAMPLERS.map((s) => Type.Literal(s)),
    { default: DEFAULT_TRACE_SAMPLING.sampler, description: `which traces are recorded: ${TRACE_SAMPLERS.join(', ')} (the OpenTelemetry names)` },
  ),
  OTEL_TRACES_SAMPLER_ARG: Type.Number({ minimum: 0, maximum: 1, default: DEFAULT_TRACE_SAMPLING.ratio, description: 'the share of new traces a traceidratio sampler records, 0 to 1' }),
  TRACES_MAX_PER_SECOND: Int(0, 1_000_000, DEFAULT_TRACE_SAMPLING.maxPerSecond ?? 0, 'new traces each process records a second at most, with a parentbased_* sampler; 0: no limit'),
  DATA_DIR: Type.String({ minLength: 1, default: '.sprintguard', description: 'directory for local state' }),
  DATABASE_URL: Url('PostgreSQL connection URL; unset → embedded PostgreSQL in DATA_DIR'),
  EMBEDDED_PG_PORT: Int(0, 65535, 0, 'port of the embedded PostgreSQL; 0 picks a free one'),
  EMBEDDED_DATABASE_IN_PRODUCTION: Bool(false, 'allow the embedded PostgreSQL when NODE_ENV=production (a single-host trial, not a deployment)'),
  EVENTSTORE_URL: Url('EventStoreDB connection string (esdb://…); unset → the PostgreSQL event store'),
  DB_POOL_SIZE: Int(1, 200, 10, 'PostgreSQL connections per pool'),
  READ_YOUR_WRITES_TIMEOUT_MS: Int(0, 60_000, 2_000, 'how long a write waits for its read model'),
  RUN_LIST_CACHE_MB: Int(0, 4_096, 32, 'memory for serialized GET /api/runs pages, kept until the runs read model changes; 0 turns the cache off'),
  AUTH_JWKS_URL: Url('JWKS URL of the identity provider; unset outside production → development identity'),
  AUTH_ISSUER: Str('expected token issuer'),
  AUTH_AUDIENCE: Str('expected token audience'),
  AUTH_AUTHORIZED_PARTIES: Str('comma-separated allowed azp values'),
  AUTH_ORG_CLAIM: Str('claim holding the organization id (default o.id, then org_id)'),
  AUTH_ROLE_CLAIM: Str('claim holding the organization role (default o.rol, then org_role)'),
  AUTH_ADMIN_ROLES: Type.String({ minLength: 1, default: 'org:admin', description: 'comma-separated admin roles' }),
  // Web console (docs/console.md)
  CONSOLE_OIDC_CLIENT_ID: Str("the console's OpenID Connect client id at AUTH_ISSUER (a public client: authorization code with PKCE)"),
  CONSOLE_OIDC_SCOPE: Type.String({ minLength: 1, default: 'openid profile offline_access', description: 'scopes the console asks the identity provider for' }),
  PUBLIC_URL: Url('public address of the service (e.g. https://sprintguard.example.com); notifications then link to the console at <PUBLIC_URL>/app/'),
  RATE_LIMIT_READS_PER_MINUTE: Int(1, 10_000_000, 200, 'read requests per minute per key'),
  RATE_LIMIT_WRITES_PER_MINUTE: Int(1, 10_000_000, 60, 'write requests per minute per key'),
  RATE_LIMIT_REPLICAS: Int(1, 1_000, 1, 'API replicas sharing the rate limits: each process allows 1/N of every per-minute budget (docs/security.md)'),
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'failed authentications per minute per client address (default RATE_LIMIT_READS_PER_MINUTE); past it a failing token answers 429, a valid token is never refused' }),
  ),
  TRUST_PROXY: Type.Optional(
    Type.String({
      pattern: '^(\\d{1,2}|[0-9A-Fa-f.:/]+(\\s*,\\s*[0-9A-Fa-f.:/]+)*)$',
      description: 'proxies trusted for X-Forwarded-For: a hop count (1 = the nearest proxy) or comma-separated addresses / CIDR ranges; unset → none (the socket address is the client)',
    }),
  ),
  HTTP_REQUEST_TIMEOUT_MS: Int(1_000, 600_000, 30_000, 'longest time to receive a whole request (headers and body); a slower client is cut off with 408'),
  HTTP_HEADERS_TIMEOUT_MS: Int(1_000, 600_000, 10_000, 'longest time to receive the request headers (at most HTTP_REQUEST_TIMEOUT_MS)'),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Int(1_000, 600_000, 72_000, 'how long an idle keep-alive connection is kept (above the load balancer idle timeout)'),
  HTTP_IDLE_TIMEOUT_MS: Int(1_000, 3_600_000, 120_000, 'a connection with no traffic either way for this long is closed (a reader that stopped reading an export, for instance)'),
  HTTP_MAX_CONNECTIONS: Int(0, 1_000_000, 4_096, 'open connections accepted by this process; 0 → unlimited'),
  SSE_MAX_STREAMS_PER_USER: Int(1, 10_000, 32, 'open run streams (GET /api/runs/stream) per user; more answer 429'),
  SSE_MAX_STREAMS: Int(1, 1_000_000, 1_000, 'open run streams per process; more answer 429'),
  SSE_RESUME_SCAN_LIMIT: Int(10, 100_000, 1_000, 'run events of the global log an organization stream reads to resume; further behind → a reset event'),
  EXPORT_MAX_CONCURRENT: Int(1, 1_000, 4, 'exports running at once in this process (each holds one database connection); more answer 429'),
  EXPORT_MAX_CONCURRENT_PER_ORG: Int(1, 1_000, 2, 'exports running at once per organization; more answer 429'),
  EXPORT_STATEMENT_TIMEOUT_MS: Int(1_000, 3_600_000, 60_000, 'statement_timeout of an export database session'),
  EXPORT_IDLE_TIMEOUT_MS: Int(1_000, 3_600_000, 30_000, 'idle_in_transaction_session_timeout of an export session, and how long an export waits for a reader that stopped reading'),
  DB_ACQUIRE_TIMEOUT_MS: Int(100, 600_000, 10_000, 'longest wait for a free database connection; past it the request answers 503'),
  ALLOW_PRIVATE_PROVIDER_URLS: Type.Optional(Type.Boolean({ description: 'allow provider URLs on private hosts' })),
  SECRETS_KEY: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9+/]{43}=$', description: '32-byte base64 key for stored secrets' }),
  ),
  SECRETS_KEY_PREVIOUS: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9+/]{43}=$', description: 'the former SECRETS_KEY during a rotation: still decrypts, never encrypts (docs/operations.md)' }),
  ),
  SHUTDOWN_GRACE_MS: Int(0, 600_000, 10_000, 'how long shutdown waits for in-flight work'),
  PROJECTOR_BATCH_SIZE: Int(1, 50_000, 1_000, 'events per projection batch'),
  PROJECTOR_ENABLED: Bool(true, 'run the projector in this process'),
  PROJECTOR_THREAD: Bool(true, 'serve: apply the projections on a thread of their own, so that the read models never wait behind requests for the event loop (docs/architecture.md)'),
  REACTORS_ENABLED: Bool(true, 'run the reactors (run executor…) in this process'),
  PROJECTION_MAX_ATTEMPTS: Int(1, 1_000, 5, 'failed attempts at an event (infrastructure errors aside) before a projection or reactor parks it'),
  REACTOR_CONCURRENCY: Int(1, 256, 8, 'events of different streams handled at once per reactor'),
  LLM_API_URL: Url('OpenAI-compatible API base URL (…/v1) for meeting extraction; with LLM_API_KEY and the llm_extraction flag'),
  LLM_API_KEY: Str('API key of the language model (sent as a bearer token)'),
  LLM_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini', description: 'model name for meeting extraction' }),
  LLM_TIMEOUT_MS: Int(100, 600_000, 30_000, 'how long meeting extraction waits for the language model'),
  CHAT_WEBHOOK_SIGNING_SECRET: Str('HMAC-SHA256 secret of signed chat requests (POST /api/webhooks/chat/{org_id}); unset → signed requests are refused'),
  AUDIT_ANCHOR_JWK: Str('private Ed25519 JWK (JSON) that signs audit anchors (GET /api/audit/anchor); unset → a key kept in DATA_DIR/audit-anchor-key.json'),
  CHAT_SIGNATURE_MAX_AGE_SECONDS: Int(1, 86_400, 300, 'oldest accepted chat signature timestamp, and furthest accepted future skew, in seconds'),
  CHAT_ASSISTANT_TIMEOUT_MS: Int(100, 600_000, 10_000, 'how long a free chat question waits for the language model'),
  SOURCE_CONTROL_MAX_PULL_REQUESTS: Int(1, 1_000, 100, 'cycle P: most recently updated pull requests read per run'),
  SOURCE_CONTROL_LOOKBACK_DAYS: Int(1, 365, 30, 'cycle P: pull requests not updated for this many days are not read'),
  // Notifications (docs/notifications.md)
  SMTP_HOST: Str('SMTP server for e-mail notifications; unset → no e-mail'),
  SMTP_PORT: Int(1, 65535, 587, 'SMTP port: 465 → implicit TLS, any other → STARTTLS required'),
  SMTP_TLS: Type.Optional(
    Type.Union([Type.Literal('implicit'), Type.Literal('starttls')], { description: 'implicit or starttls; default implicit on port 465, starttls otherwise' }),
  ),
  SMTP_USER: Str('SMTP user name (no authentication when unset)'),
  SMTP_PASSWORD: Str('SMTP password'),
  SMTP_FROM: Str('From address of notification e-mails, e.g. "Sprintguard <bot@example.com>"'),
  SMTP_CA_FILE: Str('PEM file of a private CA to trust for SMTP (certificates are always verified)'),
  NOTIFY_LINK_BASE_URL: Url('public base URL of the API, to turn link paths in notifications into links'),
  NOTIFY_TIMEOUT_MS: Int(100, 120_000, 10_000, 'per-attempt timeout of a notification delivery'),
  NOTIFY_MAX_ATTEMPTS: Int(1, 10, 4, 'attempts per notification delivery (retried only on 429, 5xx, refused connections, SMTP 4xx)'),
  NOTIFY_MAX_EVENT_AGE_MS: Int(0, 31 * 86_400_000, 86_400_000, 'events older than this are not announced (a notifier catching up must not flood channels)'),
  NOTIFY_MAX_RETRY_DELAY_MS: Int(0, 300_000, 30_000, 'longest wait between notification attempts (longer Retry-After hints fail the delivery)'),
  STRIPE_SECRET_KEY: Str('Stripe secret key (sk_…); unset → checkout and portal answer 503'),
  STRIPE_WEBHOOK_SECRET: Str('Stripe webhook signing secret (whsec_…); unset → the billing webhook answers 503'),
  STRIPE_API_URL: Url('Stripe API base URL (default https://api.stripe.com); tests point it at a stand-in'),
  STRIPE_PRICE_TEAM: Str('Stripe price id (or lookup key) of the team plan'),
  STRIPE_PRICE_BUSINESS: Str('Stripe price id (or lookup key) of the business plan'),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: Int(1, 3_600, 300, 'how old a signed Stripe webhook may be'),
  PLAN_LIMITS_ENFORCED: Type.Optional(
    Type.Boolean({ description: 'refuse what exceeds the plan (403); default: true when STRIPE_SECRET_KEY is set, since without billing nobody can upgrade' }),
  ),
  SYSTEM_API_KEY: Type.Optional(
    Type.String({ minLength: 16, description: 'system credential (X-API-Key) of the suppression feed; unset → the feed refuses everyone (401)' }),
  ),
  SNS_TOPIC_ARN: Type.Optional(
    Type.String({ pattern: '^arn:aws[a-z-]*:sns:[a-z0-9-]+:[0-9]{12}:[A-Za-z0-9_.-]{1,256}$', description: 'SNS topic of SES bounce/complaint notifications; required in production, checked when set' }),
  ),
  SNS_LEDGER_MAX_ROWS: Int(100, 100_000_000, 100_000, 'SNS MessageIds kept by the replay ledger'),
  SNS_LEDGER_MAX_AGE_HOURS: Int(1, 24 * 365, 72, 'how long the replay ledger keeps a MessageId; older messages are refused'),
  IDEMPOTENCY_KEY_TTL_HOURS: Int(24, 24 * 30, 24, 'how long an Idempotency-Key and its first answer are kept (at least 24 hours)'),
  // Metrics (docs/observability.md)
  METRICS_TOKEN: Type.Optional(
    Type.String({ minLength: 16, description: 'bearer token of GET /metrics (at least 16 characters); unset → /metrics is open outside production and absent (404) in production, unless METRICS_PORT is set' }),
  ),
  METRICS_PORT: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 65535, description: 'serve GET /metrics on this port of HOST instead of the API port (every process role, projector and worker included); METRICS_TOKEN, when set, is required there too' }),
  ),
});

export type Config = Static<typeof ConfigSchema> & {
  /** DATA_DIR resolved against the working directory. */
  dataDir: string;
  isProduction: boolean;
  allowPrivateProviderUrls: boolean;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Whether plan limits are enforced: as configured, else only where billing lets an organization upgrade. */
export const planLimitsEnforced = (config: Pick<Config, 'PLAN_LIMITS_ENFORCED' | 'STRIPE_SECRET_KEY'>): boolean =>
  config.PLAN_LIMITS_ENFORCED ?? config.STRIPE_SECRET_KEY !== undefined;

// Variables whose values are credentials: a configuration error names them, never prints them.
const SECRET_VARIABLES = new Set([
  'SECRETS_KEY',
  'SECRETS_KEY_PREVIOUS',
  'LLM_API_KEY',
  'CHAT_WEBHOOK_SIGNING_SECRET',
  'SMTP_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SYSTEM_API_KEY',
  'METRICS_TOKEN',
  'AUDIT_ANCHOR_JWK',
]);

/** How a bad value is quoted in an error: a secret's not at all. */
const shown = (key: string, value: unknown): string =>
  SECRET_VARIABLES.has(key) ? ' (value not shown: it is a secret)' : `=${JSON.stringify(value)}`;

/** Production refuses what is only safe on a developer's machine; one line each, saying why. */
function productionProblems(config: Static<typeof ConfigSchema>): string[] {
  const problems: string[] = [];
  if (!config.DATABASE_URL && !config.EMBEDDED_DATABASE_IN_PRODUCTION) {
    problems.push(
      'DATABASE_URL is required in production (NODE_ENV=production): the embedded PostgreSQL lives on one host, in DATA_DIR, with no backups or replicas; set EMBEDDED_DATABASE_IN_PRODUCTION=true to run it anyway',
    );
  }
  if (!config.AUTH_JWKS_URL) {
    problems.push('AUTH_JWKS_URL and AUTH_ISSUER are required in production (NODE_ENV=production); no development identity is created there');
  } else if (!config.AUTH_ISSUER) {
    problems.push('AUTH_ISSUER is required with AUTH_JWKS_URL (the issuer its tokens carry, e.g. https://clerk.example.com)');
  }
  if (!config.AUTH_AUDIENCE) {
    problems.push('AUTH_AUDIENCE is required in production (NODE_ENV=production): without it, tokens the identity provider issues to other applications are accepted');
  }
  return problems;
}

/** Parses the environment. Throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    // An empty variable means "not set", as a shell user writing FOO= expects.
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, raw));
  const problems = [...Value.Errors(ConfigSchema, withDefaults)].map((e) => {
    const key = e.path.replace(/^\//, '');
    const schema = (ConfigSchema.properties as Record<string, TSchema | undefined>)[key];
    const hint = schema?.description ? ` (${schema.description})` : '';
    return `${key}${shown(key, raw[key])} is invalid: ${e.message}${hint}`;
  });
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  const parsed = withDefaults as Static<typeof ConfigSchema>;
  if (parsed.METRICS_PORT !== undefined && parsed.METRICS_PORT === parsed.PORT) {
    throw new ConfigError([`METRICS_PORT=${parsed.METRICS_PORT} is invalid: it must differ from PORT (the metrics port is a server of its own)`]);
  }
  const jwkProblem = parsed.AUDIT_ANCHOR_JWK === undefined ? undefined : anchorJwkProblem(parsed.AUDIT_ANCHOR_JWK);
  if (jwkProblem) throw new ConfigError([`AUDIT_ANCHOR_JWK${shown('AUDIT_ANCHOR_JWK', parsed.AUDIT_ANCHOR_JWK)} is invalid: ${jwkProblem}`]);
  const isProduction = parsed.NODE_ENV === 'production';
  if (isProduction) {
    const refused = productionProblems(parsed);
    if (refused.length > 0) throw new ConfigError(refused);
  }
  return {
    ...parsed,
    dataDir: path.resolve(cwd, parsed.DATA_DIR),
    isProduction,
    allowPrivateProviderUrls: parsed.ALLOW_PRIVATE_PROVIDER_URLS ?? !isProduction,
  };
}
