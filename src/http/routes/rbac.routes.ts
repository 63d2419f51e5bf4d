// Role administration: GET /api/rbac/me, GET /api/rbac/members, PUT /api/rbac/members/{user_id}.
// Assignments are events on the org stream (MemberRoleAssigned); reads come from the members
// read model, always filtered by the caller's organization.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MemberAssignment } from '../../domain/org.decider.js';
import { delegablePermissions } from '../../domain/roles.js';
import { getMember, listMembers, toMemberView } from '../../queries/members.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { MemberParamsSchema, MemberSchema, PutMemberBodySchema, RbacMeSchema } from '../schemas/rbac.schemas.js';
import type { OrgRouteDeps } from './org-route-deps.js';

export const rbacRoutes: FastifyPluginAsyncTypebox<OrgRouteDeps> = async (app, deps) => {
  app.get(
    '/api/rbac/me',
    {
      schema: {
        tags: ['roles'],
        summary: "The caller's application role, effective permissions and delegable permissions",
        response: { 200: RbacMeSchema, ...authErrorResponses },
      },
    },
    async (request) => ({
      org_id: request.orgId,
      user_id: request.identity.userId,
      role: request.access.role,
      is_org_admin: request.identity.isOrgAdmin,
      permissions: request.access.permissions,
      delegated_permissions: request.access.delegated,
      delegable_permissions: [...delegablePermissions],
    }),
  );

  app.get(
    '/api/rbac/members',
    {
      schema: {
        tags: ['roles'],
        summary: 'Organization members with a stored role, with their effective access',
        response: { 200: Type.Array(MemberSchema), ...authErrorResponses },
      },
    },
    async (request) => (await listMembers(deps.knex, request.orgId)).map(toMemberView),
  );

  app.put(
    '/api/rbac/members/:user_id',
    {
      schema: {
        tags: ['roles'],
        summary: 'Assign an operational role and delegable permissions to a member',
        params: MemberParamsSchema,
        body: PutMemberBodySchema,
        response: { 200: MemberSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { user_id } = request.params;
      const { role, permissions = [] } = request.body;
      await deps.checkNewMember?.(request.orgId, user_id);
      const result = await deps.orgCommands.assignMemberRole(request.orgId, user_id, role, permissions, commandContext(request));
      await deps.awaitReadModel(result.position);
      // The stream's state is the truth even if the read model were still behind after the bounded wait.
      const assigned: MemberAssignment = result.state.members[user_id]!;
      const stored = await getMember(deps.knex, request.orgId, user_id);
      return toMemberView({
        user_id,
        role: assigned.role,
        permissions: assigned.permissions,
        assigned_by: stored?.assigned_by ?? request.identity.userId,
        updated_at: stored?.updated_at ?? null,
      });
    },
  );
};
