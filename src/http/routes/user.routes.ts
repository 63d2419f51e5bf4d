// GET /api/status (trigger state and latest run) and GET /api/user/me (who is calling, in which
// organization, on which plan). Both read only the caller's organization.
import { nextSlot } from '../../domain/schedule-time.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSchedule } from '../../queries/org-config.query.js';
import { listRuns } from '../../queries/runs.query.js';
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
      const [schedule, [latest]] = await Promise.all([getSchedule(deps.knex, request.orgId), listRuns(deps.knex, request.orgId, { limit: 1 })]);
      const next = schedule ? nextSlot(schedule, new Date()) : null;
      return {
        trigger: { enabled: schedule?.enabled ?? false, schedule_saved: schedule !== undefined, next_fire_at: next ? next.at.toISOString() : null },
        latest_run: latest ?? null,
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
