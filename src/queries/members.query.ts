// Reads of the members read model. Every query filters by the caller's organization.
import type { Knex } from 'knex';
import { effectivePermissions, type AssignableRole } from '../domain/roles.js';
import type { MemberView } from '../http/schemas/rbac.schemas.js';

/** A stored assignment (what access checks need): the API's Member without what is derived from the role. */
export type MemberRecord = Omit<MemberView, 'effective_permissions' | 'updated_at' | 'role'> & { role: AssignableRole; updated_at: string };

/** The one mapping of a member to the API's Member; updated_at is null for an assignment not yet in the read model. */
export const toMemberView = (m: Omit<MemberView, 'effective_permissions'>): MemberView => ({
  user_id: m.user_id,
  role: m.role,
  permissions: m.permissions,
  effective_permissions: effectivePermissions(m.role, m.permissions),
  assigned_by: m.assigned_by,
  updated_at: m.updated_at,
});

interface MemberRow {
  user_id: string;
  role: AssignableRole;
  permissions: string[];
  assigned_by: string | null;
  updated_at: Date;
}

const toRecord = (row: MemberRow): MemberRecord => ({
  user_id: row.user_id,
  role: row.role,
  permissions: row.permissions,
  assigned_by: row.assigned_by,
  updated_at: row.updated_at.toISOString(),
});

/** The member's stored assignment, or undefined when none (a viewer). One primary-key lookup. */
export async function getMember(knex: Knex, orgId: string, userId: string): Promise<MemberRecord | undefined> {
  const row = await knex('members')
    .where({ org_id: orgId, user_id: userId })
    .first<MemberRow | undefined>('user_id', 'role', 'permissions', 'assigned_by', 'updated_at');
  return row ? toRecord(row) : undefined;
}

export async function listMembers(knex: Knex, orgId: string): Promise<MemberRecord[]> {
  const rows = await knex('members')
    .where({ org_id: orgId })
    .orderBy('user_id')
    .select<MemberRow[]>('user_id', 'role', 'permissions', 'assigned_by', 'updated_at');
  return rows.map(toRecord);
}
