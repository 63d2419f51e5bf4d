// The billing projection on a real database, every event delivered once and twice (same rows), and
// the scheduler's behaviour when a plan limit refuses a scheduled run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { PlanLimitError } from '../../src/commands/plan-limits.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { billingProjection } from '../../src/projections/billing.projection.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { findOrgByCustomer, getSubscription } from '../../src/queries/billing.query.js';
import { createScheduler } from '../../src/reactors/scheduler.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { expectIdempotentProjection, recordedEvents } from '../support/projection-spec.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('billing_projection'), poolSize: 4 });
  await runMigrations(db.knex, readModelMigrations);
});
afterAll(async () => {
  await db?.close();
});

const at = '2026-11-22T09:00:00.000Z';
const changed = (org: string, status: string, eventId: string, extra: Record<string, unknown> = {}) => ({
  stream: orgStreamId(org),
  type: 'SubscriptionChanged',
  data: { plan: 'team', status, customer_id: `cus_${org}`, subscription_id: `sub_${org}`, provider_event_id: eventId, provider_event_at: at, at, ...extra },
});

describe('billing projection', () => {
  it('keeps the latest subscription per organization and every linked customer, idempotently', async () => {
    const events = recordedEvents([
      { stream: orgStreamId('a'), type: 'BillingCustomerLinked', data: { customer_id: 'cus_a', at } },
      { stream: orgStreamId('a'), type: 'FeatureFlagChanged', data: { name: 'cycle_p', enabled: true, at } },
      changed('a', 'active', 'evt_1', { current_period_end: '2026-12-22T09:00:00.000Z', cancel_at_period_end: false }),
      changed('b', 'trialing', 'evt_2'),
      changed('a', 'canceled', 'evt_3', { current_period_end: '2026-12-22T09:00:00.000Z', cancel_at_period_end: true }),
    ]);
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: billingProjection, events });
    expect(rows.subscriptions).toHaveLength(2);
    expect(rows.billing_customers).toHaveLength(2);
    expect(await getSubscription(db.knex, 'a')).toMatchObject({ plan: 'team', status: 'canceled', customer_id: 'cus_a', current_period_end: '2026-12-22T09:00:00.000Z', cancel_at_period_end: true });
    expect(await getSubscription(db.knex, 'b')).toMatchObject({ status: 'trialing', current_period_end: null });
    expect(await getSubscription(db.knex, 'c')).toBeUndefined();
    expect(await findOrgByCustomer(db.knex, 'cus_b')).toBe('b');
    expect(await findOrgByCustomer(db.knex, 'cus_zzz')).toBeUndefined();
  });
});

describe('scheduler and plan limits', () => {
  it('logs a scheduled run refused by the plan once and does not try that slot again', async () => {
    const warnings: unknown[] = [];
    let calls = 0;
    const scheduler = createScheduler({
      listSchedules: async () => [
        { org_id: 'org_s', enabled: true, timezone: 'UTC', days_of_week: [1], time: '08:00', board_type: 'jira', project_key: 'NEW' },
      ],
      runCommands: {
        trigger: async () => {
          calls++;
          throw new PlanLimitError('projects', 1, 'free');
        },
      },
      now: () => new Date('2026-11-23T08:00:20Z'),
      log: { warn: (obj: unknown) => warnings.push(obj), error: () => undefined, info: () => undefined },
    });
    expect(await scheduler.tick()).toEqual([]);
    expect(await scheduler.tick()).toEqual([]);
    expect(calls).toBe(1);
    expect(warnings).toEqual([expect.objectContaining({ org: 'org_s', err: 'Plan limit reached: projects (1 on the free plan)' })]);
  });
});
