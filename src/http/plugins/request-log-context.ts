// Puts the caller's organization and user on every log line of an authenticated request, the
// request's one line ("request completed", src/http/request-log.ts) included: right after
// authentication, the request's child logger (the reply's too, which writes the response line) gets
// org_id and user_id. Registered after the auth plugin:
// hooks run in registration order.
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export default fp(
  async function requestLogContextPlugin(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      // Public and unknown routes carry no identity.
      const who = (request as { identity?: typeof request.identity | null }).identity;
      if (!who) return;
      const bindings = { org_id: request.orgId, user_id: who.userId };
      // Fastify makes one child logger per request and gives it to the reply too: extending its
      // bindings in place spares every request a second child logger (pino builds each one's
      // bindings through the redaction of every path). Anything else gets a child of its own.
      const log = request.log as FastifyBaseLogger & { setBindings?: (bindings: object) => void };
      if (log !== app.log && reply.log === log && typeof log.setBindings === 'function') {
        log.setBindings(bindings);
        return;
      }
      const child = request.log.child(bindings);
      request.log = child;
      reply.log = child;
    });
  },
  { name: 'request-log-context', dependencies: ['auth'] },
);
