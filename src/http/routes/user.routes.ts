// GET /api/status (trigger state and latest run) and GET /api/user/me (who is calling, in which
// organization, on which plan). Both read only the caller's organization.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSchedule } from '../../queries/org-config.query.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { StatusSchema, UserMeSchema } from '../schemas/user.schemas.js';
import type { OrgRouteDeps } from './org-route-deps.js';

export const userRoutes: FastifyPluginAsyncTypebox<Pick<OrgRouteDeps, 'knex'>> = async (app, deps) => {
  app.get(
    '/api/status',
    {
      schema: { tags: ['identity'], summary: 'Trigger state and latest run status', response: { 200: StatusSchema, ...authErrorResponses } },
    },
    async (request) => {
      const schedule = await getSchedule(deps.knex, request.orgId);
      return {
        trigger: { enabled: schedule?.enabled ?? false, schedule_saved: schedule !== undefined, next_fire_at: null },
        // Runs do not exist yet (runs issue); the route keeps its shape when they do.
        latest_run: null,
      };
    },
  );

  app.get(
    '/api/user/me',
    {
      schema: {
        tags: ['identity'],
        summary: 'Current organization, role and subscription summary',
        response: { 200: UserMeSchema, ...authErrorResponses },
      },
    },
    async (request) => ({
      org_id: request.orgId,
      user_id: request.identity.userId,
      role: request.access.role,
      org_role: request.identity.orgRole ?? null,
      // Billing is a later issue: every organization is on the free plan until it lands.
      subscription: { plan: 'free', status: 'active' },
    }),
  );
};
