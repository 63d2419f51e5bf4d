// Configuration is the environment, parsed once at start-up against a TypeBox schema.
// Every bad variable gets one line naming it; defaults serve development (DESIGN.md §5).
import path from 'node:path';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

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
  DATA_DIR: Type.String({ minLength: 1, default: '.sprintguard', description: 'directory for local state' }),
  DATABASE_URL: Url('PostgreSQL connection URL; unset → embedded PostgreSQL in DATA_DIR'),
  EMBEDDED_PG_PORT: Int(0, 65535, 0, 'port of the embedded PostgreSQL; 0 picks a free one'),
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
  ALLOW_PRIVATE_PROVIDER_URLS: Type.Optional(Type.Boolean({ description: 'allow provider URLs on private hosts' })),
  SECRETS_KEY: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9+/]{43}=$', description: '32-byte base64 key for stored secrets' }),
  ),
  SHUTDOWN_GRACE_MS: Int(0, 600_000, 10_000, 'how long shutdown waits for in-flight work'),
  PROJECTOR_BATCH_SIZE: Int(1, 50_000, 1_000, 'events per projection batch'),
  PROJECTOR_ENABLED: Bool(true, 'run the projector in this process'),
  REACTORS_ENABLED: Bool(true, 'run the reactors (run executor…) in this process'),
  LLM_API_URL: Url('OpenAI-compatible API base URL (…/v1) for meeting extraction; with LLM_API_KEY and the llm_extraction flag'),
  LLM_API_KEY: Str('API key of the language model (sent as a bearer token)'),
  LLM_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini', description: 'model name for meeting extraction' }),
  LLM_TIMEOUT_MS: Int(100, 600_000, 30_000, 'how long meeting extraction waits for the language model'),
  CHAT_WEBHOOK_SIGNING_SECRET: Str('HMAC-SHA256 secret of signed chat requests (POST /api/webhooks/chat/{org_id}); unset → signed requests are refused'),
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
    return `${key}=${JSON.stringify(raw[key])} is invalid: ${e.message}${hint}`;
  });
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  const parsed = withDefaults as Static<typeof ConfigSchema>;
  const isProduction = parsed.NODE_ENV === 'production';
  return {
    ...parsed,
    dataDir: path.resolve(cwd, parsed.DATA_DIR),
    isProduction,
    allowPrivateProviderUrls: parsed.ALLOW_PRIVATE_PROVIDER_URLS ?? !isProduction,
  };
}
