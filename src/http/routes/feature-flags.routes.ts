// GET /api/feature-flags and PUT /api/feature-flags/{name}.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listFeatureFlags } from '../../queries/org-config.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses, DetailErrorSchema } from '../schemas/common.schemas.js';
import { FeatureFlagParamsSchema, FeatureFlagSchema, PutFeatureFlagBodySchema } from '../schemas/org.schemas.js';
import type { OrgRouteDeps } from './org-route-deps.js';

export const featureFlagRoutes: FastifyPluginAsyncTypebox<OrgRouteDeps> = async (app, deps) => {
  app.get(
    '/api/feature-flags',
    {
      config: { permission: 'app:read' },
      schema: { tags: ['feature flags'], summary: "List the organization's feature flags", response: { 200: Type.Array(FeatureFlagSchema), ...authErrorResponses } },
    },
    async (request) => listFeatureFlags(deps.knex, request.orgId),
  );

  app.put(
    '/api/feature-flags/:name',
    {
      config: { permission: 'flags:write' },
      schema: {
        tags: ['feature flags'],
        summary: 'Turn a supported flag on or off',
        params: FeatureFlagParamsSchema,
        body: PutFeatureFlagBodySchema,
        response: { 200: FeatureFlagSchema, 404: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { name } = request.params;
      const result = await deps.orgCommands.setFeatureFlag(request.orgId, name, request.body.enabled, commandContext(request));
      await deps.awaitReadModel(result.position);
      const flags = await listFeatureFlags(deps.knex, request.orgId);
      // Supported (the command would have failed otherwise), so it is in the list. The state of the
      // stream is the truth even if the read model were still behind after the bounded wait.
      const flag = flags.find((f) => f.name === name)!;
      return { ...flag, enabled: result.state.flags[name as keyof typeof result.state.flags] ?? false };
    },
  );
};
