// The members projection on a real database, every event delivered once and twice (same rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { membersProjection } from '../../src/projections/members.projection.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { getMember, listMembers } from '../../src/queries/members.query.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { expectIdempotentProjection, recordedEvents } from '../support/projection-spec.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('members_projection'), poolSize: 4 });
  await runMigrations(db.knex, readModelMigrations);
});
afterAll(async () => {
  await db?.close();
});

const at = '2026-11-22T09:00:00.000Z';
const assigned = (org: string, user_id: string, role: string, permissions: string[] = [], by = 'boss') => ({
  stream: orgStreamId(org),
  type: 'MemberRoleAssigned',
  data: { user_id, role, permissions, at },
  metadata: { user_id: by, correlation_id: 'c', causation_id: 'c', org_id: org },
});

describe('members projection', () => {
  it('keeps the last assignment per organization and user, idempotently', async () => {
    const events = recordedEvents([
      assigned('a', 'u1', 'operator'),
      { stream: orgStreamId('a'), type: 'FeatureFlagChanged', data: { name: 'cycle_p', enabled: true, at } },
      assigned('b', 'u1', 'manager', ['flags:write'], 'other-boss'),
      assigned('a', 'u1', 'approver', ['flags:write']),
      assigned('a', 'u2', 'viewer'),
    ]);
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: membersProjection, events });
    expect(rows.members).toHaveLength(3);
    expect(await getMember(db.knex, 'a', 'u1')).toMatchObject({ role: 'approver', permissions: ['flags:write'], assigned_by: 'boss' });
    expect(await getMember(db.knex, 'b', 'u1')).toMatchObject({ role: 'manager', assigned_by: 'other-boss' });
    expect(await getMember(db.knex, 'c', 'u1')).toBeUndefined();
    expect((await listMembers(db.knex, 'a')).map((m) => m.user_id)).toEqual(['u1', 'u2']);
  });
});
