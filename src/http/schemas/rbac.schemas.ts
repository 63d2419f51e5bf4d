// Request and response shapes of role administration (docs/security.md, "Roles").
import { Type, type Static } from '@sinclair/typebox';
import { AssignableRoleSchema } from '../../domain/org.events.js';
import { permissions } from '../../domain/permissions.js';
import { assignableRoles } from '../../domain/roles.js';

const PermissionSchema = Type.Union(permissions.map((p) => Type.Literal(p)));
const RoleSchema = Type.Union([...assignableRoles, 'admin' as const].map((r) => Type.Literal(r)));

export const RbacMeSchema = Type.Object({
  org_id: Type.String(),
  user_id: Type.String(),
  role: RoleSchema,
  /** True for the identity provider's organization administrator. */
  is_org_admin: Type.Boolean(),
  permissions: Type.Array(PermissionSchema, { description: 'every permission the caller holds' }),
  delegated_permissions: Type.Array(Type.String(), { description: "extra permissions granted to the caller on top of the role's" }),
  delegable_permissions: Type.Array(PermissionSchema, { description: 'permissions an assignment may delegate' }),
});

export const MemberSchema = Type.Object({
  user_id: Type.String(),
  /** The effective role: `admin` for the organization administrator, the default role when nothing is stored. */
  role: RoleSchema,
  permissions: Type.Array(Type.String(), { description: 'delegated permissions' }),
  effective_permissions: Type.Array(PermissionSchema),
  assigned_by: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** A member as the API shows it (mapped by toMemberView). */
export type MemberView = Static<typeof MemberSchema>;

export const MemberParamsSchema = Type.Object({
  user_id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:@|-]+$' }),
});

export const PutMemberBodySchema = Type.Object(
  {
    role: AssignableRoleSchema,
    permissions: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 32,
        description: 'extra operational permissions; roles:manage, billing:manage and admin:all are refused',
      }),
    ),
  },
  { additionalProperties: false },
);
