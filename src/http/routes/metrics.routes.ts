// GET /metrics on the API port (docs/observability.md): the process's Prometheus figures. Public in
// the permission table, like the other routes that check their caller themselves: no user token or
// role opens it, only METRICS_TOKEN (or nothing, in development without one). Not part of the user
// API, so hidden from the OpenAPI document. Registered only when the configuration serves the
// figures here; otherwise the path answers 404.
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../../adapters/telemetry/metrics.js';
import { MiddlewareError } from '../plugins/errors.js';
import { metricsTokenAccepted, type MetricsExposure } from '../plugins/metrics.js';

export interface MetricsRouteDeps {
  metrics: Pick<Metrics, 'scrape'>;
  exposure: MetricsExposure;
}

export const METRICS_PATH = '/metrics';

export const metricsRoutes: FastifyPluginAsync<MetricsRouteDeps> = async (app, { metrics, exposure }) => {
  if (exposure.where !== 'api') return;
  const { token } = exposure;
  app.get(
    METRICS_PATH,
    {
      config: { public: true },
      schema: { hide: true },
      // Before anything else of the request is looked at, as the other self-verified routes do.
      onRequest: async (request) => {
        if (!metricsTokenAccepted(request.headers.authorization, token)) throw new MiddlewareError(401, 'A valid metrics token is required');
      },
    },
    async (_request, reply) => {
      const { contentType, body } = await metrics.scrape();
      return reply.type(contentType).send(body);
    },
  );
};
