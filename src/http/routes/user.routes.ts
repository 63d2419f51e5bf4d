// GET /api/status (trigger state and latest run) and GET /api/user/me (who is calling, in which
// organization, on which plan). Both read only the caller's organization.
import { nextSlot } from '../../domain/schedule-time.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSchedule } from '../../queries/org-config.query.js';
import { listRuns } from '../../queries/runs.query.js';
import { getSubscription } from '../../queries/billing.query.js';
import { effectivePlan } from '../../domain/plans.js';
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
    async (request) => {
      // The billing read model; an organization without a subscription event is on the free plan.
      const subscription = await getSubscription(deps.knex, request.orgId);
      return {
        org_id: request.orgId,
        user_id: request.identity.userId,
        role: request.access.role,
        org_role: request.identity.orgRole ?? null,
        subscription: subscription
          ? {
              plan: subscription.plan,
              status: subscription.status,
              effective_plan: effectivePlan(subscription),
              current_period_end: subscription.current_period_end,
              cancel_at_period_end: subscription.cancel_at_period_end ?? false,
            }
          : { plan: 'free', status: 'active', effective_plan: 'free', current_period_end: null, cancel_at_period_end: false },
      };
    },
  );
};
