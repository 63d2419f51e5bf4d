// Reads of the members read model. Every query filters by the caller's organization.
import type { Knex } from 'knex';
import type { AssignableRole } from '../domain/roles.js';

export interface MemberRecord {
  user_id: string;
  role: AssignableRole;
  /** Delegated permissions. */
  permissions: string[];
  assigned_by: string | null;
  updated_at: string;
}

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
