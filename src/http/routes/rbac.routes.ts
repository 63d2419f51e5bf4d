// Role administration: GET /api/rbac/me, GET /api/rbac/members, PUT and DELETE /api/rbac/members/{user_id}.
// Assignments are events on the org stream (MemberRoleAssigned); reads come from the members
// read model, always filtered by the caller's organization.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MemberAssignment } from '../../domain/org.decider.js';
import { defaultRole, delegablePermissions, type Role } from '../../domain/roles.js';
import { listSeenUsers, type SeenUser } from '../../queries/org-users.js';
import { getMember, listMembers, toMemberView, type MemberRecord } from '../../queries/members.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { MemberParamsSchema, MemberSchema, PutMemberBodySchema, RbacMeSchema } from '../schemas/rbac.schemas.js';
import type { OrgRouteDeps } from './org-route-deps.js';

type MemberEntry = Omit<MemberRecord, 'role' | 'updated_at'> & { role: Role; updated_at: string | null };

const memberView = (m: MemberEntry) => toMemberView(m);

/**
 * Stored assignments, plus the users seen through their tokens without one: the organization
 * administrator as `admin`, everyone else with the default role. An administrator's effective
 * role is `admin` whatever is stored.
 */
function mergeMembers(stored: MemberRecord[], seen: SeenUser[]): MemberEntry[] {
  const admins = new Set(seen.filter((u) => u.is_org_admin).map((u) => u.user_id));
  const byUser = new Map<string, MemberEntry>();
  for (const m of stored) byUser.set(m.user_id, admins.has(m.user_id) ? { ...m, role: 'admin' } : m);
  for (const u of seen) {
    if (!byUser.has(u.user_id)) byUser.set(u.user_id, { user_id: u.user_id, role: u.is_org_admin ? 'admin' : defaultRole, permissions: [], assigned_by: null, updated_at: null });
  }
  return [...byUser.values()].sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
}

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
        summary: 'Organization members (a stored role, or seen through their tokens) with their effective role and access',
        response: { 200: Type.Array(MemberSchema), ...authErrorResponses },
      },
    },
    async (request) => {
      const [stored, seen] = await Promise.all([listMembers(deps.knex, request.orgId), listSeenUsers(deps.knex, request.orgId)]);
      return mergeMembers(stored, seen).map(memberView);
    },
  );

  app.delete(
    '/api/rbac/members/:user_id',
    {
      schema: {
        tags: ['roles'],
        summary: "Revoke a member's stored role and permissions: they fall back to the default role",
        params: MemberParamsSchema,
        response: { 200: MemberSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { user_id } = request.params;
      const result = await deps.orgCommands.revokeMemberRole(request.orgId, user_id, commandContext(request));
      await deps.awaitReadModel(result.position);
      const seen = (await listSeenUsers(deps.knex, request.orgId)).find((u) => u.user_id === user_id);
      return memberView({ user_id, role: seen?.is_org_admin ? 'admin' : defaultRole, permissions: [], assigned_by: null, updated_at: null });
    },
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
      // Permissions left out: the member keeps theirs (a role change must not drop a delegation).
      const { role, permissions } = request.body;
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
