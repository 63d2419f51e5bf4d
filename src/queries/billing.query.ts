// Reads of the billing read model and of the usage that plan limits measure (runs, members).
// Every query filters by the caller's organization, except the customer → organization lookup that
// maps a verified payment webhook to its organization.
import type { Knex } from 'knex';
import { countOrgMembers, isOrgMember } from './org-users.js';
import type { BoardType } from '../domain/org.events.js';
import type { PlanUsageReader } from '../domain/plan-usage.js';
import type { PlanName, SubscriptionStatus } from '../domain/plans.js';

export interface SubscriptionRecord {
  plan: PlanName;
  status: SubscriptionStatus;
  customer_id: string;
  subscription_id: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean | null;
  updated_at: string;
}

interface SubscriptionRow extends Omit<SubscriptionRecord, 'current_period_end' | 'updated_at'> {
  current_period_end: Date | null;
  updated_at: Date;
}

/** The organization's subscription summary, or undefined before its first subscription event (free). */
export async function getSubscription(knex: Knex, orgId: string): Promise<SubscriptionRecord | undefined> {
  const row = await knex('subscriptions')
    .where({ org_id: orgId })
    .first<SubscriptionRow | undefined>('plan', 'status', 'customer_id', 'subscription_id', 'current_period_end', 'cancel_at_period_end', 'updated_at');
  if (!row) return undefined;
  return {
    ...row,
    current_period_end: row.current_period_end ? row.current_period_end.toISOString() : null,
    updated_at: row.updated_at.toISOString(),
  };
}

export async function findOrgByCustomer(knex: Knex, customerId: string): Promise<string | undefined> {
  const row = await knex('billing_customers').where({ customer_id: customerId }).first<{ org_id: string } | undefined>('org_id');
  return row?.org_id;
}

const count = (row: { n?: string | number } | undefined) => Number(row?.n ?? 0);

/** Usage from the runs and members read models. */
export function createPlanUsageReader(knex: Knex): PlanUsageReader {
  return {
    async runsSince(orgId, since) {
      return count(await knex('runs').where({ org_id: orgId }).andWhere('created_at', '>=', since).first<{ n: string }>(knex.raw('count(*) as n')));
    },
    async projects(orgId) {
      const row = await knex
        .from(knex('runs').where({ org_id: orgId }).distinct('board_type', 'project_key').as('p'))
        .first<{ n: string }>(knex.raw('count(*) as n'));
      return count(row);
    },
    async hasRunsFor(orgId: string, boardType: BoardType, projectKey: string) {
      const row = await knex('runs').where({ org_id: orgId, board_type: boardType, project_key: projectKey }).first<{ run_id: string } | undefined>('run_id');
      return row !== undefined;
    },
    // Members: users with a stored role and users seen through their tokens (org-users.ts).
    members: (orgId) => countOrgMembers(knex, orgId),
    isMember: (orgId, userId) => isOrgMember(knex, orgId, userId),
  };
}
