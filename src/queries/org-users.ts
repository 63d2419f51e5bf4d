// Users seen through their tokens: a row per (organization, user) the first time an authenticated
// user calls. Role assignments live in `members`; a user without one has the default role (or is
// the organization administrator), and without this table such users were nowhere to list or to
// count. Not a projection of events: the token, not the event log, says who exists.
import type { Knex } from 'knex';
import { ORG_USERS_TABLE } from './org-users.schema.js';



export interface SeenUser {
  user_id: string;
  is_org_admin: boolean;
  first_seen_at: string;
}

/** Records a user the first time; later calls change nothing (the administrator flag is kept current). */
export async function recordSeenUser(knex: Knex, orgId: string, userId: string, isOrgAdmin: boolean, at: Date): Promise<void> {
  await knex(ORG_USERS_TABLE)
    .insert({ org_id: orgId, user_id: userId, is_org_admin: isOrgAdmin, first_seen_at: at })
    .onConflict(['org_id', 'user_id'])
    .merge(['is_org_admin']);
}

export async function listSeenUsers(knex: Knex, orgId: string): Promise<SeenUser[]> {
  const rows = await knex(ORG_USERS_TABLE).where({ org_id: orgId }).orderBy('user_id').select<{ user_id: string; is_org_admin: boolean; first_seen_at: Date }[]>('user_id', 'is_org_admin', 'first_seen_at');
  return rows.map((r) => ({ user_id: r.user_id, is_org_admin: r.is_org_admin, first_seen_at: r.first_seen_at.toISOString() }));
}

/** Members counted by the plan's members limit: users with a stored role or seen through their tokens. */
export async function countOrgMembers(knex: Knex, orgId: string): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: string }[] }>(
    `SELECT count(*) AS n FROM (SELECT user_id FROM members WHERE org_id = ? UNION SELECT user_id FROM ${ORG_USERS_TABLE} WHERE org_id = ?) u`,
    [orgId, orgId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function isOrgMember(knex: Knex, orgId: string, userId: string): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    `SELECT 1 FROM members WHERE org_id = ? AND user_id = ? UNION ALL SELECT 1 FROM ${ORG_USERS_TABLE} WHERE org_id = ? AND user_id = ? LIMIT 1`,
    [orgId, userId, orgId, userId],
  );
  return rows.length > 0;
}
