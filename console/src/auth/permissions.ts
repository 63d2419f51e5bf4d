// What the signed-in user may do, from GET /api/rbac/me. A control the role does not allow is
// disabled (or hidden) with this reason, so nobody clicks into a 403.
import type { Permission, RbacMe } from '../api/types';

export type Me = Pick<RbacMe, 'role' | 'permissions'>;

export function can(me: Me | undefined, ...needed: Permission[]): boolean {
  if (!me) return false;
  return needed.every((p) => me.permissions.includes(p) || me.permissions.includes('admin:all'));
}

/** Why a control is unavailable, or undefined when it is allowed. */
export function denial(me: Me | undefined, ...needed: Permission[]): string | undefined {
  if (!me) return 'Loading your permissions…';
  const missing = needed.filter((p) => !can(me, p));
  if (missing.length === 0) return undefined;
  return `Your role (${me.role}) lacks the permission ${missing.join(' and ')}.`;
}
