// Metrics wiring (docs/observability.md): what each process role reports besides its own counters,
// and where the figures are served. A process reports the lag of the consumers it runs (the
// projector role its projections, the worker role its reactors, `serve` both), read from the
// checkpoints at each scrape; `api` reports none, so that a deployment's lag series come from the
// processes that own them.
import type { Logger } from 'pino';
import type { EventStore } from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import type { Metrics } from '../adapters/telemetry/metrics.js';
import type { Config } from '../config.js';
import { createMetricsServer, type MetricsServer } from '../http/metrics-server.js';
import { metricsExposure } from '../http/plugins/metrics.js';
import { consumerLag, type LogConsumer } from '../projections/consumer-lag.js';
import { countParkedEvents } from '../projections/parked-events.js';
import type { Projection } from '../projections/projection.js';
import type { Reactor } from '../reactors/reactor.js';

// What these need of the infrastructure, named here: infrastructure.ts imports this file.
interface MeteredInfrastructure {
  metrics: Metrics;
  store: EventStore;
  db: Database;
}

interface MeteredConsumer extends LogConsumer {
  kind: 'projection' | 'reactor';
  /** The series label: a projection's name, a reactor's name without `reactor:`. */
  label: string;
}

const meteredConsumers = new WeakMap<Metrics, MeteredConsumer[]>();

/** Adds consumers to the lag, backlog and parked-events gauges of this process (once each). */
export function meterConsumers(infra: MeteredInfrastructure, consumers: readonly MeteredConsumer[]): void {
  let list = meteredConsumers.get(infra.metrics);
  if (!list) {
    const all: MeteredConsumer[] = (list = []);
    meteredConsumers.set(infra.metrics, all);
    infra.metrics.onScrape(async () => {
      try {
        const [lags, parked] = await Promise.all([consumerLag({ store: infra.store, knex: infra.db.knex }, all), countParkedEvents(infra.db.knex)]);
        lags.forEach((lag, i) => infra.metrics.setConsumerLag(all[i]!.kind, all[i]!.label, lag));
        infra.metrics.setParkedEvents(parked, all.map((c) => c.name));
      } catch (err) {
        infra.metrics.clearConsumerLag();
        throw err;
      }
    });
  }
  for (const consumer of consumers) if (!list.some((c) => c.name === consumer.name)) list.push(consumer);
}

export const projectionConsumers = (projections: readonly Pick<Projection, 'name' | 'filter'>[]): MeteredConsumer[] =>
  projections.map((p) => ({ kind: 'projection', label: p.name, name: p.name, filter: p.filter }));

export const reactorConsumers = (reactors: readonly Pick<Reactor, 'name' | 'filter'>[]): MeteredConsumer[] =>
  reactors.map((r) => ({ kind: 'reactor', label: r.name, name: `reactor:${r.name}`, filter: r.filter }));

/**
 * The separate metrics port of a process role (METRICS_PORT), or undefined where the figures are
 * served on the API port or not at all. Also starts the default process metrics.
 */
export function createMetricsEndpoint(config: Config, infra: { metrics: Metrics; log: Logger }): MetricsServer | undefined {
  infra.metrics.collectProcessMetrics();
  const exposure = metricsExposure(config);
  if (exposure.where !== 'port') return undefined;
  return createMetricsServer({ metrics: infra.metrics, host: config.HOST, port: exposure.port, token: exposure.token, log: infra.log });
}
