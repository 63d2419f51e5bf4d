// GET/PUT /api/org/settings: write mode, action cap, confirmation threshold.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getOrgSettings } from '../../queries/org-config.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { OrgSettingsResponseSchema, PutOrgSettingsBodySchema } from '../schemas/org.schemas.js';
import type { OrgRouteDeps } from './org-route-deps.js';

export const orgSettingsRoutes: FastifyPluginAsyncTypebox<OrgRouteDeps> = async (app, deps) => {
  app.get(
    '/api/org/settings',
    {
      config: { permission: 'app:read' },
      schema: { tags: ['settings'], summary: 'Read the organization settings', response: { 200: OrgSettingsResponseSchema, ...authErrorResponses } },
    },
    async (request) => getOrgSettings(deps.knex, request.orgId),
  );

  app.put(
    '/api/org/settings',
    {
      config: { permission: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary: 'Change write mode, action cap or confirmation threshold',
        body: PutOrgSettingsBodySchema,
        response: { 200: OrgSettingsResponseSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const result = await deps.orgCommands.changeSettings(request.orgId, request.body, commandContext(request));
      await deps.awaitReadModel(result.position);
      return result.state.settings;
    },
  );
};
