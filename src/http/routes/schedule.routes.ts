// GET/PUT /api/schedule: when the organization's runs start by themselves.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSchedule } from '../../queries/org-config.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { PutScheduleBodySchema, ScheduleResponseSchema } from '../schemas/org.schemas.js';
import type { OrgRouteDeps } from './org-route-deps.js';

export const scheduleRoutes: FastifyPluginAsyncTypebox<OrgRouteDeps> = async (app, deps) => {
  app.get(
    '/api/schedule',
    {
      config: { permission: 'app:read' },
      schema: { tags: ['schedule'], summary: 'Read the schedule preferences', response: { 200: ScheduleResponseSchema, ...authErrorResponses } },
    },
    async (request) => {
      const schedule = await getSchedule(deps.knex, request.orgId);
      return schedule ? { saved: true, ...schedule } : { saved: false, enabled: false };
    },
  );

  app.put(
    '/api/schedule',
    {
      config: { permission: 'schedule:write' },
      schema: {
        tags: ['schedule'],
        summary: 'Save the schedule preferences',
        body: PutScheduleBodySchema,
        response: { 200: ScheduleResponseSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const result = await deps.orgCommands.saveSchedule(request.orgId, request.body, commandContext(request));
      await deps.awaitReadModel(result.position);
      return { saved: true, ...result.state.schedule };
    },
  );
};
