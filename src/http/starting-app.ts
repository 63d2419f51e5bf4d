// What answers on the service's port while its database cannot be reached at start: liveness says
// the process is up, readiness says what it is waiting for, everything else is a 503 to retry.
import Fastify, { type FastifyInstance } from 'fastify';

export function buildStartingApp(waitingFor: string[]): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/readiness', async (_request, reply) =>
    reply.code(503).send({ status: 'unavailable', checks: waitingFor.map((name) => ({ name, ok: false, error: `${name} unavailable` })) }),
  );
  app.setNotFoundHandler(async (_request, reply) => reply.code(503).header('retry-after', '5').send({ detail: 'Service starting: waiting for its database' }));
  return app;
}
