// The metrics port (METRICS_PORT, docs/observability.md): a plain node:http server bound to HOST that
// answers `GET /metrics` and nothing else, in every process role (the projector and worker roles
// have no API port). Kept off the API's Fastify instance so that a network policy can open it to the
// scraper alone; METRICS_TOKEN, when set too, is required here as well.
import http from 'node:http';
import type { Metrics } from '../adapters/telemetry/metrics.js';
import { metricsTokenAccepted } from './plugins/metrics.js';
import { METRICS_PATH } from './routes/metrics.routes.js';

export interface MetricsServer {
  /** Listens; resolves with the URL of the metrics. */
  start(): Promise<string>;
  close(): Promise<void>;
}

export interface MetricsServerOptions {
  metrics: Pick<Metrics, 'scrape'>;
  host: string;
  port: number;
  token: string | undefined;
  log: { info(details: Record<string, unknown>, message: string): void; error(details: Record<string, unknown>, message: string): void };
}

function answer(res: http.ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export function createMetricsServer(options: MetricsServerOptions): MetricsServer {
  const { metrics, token, log } = options;
  const server = http.createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) return answer(res, 404, { detail: 'Not found' });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return answer(res, 405, { detail: 'Method not allowed' });
    }
    if (!metricsTokenAccepted(req.headers.authorization, token)) return answer(res, 401, { error: 'A valid metrics token is required' });
    metrics.scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics: scrape failed');
        answer(res, 500, { detail: 'Internal server error' });
      },
    );
  });
  return {
    async start() {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      const url = `http://${host}:${port}${METRICS_PATH}`;
      log.info({ url }, 'metrics served on their own port');
      return url;
    },
    async close() {
      if (!server.listening) return;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
