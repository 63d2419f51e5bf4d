// HTTP metrics (docs/observability.md): every answered request counts once, by method, the route's
// pattern (`/api/runs/:run_id`, never the URL: no identifier, organization or query reaches a label)
// and status, with its duration. Register right after the errors plugin, so that requests refused
// by the later hooks (rate limits, authentication) count as well. Where the figures are served, and
// behind what, is decided here from the configuration (`metricsExposure`).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqualText } from '../../adapters/crypto/timing-safe.js';
import type { Metrics } from '../../adapters/telemetry/metrics.js';
import type { Config } from '../../config.js';
import { routeLabel } from '../request-log.js';

export interface MetricsPluginOptions {
  metrics: Pick<Metrics, 'recordHttpRequest'>;
}

export default fp<MetricsPluginOptions>(
  async function metricsPlugin(app: FastifyInstance, { metrics }) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.recordHttpRequest({ method: request.method, route: routeLabel(request), status: reply.statusCode, seconds: reply.elapsedTime / 1000 });
    });
  },
  { name: 'metrics', dependencies: ['errors'] },
);

/**
 * Where `GET /metrics` is served:
 * - `port`: METRICS_PORT set → on that port only (a plain HTTP server bound to HOST, in every
 *   process role); METRICS_TOKEN, when also set, is required there too;
 * - `api`: METRICS_TOKEN set → on the API port, with `Authorization: Bearer <METRICS_TOKEN>`;
 *   neither set outside production → on the API port without a token (as the development identity);
 * - `off`: neither set in production → not served (404).
 */
export type MetricsExposure =
  | { where: 'api'; token: string | undefined }
  | { where: 'port'; port: number; token: string | undefined }
  | { where: 'off' };

export function metricsExposure(config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN' | 'isProduction'>): MetricsExposure {
  const token = config.METRICS_TOKEN;
  if (config.METRICS_PORT !== undefined) return { where: 'port', port: config.METRICS_PORT, token };
  if (token !== undefined || !config.isProduction) return { where: 'api', token };
  return { where: 'off' };
}

const BEARER = /^Bearer (\S+)$/i;

/** True when no token is required, or the Authorization header carries it (compared in constant time). */
export function metricsTokenAccepted(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const given = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  return given !== undefined && timingSafeEqualText(given, token);
}
