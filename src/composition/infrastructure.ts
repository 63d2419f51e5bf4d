// Infrastructure: configuration → logger → database (embedded or external) → migrations → event
// store (PostgreSQL or EventStoreDB), with one close for all of it. Every process role and every
// one-shot CLI command opens it here; nothing else picks the database or the store.
import { withEventValidation } from '../adapters/validating-event-store.js';
import { withAppendMetrics } from '../adapters/telemetry/metered-event-store.js';
import { createMetrics, type Metrics } from '../adapters/telemetry/metrics.js';
import { meterKnexPool, meterPgPool } from '../adapters/telemetry/pool-metrics.js';
import path from 'node:path';
import { logSerializers } from '../http/log-serializers.js';
import type pg from 'pg';
import pino, { type Logger } from 'pino';
import type { EventStore } from '../adapters/event-store.js';
import { createEsdbEventStore } from '../adapters/esdb/esdb-event-store.js';
import { createDatabase, createExportPool, ensureDatabaseExists, type Database } from '../adapters/postgres/database.js';
import { startEmbeddedPostgres, withDatabase, type EmbeddedPostgresHandle } from '../adapters/postgres/embedded.js';
import { eventStoreMigrations } from '../adapters/postgres/event-store.schema.js';
import { runMigrations } from '../adapters/postgres/migrate.js';
import { createPgEventStore } from '../adapters/postgres/pg-event-store.js';
import type { ContentEncoder } from '../adapters/postgres/pg-mapping.js';
import { createPublicOnlyFetch } from '../adapters/outbound-http/public-only-fetch.js';
import { withAppendTracing } from '../adapters/telemetry/traced-event-store.js';
import { startTracing, type SpanExporter, type Tracing } from '../adapters/telemetry/tracing.js';
import type { Config } from '../config.js';
import { createProjector, type Projector, type ProjectorDeps } from '../projections/projector.js';
import { projections } from '../projections/registry.js';
import { readModelMigrations } from '../adapters/postgres/migrations.js';
import { meterConsumers, projectionConsumers } from './telemetry.js';

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
  /** The pool exports read from (src/adapters/postgres/database.ts createExportPool). */
  exportPool: pg.Pool;
  /** This process's Prometheus metrics (docs/observability.md). */
  metrics: Metrics;
  /** OpenTelemetry traces, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/observability.md). */
  tracing: Tracing;
  close: () => Promise<void>;
}

export function createLogger(config: Config): Logger {
  return pino({
    serializers: logSerializers,
    level: config.LOG_LEVEL,
    // Never let a credential reach a log line, whatever a caller passes.
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-api-key"]', '*.password', '*.api_token', '*.api_key', '*.token', '*.secret'],
      censor: '[redacted]',
    },
  });
}

/** What only code passes to the infrastructure, never configuration. */
export interface InfrastructureOptions {
  /** Replaces the OTLP exporter when tracing is on (tests: an in-memory exporter). */
  spanExporter?: SpanExporter;
  /**
   * The PostgreSQL event store's pool, as the adapter sees it, and what its appends send of each
   * event (pg-mapping.ts). Only the commands benchmark's server without the chain gives them
   * (bench/serve-cost-side.ts), to measure what the chain costs a command.
   */
  pgEventStore?: { pool?: (pool: pg.Pool) => pg.Pool; encodeContent?: ContentEncoder };
}

/** Opens the database (starting the embedded one when DATABASE_URL is unset), migrates, opens the event store. */
export async function openInfrastructure(config: Config, log: Logger = createLogger(config), options: InfrastructureOptions = {}): Promise<Infrastructure> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    const dir = path.join(config.dataDir, 'postgres');
    log.info({ dir }, 'starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dir,
      port: config.EMBEDDED_PG_PORT,
      log: (line) => log.debug({ postgres: line }),
      notify: (message, details) => log.warn(details, message),
    });
    url = withDatabase(embedded.url, 'sprintguard');
    await ensureDatabaseExists(url);
  }
  const metrics = createMetrics({ warn: (details, message) => log.warn(details, message) });
  const db = createDatabase({
    url,
    poolSize: config.DB_POOL_SIZE,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    onError: (err) => log.warn({ err }, 'idle database connection failed'),
    // Knex's messages through the logger: one JSON line each, never a plain console line.
    onLog: (level, message) => log[level]({ knex: message instanceof Error ? { message: message.message } : message }, 'knex'),
  });
  let started: Tracing | undefined;
  try {
    const tracing = await startTracing({
      endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: config.OTEL_SERVICE_NAME,
      sampling: { sampler: config.OTEL_TRACES_SAMPLER, ratio: config.OTEL_TRACES_SAMPLER_ARG, maxPerSecond: config.TRACES_MAX_PER_SECOND },
      ...(options.spanExporter ? { exporter: options.spanExporter } : {}),
      log: { warn: (details, message) => log.warn(details, message) },
    });
    started = tracing;
    await runMigrations(db.knex, readModelMigrations);
    let store: EventStore;
    if (config.EVENTSTORE_URL) {
      store = withEventValidation(withAppendMetrics(createEsdbEventStore({ connectionString: config.EVENTSTORE_URL, log: (msg, err) => log.warn({ err }, msg) }), metrics));
    } else {
      await runMigrations(db.knex, eventStoreMigrations);
      const adapter = createPgEventStore({
        pool: options.pgEventStore?.pool?.(db.pool) ?? db.pool,
        connectionString: url,
        ...(options.pgEventStore?.encodeContent ? { encodeContent: options.pgEventStore.encodeContent } : {}),
        log: (msg, err) => log.warn({ err }, msg),
      });
      store = withEventValidation(withAppendMetrics(adapter, metrics));
    }
    // Outermost, so the span covers the validation and the traceparent is sealed with the metadata.
    if (tracing.enabled) store = withAppendTracing(store);
    // Exports read through a pool of their own (long cursors, readers that may stall), so they never
    // take the connections the event store and the projector need. No connection is made until used.
    const exportPool = createExportPool({
      url,
      max: config.EXPORT_MAX_CONCURRENT,
      acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: config.EXPORT_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.EXPORT_IDLE_TIMEOUT_MS,
      onError: (err) => log.warn({ err }, 'idle export connection failed'),
    });
    meterPgPool(metrics, 'store', db.pool);
    meterKnexPool(metrics, 'read_models', db.knex);
    meterPgPool(metrics, 'exports', exportPool);
    log.info({ eventStore: store.kind, embedded: Boolean(embedded), tracing: tracing.enabled }, 'infrastructure ready');
    return {
      config,
      log,
      db,
      store,
      projections,
      orgUrlFetch: config.allowPrivateProviderUrls ? undefined : createPublicOnlyFetch(),
      exportPool,
      metrics,
      tracing,
      async close() {
        await exportPool.end().catch(() => undefined);
        await store.close();
        await db.close();
        await tracing.shutdown();
        await embedded?.stop();
      },
    };
  } catch (err) {
    await started?.shutdown();
    await db.close();
    await embedded?.stop();
    throw err;
  }
}

/** The projector of every registered read model (started by `serve` and `projector`, never by the CLI's status). */
export function createInfraProjector(infra: Infrastructure, hooks: Pick<ProjectorDeps, 'onCommitted' | 'onReleased'> = {}): Projector {
  const projector = createProjector({
    ...hooks,
    store: infra.store,
    db: infra.db,
    projections: infra.projections,
    batchSize: infra.config.PROJECTOR_BATCH_SIZE,
    maxAttempts: infra.config.PROJECTION_MAX_ATTEMPTS,
    log: infra.log.child({ component: 'projector' }),
  });
  return {
    ...projector,
    // The process that runs the projections reports their lag (docs/observability.md).
    async start() {
      meterConsumers(infra, projectionConsumers(infra.projections));
      await projector.start();
    },
  };
}
