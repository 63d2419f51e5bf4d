// Request and response shapes of role administration (docs/security.md, "Roles").
import { Type, type Static } from '@sinclair/typebox';
import { AssignableRoleSchema } from '../../domain/org.events.js';
import { permissions } from '../../domain/permissions.js';
import { assignableRoles, delegablePermissions } from '../../domain/roles.js';
import { documented, OneOf } from './common.schemas.js';

const Permission = (description?: string) => OneOf(permissions, description ? { description } : {});
const RoleSchema = Type.Union([...assignableRoles, 'admin' as const].map((r) => Type.Literal(r)), {
  description: "the effective role: admin for the identity provider's organization administrator, the default role (viewer) when none is stored",
});

export const RbacMeSchema = Type.Object(
  {
    org_id: Type.String({ description: "the caller's organization", examples: ['acme'] }),
    user_id: Type.String({ description: 'the caller', examples: ['ada'] }),
    role: RoleSchema,
    is_org_admin: Type.Boolean({ description: "true for the identity provider's organization administrator" }),
    permissions: Type.Array(Permission(), { description: 'every permission the caller holds' }),
    delegated_permissions: Type.Array(Permission(), { description: "extra permissions granted to the caller on top of the role's" }),
    delegable_permissions: Type.Array(Permission(), { description: 'permissions an assignment may delegate' }),
  },
  {
    description: "The caller's access in its organization",
    examples: [
      {
        org_id: 'acme',
        user_id: 'vic',
        role: 'viewer',
        is_org_admin: false,
        permissions: ['app:read', 'audit:read'],
        delegated_permissions: ['audit:read'],
        delegable_permissions: [...delegablePermissions],
      },
    ],
  },
);

export const MemberSchema = Type.Object(
  {
    user_id: Type.String({ description: 'the member', examples: ['vic'] }),
    role: RoleSchema,
    permissions: Type.Array(Permission(), { description: "delegated permissions, on top of the role's" }),
    effective_permissions: Type.Array(Permission(), { description: "everything the member may do: the role's permissions and the delegated ones" }),
    assigned_by: Type.Union([Type.String(), Type.Null()], { description: 'who stored the assignment; null without one' }),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'when the assignment was stored; null without one' }),
  },
  {
    description: 'A member of the organization with their role and permissions',
    examples: [
      {
        user_id: 'vic',
        role: 'viewer',
        permissions: ['audit:read'],
        effective_permissions: ['app:read', 'audit:read'],
        assigned_by: 'ada',
        updated_at: '2026-11-24T09:00:00.000Z',
      },
    ],
  },
);

/** A member as the API shows it (mapped by toMemberView). */
export type MemberView = Static<typeof MemberSchema>;

export const MemberParamsSchema = Type.Object({
  user_id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:@|-]+$', description: "the member's user id (the token's subject)", examples: ['vic'] }),
});

export const PutMemberBodySchema = Type.Object(
  {
    role: documented(AssignableRoleSchema, 'the operational role (admin is not assignable: it belongs to the identity provider)', ['approver']),
    permissions: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 32,
        description:
          "the complete list of extra permissions, replacing the member's current ones ([] removes them all); left out, the member keeps the " +
          'ones they have. roles:manage, billing:manage and admin:all are refused',
        examples: [['audit:read']],
      }),
    ),
  },
  { additionalProperties: false, examples: [{ role: 'approver', permissions: ['audit:read'] }] },
);
