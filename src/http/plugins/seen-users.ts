// Records every authenticated user of an organization the first time this process sees them call
// (src/queries/org-users.ts), so that GET /api/rbac/members lists them and the plan counts them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SeenUsersOptions {
  record: (orgId: string, userId: string, isOrgAdmin: boolean) => Promise<void>;
  /** Pairs remembered per process, so a user costs one write per process, not one per request. */
  maxRemembered?: number;
}

export default fp<SeenUsersOptions>(
  async function seenUsersPlugin(app: FastifyInstance, { record, maxRemembered = 100_000 }) {
    const seen = new Set<string>();
    app.addHook('preHandler', async (request) => {
      const identity = request.identity as typeof request.identity | null;
      if (!identity || !request.orgId) return;
      const key = `${request.orgId}\u0000${identity.userId}\u0000${identity.isOrgAdmin ? 1 : 0}`;
      if (seen.has(key)) return;
      await record(request.orgId, identity.userId, identity.isOrgAdmin);
      if (seen.size >= maxRemembered) seen.clear();
      seen.add(key);
    });
  },
  { name: 'seen-users', dependencies: ['auth'] },
);
