// The email_suppressions projection (every event delivered once and twice: same rows), its
// queries, and the SNS replay ledger's bounds, on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createReplayLedger, SNS_LEDGER_TABLE } from '../../src/adapters/sns/sns-replay-ledger.js';
import { suppressionsStreamId } from '../../src/domain/streams.js';
import { emailSuppressionsProjection } from '../../src/projections/email-suppressions.projection.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { isSuppressed, listSuppressions } from '../../src/queries/suppressions.query.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { expectIdempotentProjection, recordedEvents } from '../support/projection-spec.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('email_suppressions'), poolSize: 4 });
  await runMigrations(db.knex, readModelMigrations);
});
afterAll(async () => {
  await db?.close();
});

const meta = { user_id: 'sns', correlation_id: 'c', causation_id: 'c' };
const suppressed = (email: string, at: string, reason = 'bounce', message = 'm') => ({
  stream: suppressionsStreamId(),
  type: 'EmailSuppressed',
  data: { email, reason, type: reason === 'bounce' ? 'Permanent' : 'abuse', sub_type: reason === 'bounce' ? 'General' : null, source_message_id: message, at },
  metadata: meta,
});
const removed = (email: string, at: string) => ({ stream: suppressionsStreamId(), type: 'EmailSuppressionRemoved', data: { email, at }, metadata: meta });

describe('email_suppressions projection', () => {
  it('counts repeated suppressions, keeps removals as tombstones, starts a new episode after a removal; idempotently', async () => {
    const events = recordedEvents([
      suppressed('a@x.io', '2026-11-01T00:00:00.000Z', 'bounce', 'm1'),
      suppressed('b@x.io', '2026-11-02T00:00:00.000Z', 'complaint', 'm2'),
      { stream: 'suppressions-other', type: 'EmailSuppressed', data: { email: 'z@x.io' }, metadata: meta },
      suppressed('a@x.io', '2026-11-03T00:00:00.000Z', 'complaint', 'm3'),
      suppressed('c@x.io', '2026-11-04T00:00:00.000Z', 'bounce', 'm4'),
      removed('c@x.io', '2026-11-05T00:00:00.000Z'),
      removed('b@x.io', '2026-11-05T00:00:00.000Z'),
      suppressed('b@x.io', '2026-11-06T00:00:00.000Z', 'bounce', 'm5'),
    ]);
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: emailSuppressionsProjection, events });
    expect(rows.email_suppressions).toHaveLength(3);
    expect(await isSuppressed(db.knex, 'A@X.IO')).toBe(true);
    expect(await isSuppressed(db.knex, ' b@x.io ')).toBe(true);
    expect(await isSuppressed(db.knex, 'c@x.io')).toBe(false);
    expect(await isSuppressed(db.knex, 'z@x.io')).toBe(false);
    const feed = await listSuppressions(db.knex, { limit: 10, offset: 0 });
    expect(feed.total).toBe(2);
    expect(feed.items).toEqual([
      { email: 'b@x.io', reason: 'bounce', type: 'Permanent', sub_type: 'General', first_suppressed_at: '2026-11-06T00:00:00.000Z', last_suppressed_at: '2026-11-06T00:00:00.000Z', count: 1 },
      { email: 'a@x.io', reason: 'complaint', type: 'abuse', sub_type: null, first_suppressed_at: '2026-11-01T00:00:00.000Z', last_suppressed_at: '2026-11-03T00:00:00.000Z', count: 2 },
    ]);
    expect((await listSuppressions(db.knex, { limit: 1, offset: 1 })).items.map((i) => i.email)).toEqual(['a@x.io']);
  });
});

describe('SNS replay ledger', () => {
  it('records each MessageId once and prunes beyond its size and age bounds', async () => {
    await db.knex(SNS_LEDGER_TABLE).truncate();
    let now = new Date('2026-11-23T00:00:00Z');
    const ledger = createReplayLedger(db.knex, { maxRows: 5, maxAgeMs: 3_600_000, pruneEvery: 1_000, now: () => now });
    expect(await ledger.record('m0')).toBe(true);
    expect(await ledger.record('m0')).toBe(false);
    expect(await ledger.has('m0')).toBe(true);
    expect(await ledger.has('never')).toBe(false);
    for (let i = 1; i < 8; i++) {
      now = new Date(now.getTime() + 1_000);
      await ledger.record(`m${i}`);
    }
    expect(await ledger.prune()).toBe(3);
    const left = (await db.knex(SNS_LEDGER_TABLE).orderBy('message_id').pluck('message_id')) as string[];
    expect(left).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    now = new Date(now.getTime() + 3_600_000 - 1_500); // m3, m4, m5 (T+3..5 s) older than an hour now
    expect(await ledger.prune()).toBe(3);
    expect(await ledger.has('m5')).toBe(false);
    expect(await ledger.has('m6')).toBe(true);
  });

  it('prunes by itself every `pruneEvery` records', async () => {
    await db.knex(SNS_LEDGER_TABLE).truncate();
    const ledger = createReplayLedger(db.knex, { maxRows: 3, maxAgeMs: 3_600_000, pruneEvery: 4 });
    for (let i = 0; i < 8; i++) await ledger.record(`p${i}`);
    expect(Number((await db.knex(SNS_LEDGER_TABLE).count({ n: '*' }))[0]!.n)).toBeLessThanOrEqual(3);
  });
});
