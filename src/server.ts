// Composition root: configuration → database (embedded or external) → event store (PostgreSQL or
// EventStoreDB) → projector → buildApp → listen; graceful shutdown. The only file that picks
// concrete adapters (the CLI asks it for them).
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { EventStoreUnavailableError, type EventStore } from './adapters/event-store.js';
import { isPostgresUnavailable } from './adapters/postgres/unavailable.js';
import { buildStartingApp } from './http/starting-app.js';
import { createEsdbEventStore } from './adapters/esdb/esdb-event-store.js';
import { createDevIdentityVerifier } from './adapters/identity/dev-identity.js';
import type { ClaimMapping, IdentityVerifier } from './adapters/identity/identity.js';
import { createJwksIdentityVerifier } from './adapters/identity/jwks-identity.js';
import { createDatabase, ensureDatabaseExists, type Database } from './adapters/postgres/database.js';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgresHandle } from './adapters/postgres/embedded.js';
import { eventStoreMigrations } from './adapters/postgres/event-store.schema.js';
import { runMigrations } from './adapters/postgres/migrate.js';
import { createPgEventStore } from './adapters/postgres/pg-event-store.js';
import { buildApp, wireRunCommands } from './app.js';
import { listEnabledSchedules } from './queries/org-config.query.js';
import { createScheduler } from './reactors/scheduler.js';
import { planLimitsEnforced, type Config } from './config.js';
import { ReadinessFailure, type ReadinessCheck } from './http/routes/health.routes.js';
import { createProjector, type Projector } from './projections/projector.js';
import { projections, readModelMigrations } from './projections/registry.js';
import { createReactorRunner } from './reactors/reactor-runner.js';
import { createRunExecutorReactor } from './reactors/run-executor.reactor.js';
import { createProposalApplier, createProposalApplierReactor } from './reactors/proposal-applier.reactor.js';
import { BoardNotConfiguredError, createRunProcessor, type BoardProviders } from './reactors/run-processor.js';
import type { ConnectedBoard } from './http/routes/run-route-deps.js';
import { DomainError } from './domain/errors.js';
import type { BoardConnection, BoardProvider } from './adapters/boards/board-provider.js';
import { createBoardProvider } from './adapters/boards/create-board-provider.js';
import { assertProviderUrlAllowed, ProviderUrlError } from './adapters/boards/url-policy.js';
import { createSecretStore, loadSecretsKey, SecretDecryptionError } from './adapters/secrets/secret-store.js';
import { createIntegrationCommands, type IntegrationCommands } from './commands/integration.commands.js';
import { StateCache } from './commands/state-cache.js';
import { createSourceControlProvider } from './adapters/source-control/source-control.js';
import { linkedPullRequests } from './queries/pull-request-links.query.js';
import { createPullRequestInputs } from './reactors/pull-request-inputs.js';
import fs from 'node:fs';
import { createNotificationCommands, type NotificationCommands } from './commands/notification.commands.js';
import { assertWebhookUrlAllowed } from './adapters/chat/webhook-url.js';
import { createSlackChannel } from './adapters/chat/slack.js';
import { createTeamsChannel } from './adapters/chat/teams.js';
import { createDiscordChannel } from './adapters/chat/discord.js';
import type { NotificationChannel } from './adapters/chat/channel.js';
import { createSmtpMailer } from './adapters/mail/smtp.js';
import { createNotifier, createNotifierReactor } from './reactors/notifier.reactor.js';
import type { ChatChannelKind } from './domain/notification.events.js';
import type { SnsTrust } from './adapters/sns/sns-verifier.js';
import { isSuppressed } from './queries/suppressions.query.js';
import { createPublicOnlyFetch } from './adapters/outbound-http/public-only-fetch.js';

export interface Infrastructure {
  config: Config;
  log: Logger;
  db: Database;
  store: EventStore;
  projections: typeof projections;
  /**
   * The fetch for URLs organizations configure (boards, source control, chat webhooks): connects
   * only to public addresses where private provider URLs are not allowed; undefined elsewhere.
   */
  orgUrlFetch: typeof fetch | undefined;
  close: () => Promise<void>;
}

export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    // Never let a credential reach a log line, whatever a caller passes.
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-api-key"]', '*.password', '*.api_token', '*.api_key', '*.token', '*.secret'],
      censor: '[redacted]',
    },
  });
}

/** Opens the database (starting the embedded one when DATABASE_URL is unset), migrates, opens the event store. */
export async function openInfrastructure(config: Config, log: Logger = createLogger(config)): Promise<Infrastructure> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    const dir = path.join(config.dataDir, 'postgres');
    log.info({ dir }, 'starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dir, port: config.EMBEDDED_PG_PORT, log: (line) => log.debug({ postgres: line }) });
    url = withDatabase(embedded.url, 'sprintguard');
    await ensureDatabaseExists(url);
  }
  const db = createDatabase({ url, poolSize: config.DB_POOL_SIZE, onError: (err) => log.warn({ err }, 'idle database connection failed') });
  try {
    await runMigrations(db.knex, readModelMigrations);
    let store: EventStore;
    if (config.EVENTSTORE_URL) {
      store = createEsdbEventStore({ connectionString: config.EVENTSTORE_URL, log: (msg, err) => log.warn({ err }, msg) });
    } else {
      await runMigrations(db.knex, eventStoreMigrations);
      store = createPgEventStore({ pool: db.pool, connectionString: url, log: (msg, err) => log.warn({ err }, msg) });
    }
    log.info({ eventStore: store.kind, embedded: Boolean(embedded) }, 'infrastructure ready');
    return {
      config,
      log,
      db,
      store,
      projections,
      orgUrlFetch: config.allowPrivateProviderUrls ? undefined : createPublicOnlyFetch(),
      async close() {
        await store.close();
        await db.close();
        await embedded?.stop();
      },
    };
  } catch (err) {
    await db.close();
    await embedded?.stop();
    throw err;
  }
}

const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);

function claimMapping(config: Config): ClaimMapping {
  return {
    orgClaim: config.AUTH_ORG_CLAIM,
    roleClaim: config.AUTH_ROLE_CLAIM,
    adminRoles: list(config.AUTH_ADMIN_ROLES),
  };
}

/** The identity provider's verifier; the development key only outside production and without AUTH_JWKS_URL. */
export async function createIdentity(config: Config): Promise<IdentityVerifier> {
  if (config.AUTH_JWKS_URL) {
    if (!config.AUTH_ISSUER) {
      throw new Error('AUTH_ISSUER is required with AUTH_JWKS_URL (the issuer its tokens carry, e.g. https://clerk.example.com)');
    }
    return createJwksIdentityVerifier({
      jwksUrl: config.AUTH_JWKS_URL,
      issuer: config.AUTH_ISSUER,
      ...(config.AUTH_AUDIENCE ? { audience: config.AUTH_AUDIENCE } : {}),
      authorizedParties: list(config.AUTH_AUTHORIZED_PARTIES),
      mapping: claimMapping(config),
    });
  }
  if (config.isProduction) {
    throw new Error('AUTH_JWKS_URL and AUTH_ISSUER are required in production (NODE_ENV=production); no development identity is created there');
  }
  return createDevIdentityVerifier(config.dataDir, claimMapping(config));
}

const NO_BOARD = 'No board integration is configured: save one with POST /api/settings/integration';

/** The organization's board integration: saved settings, secrets decrypted, and a provider for them. */
export interface OrgBoards {
  integration: IntegrationCommands;
  providerFor: (connection: BoardConnection) => BoardProvider;
  providers: BoardProviders;
  connectedBoard: (orgId: string) => Promise<ConnectedBoard>;
  /** Notification channel settings; webhook URLs share the secret store with the board tokens. */
  notifications: NotificationCommands;
}

export async function createOrgBoards(config: Config, infra: Infrastructure): Promise<OrgBoards> {
  const key = await loadSecretsKey({ configured: config.SECRETS_KEY, dataDir: config.dataDir, isProduction: config.isProduction });
  const secrets = createSecretStore(infra.db.knex, key);
  const integration = createIntegrationCommands({
    store: infra.store,
    secrets,
    now: () => new Date(),
    checkUrl: (url) => void assertProviderUrlAllowed(url, config.allowPrivateProviderUrls),
    cache: new StateCache(),
  });
  const providerFor = (connection: BoardConnection) =>
    createBoardProvider(connection, { allowPrivateUrls: config.allowPrivateProviderUrls, ...(infra.orgUrlFetch ? { fetch: infra.orgUrlFetch } : {}) });
  /**
   * The saved connection and its provider. A secret that no longer decrypts (SECRETS_KEY changed) or a
   * saved URL the policy no longer allows is a setup problem the user can fix by saving again: it
   * becomes `unusable`'s message (safe: neither carries a credential), never a 500 or a retry loop.
   */
  async function connect(orgId: string, unusable: (message: string) => Error) {
    try {
      const saved = await integration.loadBoardConnection(orgId);
      return saved && { saved, provider: providerFor(saved.connection) };
    } catch (err) {
      if (err instanceof SecretDecryptionError || err instanceof ProviderUrlError) {
        throw unusable(`The saved board integration cannot be used (${err.message}): save it again with POST /api/settings/integration`);
      }
      throw err;
    }
  }
  const notifications = createNotificationCommands({
    store: infra.store,
    secrets,
    now: () => new Date(),
    checkUrl: (channel, url) => void assertWebhookUrlAllowed(channel, url, config.allowPrivateProviderUrls),
    cache: new StateCache(),
  });
  return {
    integration,
    notifications,
    providerFor,
    providers: {
      async forOrg(orgId, boardType) {
        const connected = await connect(orgId, (message) => new BoardNotConfiguredError(message));
        if (!connected) throw new BoardNotConfiguredError(NO_BOARD);
        if (connected.saved.connection.board_type !== boardType) {
          throw new BoardNotConfiguredError(`The connected board is ${connected.saved.connection.board_type}, not ${boardType}`);
        }
        return connected.provider;
      },
    },
    async connectedBoard(orgId) {
      const connected = await connect(orgId, (message) => new DomainError('invalid', message));
      if (!connected) throw new DomainError('invalid', NO_BOARD);
      return { provider: connected.provider, board_type: connected.saved.connection.board_type, project_keys: connected.saved.project_keys };
    },
  };
}

/** The reactors (run executor, proposal applier, notifier) and the scheduler, with what they share with the API. */
export function createWorkers(infra: Infrastructure, log: Logger, boards: OrgBoards) {
  const now = () => new Date();
  // Cycle P: pull requests from the saved source control, links already made from the runs read model.
  const pullRequests = createPullRequestInputs({
    loadConnection: async (orgId) => (await boards.integration.loadBoardConnection(orgId))?.source_control,
    providerFor: (connection) =>
      createSourceControlProvider(connection, { allowPrivateUrls: infra.config.allowPrivateProviderUrls, ...(infra.orgUrlFetch ? { fetch: infra.orgUrlFetch } : {}) }),
    linked: (orgId, boardType, projectKey) => linkedPullRequests(infra.db.knex, orgId, boardType, projectKey),
    maxPullRequests: infra.config.SOURCE_CONTROL_MAX_PULL_REQUESTS,
    lookbackDays: infra.config.SOURCE_CONTROL_LOOKBACK_DAYS,
  });
  const runProcessor = createRunProcessor({ store: infra.store, boards: boards.providers, now, pullRequests });
  const reactors = createReactorRunner({
    store: infra.store,
    db: infra.db,
    reactors: [
      createRunExecutorReactor(runProcessor),
      createProposalApplierReactor(createProposalApplier({ store: infra.store, boards: boards.providers, now })),
      createNotifierReactor(createConfiguredNotifier(infra, boards.notifications, log)),
    ],
    log: log.child({ component: 'reactors' }),
  });
  const scheduler = createScheduler({
    listSchedules: () => listEnabledSchedules(infra.db.knex),
    runCommands: wireRunCommands({ store: infra.store, knex: infra.db.knex, runProcessor, now, enforcePlanLimits: planLimitsEnforced(infra.config) }),
    now,
    log: log.child({ component: 'scheduler' }),
  });
  return {
    boards,
    runProcessor,
    async start() {
      await reactors.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await reactors.stop();
    },
  };
}

/** `sprintguard worker`: reactors and scheduler only. */
export async function startWorker(config: Config, log: Logger = createLogger(config)): Promise<{ close: () => Promise<void> }> {
  const infra = await openInfrastructure(config, log);
  const workers = createWorkers(infra, log, await createOrgBoards(config, infra));
  await workers.start();
  return {
    close: async () => {
      await workers.stop();
      await infra.close();
    },
  };
}

export interface Service {
  app: FastifyInstance;
  infra: Infrastructure;
  projector: Projector;
  close: () => Promise<void>;
}

/** What only code can pass to the service, never configuration: the CLI passes none of it. */
export interface ServiceOptions {
  /** SNS verifier host rule and CA: test harness only (docs/email-suppressions.md). */
  snsTrust?: SnsTrust;
}

/** Everything `serve` runs, wired and started, except the listening socket (tests use app.inject). */
export async function createService(config: Config, log: Logger = createLogger(config), options: ServiceOptions = {}): Promise<Service> {
  const identity = await createIdentity(config);
  const infra = await openInfrastructure(config, log);
  const projector: Projector = createProjector({
    store: infra.store,
    db: infra.db,
    projections: infra.projections,
    batchSize: config.PROJECTOR_BATCH_SIZE,
    log: log.child({ component: 'projector' }),
  });
  const boards = await createOrgBoards(config, infra);
  const workers = createWorkers(infra, log, boards);
  const { runProcessor } = workers;
  try {
    if (config.PROJECTOR_ENABLED) await projector.start();
    if (config.REACTORS_ENABLED) await workers.start();
    const readiness: ReadinessCheck[] = [
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
    const app = await buildApp({
      config,
      store: infra.store,
      knex: infra.db.knex,
      pool: infra.db.pool,
      identity,
      readModels: projector,
      readiness,
      runProcessor,
      connectedBoard: boards.connectedBoard,
      integration: boards.integration,
      providerFor: boards.providerFor,
      notifications: boards.notifications,
      logger: log,
      ...(options.snsTrust ? { snsTrust: options.snsTrust } : {}),
    });
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await app.close();
        await workers.stop();
        await projector.stop();
        await infra.close();
      })());
    return { app, infra, projector, close };
  } catch (err) {
    await workers.stop();
    await projector.stop();
    await infra.close();
    throw err;
  }
}

export interface RunningServer {
  url: string;
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
  return { url: `http://${host}:${port}`, close: service.close };
}

/** Runs `open` until it succeeds or fails for another reason than an unreachable dependency. */
async function retryWhileUnavailable<T>(log: Logger, open: () => Promise<T>, onWaiting: () => Promise<void>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (err) {
      const unavailable = err instanceof EventStoreUnavailableError || isPostgresUnavailable(err) || isPostgresUnavailable((err as { cause?: unknown }).cause);
      if (!unavailable) throw err;
      const delay = Math.min(10_000, 250 * 2 ** Math.min(attempt, 6));
      log.warn({ retryInMs: delay }, 'the database cannot be reached; waiting for it');
      await onWaiting();
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** `sprintguard projector`: the read models only. */
export async function startProjector(config: Config, log: Logger = createLogger(config)): Promise<{ names: string[]; close: () => Promise<void> }> {
  const infra = await openInfrastructure(config, log);
  const projector = createProjector({
    store: infra.store,
    db: infra.db,
    projections: infra.projections,
    batchSize: config.PROJECTOR_BATCH_SIZE,
    log: log.child({ component: 'projector' }),
  });
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

/** The notifier with its channels: chat webhooks per organization, SMTP from the environment. */
function createConfiguredNotifier(infra: Infrastructure, notifications: NotificationCommands, log: Logger) {
  const { config } = infra;
  const webhook = { timeoutMs: config.NOTIFY_TIMEOUT_MS };
  const chatChannel = (kind: ChatChannelKind, url: string, signal: AbortSignal): NotificationChannel => {
    // Checked again at send time: a URL saved while private hosts were allowed must not be used
    // once they are not (the failure is recorded, the other channels go on).
    try {
      assertWebhookUrlAllowed(kind, url, config.allowPrivateProviderUrls);
    } catch (err) {
      const message = `the saved ${kind} webhook URL is not allowed (${err instanceof Error ? err.message : 'policy'}): save it again`;
      return { kind, send: async () => ({ ok: false, retryable: false, message }) };
    }
    const factory = kind === 'slack' ? createSlackChannel : kind === 'teams' ? createTeamsChannel : createDiscordChannel;
    return factory(url, { ...webhook, signal, ...(infra.orgUrlFetch ? { fetch: infra.orgUrlFetch } : {}) });
  };
  let mailer: NotificationChannel | undefined;
  if (config.SMTP_HOST) {
    if (!config.SMTP_FROM) throw new Error('SMTP_FROM is required with SMTP_HOST (the From address of notification e-mails)');
    let ca: string | undefined;
    if (config.SMTP_CA_FILE) {
      try {
        ca = fs.readFileSync(config.SMTP_CA_FILE, 'utf8');
      } catch (err) {
        throw new Error(`SMTP_CA_FILE cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}): ${config.SMTP_CA_FILE}`, { cause: err });
      }
    }
    mailer = createSmtpMailer({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      ...(config.SMTP_TLS ? { tls: config.SMTP_TLS } : {}),
      from: config.SMTP_FROM,
      ...(config.SMTP_USER ? { user: config.SMTP_USER, password: config.SMTP_PASSWORD ?? '' } : {}),
      ...(ca ? { ca } : {}),
      timeoutMs: config.NOTIFY_TIMEOUT_MS,
    });
  }
  return createNotifier({
    store: infra.store,
    knex: infra.db.knex,
    loadChannels: (orgId) => notifications.loadChannels(orgId),
    chatChannel,
    ...(mailer ? { mailer } : {}),
    // Addresses that bounced or complained (the suppressions read model) receive nothing.
    isSuppressed: (email) => isSuppressed(infra.db.knex, email),
    ...(config.NOTIFY_LINK_BASE_URL ? { linkBaseUrl: config.NOTIFY_LINK_BASE_URL } : {}),
    ...(config.PUBLIC_URL ? { consoleBaseUrl: new URL('/app/', config.PUBLIC_URL).href } : {}),
    retry: { maxAttempts: config.NOTIFY_MAX_ATTEMPTS, maxDelayMs: config.NOTIFY_MAX_RETRY_DELAY_MS },
    maxEventAgeMs: config.NOTIFY_MAX_EVENT_AGE_MS,
    log: log.child({ component: 'notifier' }),
  });
}
