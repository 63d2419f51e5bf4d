// The process's Prometheus metrics (docs/observability.md lists every series). One registry per
// process, never prom-client's global one, so that tests building several services in one process
// keep their figures apart. Callers record through the narrow functions below, never through the
// instruments: the labels are fixed here, and none of them may ever carry an organization, a user,
// a URL or a secret (privacy, and a bounded number of series whatever the traffic).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What feeds gauges when scraped (pool sizes, projection lag): reads the current state, sets gauges. */
export type ScrapeCollector = () => Promise<void> | void;

export type AppendOutcome = 'ok' | 'conflict' | 'error';
export type ConsumerKind = 'projection' | 'reactor';
export type RateLimitName = 'reads' | 'writes' | 'auth_failures';

export interface Metrics {
  recordHttpRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  recordAppend(append: { store: string; outcome: AppendOutcome; events: number; seconds: number }): void;
  /** Lag of a projection (events behind the head, age in seconds of the oldest unapplied one) or backlog of a reactor. */
  setConsumerLag(kind: ConsumerKind, name: string, lag: { events: number; seconds: number }): void;
  /** Events parked by each consumer (the parked_events table); consumers without any are set to 0. */
  setParkedEvents(counts: Readonly<Record<string, number>>, consumers: readonly string[]): void;
  /** Drops the lag and parked gauges (their source could not be read: no stale figure is served). */
  clearConsumerLag(): void;
  recordNotificationDelivery(channel: string, outcome: string): void;
  recordRateLimitRefusal(limit: RateLimitName): void;
  setSseClients(open: number): void;
  setPool(pool: string, state: { waiting: number; idle: number; used: number }): void;
  recordPoolAcquireTimeout(pool: string): void;
  /** Runs before every scrape; a collector that fails or takes longer than the timeout is logged and skipped. */
  onScrape(collector: ScrapeCollector): void;
  /** prom-client's default process metrics (CPU, memory, event loop, GC); once per process role. */
  collectProcessMetrics(): void;
  /** The text exposition format, after the collectors ran. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

export interface MetricsOptions {
  /** Where a failing collector is reported. */
  warn?: (details: Record<string, unknown>, message: string) => void;
  /** Longest wait for the collectors of one scrape (default 5 s, below Prometheus's 10 s scrape timeout). */
  collectTimeoutMs?: number;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const APPEND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const warn = options.warn ?? (() => undefined);
  const collectTimeoutMs = options.collectTimeoutMs ?? 5_000;

  const httpRequests = new Counter({
    name: 'sprintguard_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (never the URL) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'sprintguard_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its response, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const appendDuration = new Histogram({
    name: 'sprintguard_event_store_append_duration_seconds',
    help: 'Duration of one append to the event store, by store and outcome (ok, conflict, error)',
    labelNames: ['store', 'outcome'] as const,
    buckets: APPEND_BUCKETS,
    registers,
  });
  const eventsAppended = new Counter({
    name: 'sprintguard_events_appended_total',
    help: 'Events written to the event store by this process',
    labelNames: ['store'] as const,
    registers,
  });
  const projectionLagEvents = new Gauge({
    name: 'sprintguard_projection_lag_events',
    help: 'Events the projection wants between its checkpoint and the head of the log (counted up to 1,000)',
    labelNames: ['projection'] as const,
    registers,
  });
  const projectionLagSeconds = new Gauge({
    name: 'sprintguard_projection_lag_seconds',
    help: 'Age of the oldest event the projection has not applied yet; 0 when caught up',
    labelNames: ['projection'] as const,
    registers,
  });
  const reactorBacklogEvents = new Gauge({
    name: 'sprintguard_reactor_backlog_events',
    help: 'Events the reactor wants after its saved checkpoint (counted up to 1,000)',
    labelNames: ['reactor'] as const,
    registers,
  });
  const reactorLagSeconds = new Gauge({
    name: 'sprintguard_reactor_lag_seconds',
    help: 'Age of the oldest event after the reactor’s saved checkpoint; 0 when caught up',
    labelNames: ['reactor'] as const,
    registers,
  });
  const parkedEvents = new Gauge({
    name: 'sprintguard_parked_events',
    help: 'Events parked by a projection or reactor (the parked_events table) awaiting `sprintguard projections retry`',
    labelNames: ['consumer'] as const,
    registers,
  });
  const notificationDeliveries = new Counter({
    name: 'sprintguard_notification_deliveries_total',
    help: 'Notification deliveries settled, by channel (slack, teams, discord, email) and outcome (delivered, failed, suppressed)',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'sprintguard_rate_limit_refusals_total',
    help: 'Requests refused with 429 by the rate limits, by limit (reads, writes, auth_failures)',
    labelNames: ['limit'] as const,
    registers,
  });
  const sseClients = new Gauge({ name: 'sprintguard_sse_clients', help: 'Open run streams (GET /api/runs/stream) in this process', registers });
  const poolWaiting = new Gauge({
    name: 'sprintguard_db_pool_waiting',
    help: 'Callers waiting for a free database connection, by pool (store, read_models, exports)',
    labelNames: ['pool'] as const,
    registers,
  });
  const poolConnections = new Gauge({
    name: 'sprintguard_db_pool_connections',
    help: 'Open database connections by pool and state (idle, used)',
    labelNames: ['pool', 'state'] as const,
    registers,
  });
  const poolAcquireTimeouts = new Counter({
    name: 'sprintguard_db_pool_acquire_timeouts_total',
    help: 'Waits for a database connection that ended at DB_ACQUIRE_TIMEOUT_MS (the caller got an error), by pool',
    labelNames: ['pool'] as const,
    registers,
  });

  const collectors: ScrapeCollector[] = [];
  let collecting: Promise<void> | undefined;
  let processMetrics = false;

  /** Every collector, each bounded by the timeout; concurrent scrapes share one collection. */
  const collect = () =>
    (collecting ??= Promise.all(
      collectors.map(async (collector) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), collectTimeoutMs)));
        try {
          const outcome = await Promise.race([Promise.resolve().then(collector), timeout]);
          if (outcome === 'timeout') warn({ timeoutMs: collectTimeoutMs }, 'metrics: a collector took too long; its figures may be stale');
        } catch (err) {
          warn({ err }, 'metrics: a collector failed; its figures are left out');
        } finally {
          clearTimeout(timer);
        }
      }),
    )
      .then(() => undefined)
      .finally(() => (collecting = undefined)));

  return {
    recordHttpRequest({ method, route, status, seconds }) {
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe({ method, route }, seconds);
    },
    recordAppend({ store, outcome, events, seconds }) {
      appendDuration.observe({ store, outcome }, seconds);
      if (outcome === 'ok') eventsAppended.inc({ store }, events);
    },
    setConsumerLag(kind, name, lag) {
      if (kind === 'projection') {
        projectionLagEvents.set({ projection: name }, lag.events);
        projectionLagSeconds.set({ projection: name }, lag.seconds);
      } else {
        reactorBacklogEvents.set({ reactor: name }, lag.events);
        reactorLagSeconds.set({ reactor: name }, lag.seconds);
      }
    },
    setParkedEvents(counts, consumers) {
      for (const consumer of consumers) parkedEvents.set({ consumer }, counts[consumer] ?? 0);
    },
    clearConsumerLag() {
      for (const gauge of [projectionLagEvents, projectionLagSeconds, reactorBacklogEvents, reactorLagSeconds, parkedEvents]) gauge.reset();
    },
    recordNotificationDelivery(channel, outcome) {
      notificationDeliveries.inc({ channel, outcome });
    },
    recordRateLimitRefusal(limit) {
      rateLimitRefusals.inc({ limit });
    },
    setSseClients(open) {
      sseClients.set(open);
    },
    setPool(pool, state) {
      poolWaiting.set({ pool }, state.waiting);
      poolConnections.set({ pool, state: 'idle' }, state.idle);
      poolConnections.set({ pool, state: 'used' }, state.used);
    },
    recordPoolAcquireTimeout(pool) {
      poolAcquireTimeouts.inc({ pool });
    },
    onScrape(collector) {
      collectors.push(collector);
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
    async scrape() {
      await collect();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
