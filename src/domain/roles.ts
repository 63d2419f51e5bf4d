// Application roles and what they grant (the reasoning is in docs/security.md, "Roles").
// Pure data and functions: the HTTP layer resolves a caller's role, the org decider validates
// assignments against the same tables.
import { permissions, type Permission } from './permissions.js';

/** Roles a stored assignment can give. `admin` is not one: it comes from the identity provider only. */
export const assignableRoles = ['viewer', 'operator', 'approver', 'manager'] as const;
export type AssignableRole = (typeof assignableRoles)[number];
export type Role = AssignableRole | 'admin';

/** A member with no assignment. */
export const defaultRole: AssignableRole = 'viewer';

/** Only the identity provider's organization administrator holds these; no assignment can grant them. */
export const adminOnlyPermissions = ['roles:manage', 'billing:manage', 'admin:all'] as const satisfies readonly Permission[];

/** Operational permissions: the ones a role or a delegation may give. */
export const delegablePermissions: readonly Permission[] = permissions.filter(
  (p) => !(adminOnlyPermissions as readonly Permission[]).includes(p),
);

const viewer: readonly Permission[] = ['app:read'];
const operator: readonly Permission[] = [
  ...viewer,
  'runs:trigger',
  'runs:confirm',
  'meetings:ingest',
  'backlog:write',
  'exports:read',
];
const approver: readonly Permission[] = [...operator, 'runs:approve', 'backlog:decide'];
const manager: readonly Permission[] = delegablePermissions;

/** Each role's permissions. Every role includes the one below it. */
export const rolePermissions: Readonly<Record<Role, readonly Permission[]>> = {
  viewer,
  operator,
  approver,
  manager,
  admin: permissions,
};

export function isDelegable(permission: string): permission is Permission {
  return (delegablePermissions as readonly string[]).includes(permission);
}

/** The role's permissions plus the delegated ones, in catalogue order, never an admin-only one unless admin. */
export function effectivePermissions(role: Role, delegated: readonly string[] = []): Permission[] {
  if (role === 'admin') return [...permissions];
  const granted = new Set<string>([...rolePermissions[role], ...delegated.filter(isDelegable)]);
  return permissions.filter((p) => granted.has(p));
}
