// Puts the caller's organization and user on every log line of an authenticated request, the
// request's one line ("request completed", src/http/request-log.ts) included: right after
// authentication, the request's child logger (and the reply's, which Fastify keeps apart and uses for
// the response line) becomes a child with org_id and user_id. Registered after the auth plugin:
// hooks run in registration order.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export default fp(
  async function requestLogContextPlugin(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      // Public and unknown routes carry no identity.
      const who = (request as { identity?: typeof request.identity | null }).identity;
      if (!who) return;
      const log = request.log.child({ org_id: request.orgId, user_id: who.userId });
      request.log = log;
      reply.log = log;
    });
  },
  { name: 'request-log-context', dependencies: ['auth'] },
);
