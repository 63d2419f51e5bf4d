// Readers without the chain (ReadAllOptions.chain / SubscribeToAllOptions.chain = false, migration
// 010): the same events, positions and content, without the chain's two hashes, which such readers
// never use and which cost a rebuild of a sealed log ~12% of its pace (docs/benchmarks.md, "2026-11-29,
// late night"). The audit log's projection, which shows each event's hash, still reads them when it
// catches up from the log (the path that leaves them out), not only from the live tail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_KEY, PREV_HASH_KEY } from '../../src/adapters/audit-chain.js';
import type { EventStore, RecordedEvent } from '../../src/adapters/event-store.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { AUDIT_EVENTS_PROJECTION } from '../../src/projections/audit-events.projection.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { createTestApp } from '../support/test-app.js';

let url: string;
let db: Database;
let store: EventStore;

const settingsChanged = (n: number) => ({
  type: 'OrgSettingsChanged',
  data: { at: new Date(Date.UTC(2026, 10, 29, 12, n)).toISOString(), changed: ['action_cap'], settings: { action_cap: 10 + n, confirmation_threshold: 10, write_mode: 'approval' } },
  metadata: { causation_id: `c-${n}`, correlation_id: `c-${n}`, org_id: 'acme', user_id: 'ada' },
});

beforeAll(async () => {
  url = await createTestDatabaseUrl('read_without_chain');
  db = createDatabase({ url, poolSize: 2 });
  await runMigrations(db.knex, eventStoreMigrations);
  store = createPgEventStore({ pool: db.pool, connectionString: url, batchSize: 2 });
  for (let n = 0; n < 3; n++) await store.append('org-acme', [settingsChanged(n)], { expectedRevision: n === 0 ? 'no_stream' : BigInt(n - 1) });
  await store.append('run-r1', [{ type: 'Other', data: { n: 1 }, metadata: { causation_id: 'x', correlation_id: 'x', user_id: 'ada' } }], { expectedRevision: 'no_stream' });
  // Until every one is readable: a transaction open elsewhere in the cluster (another test file's)
  // holds the log's read horizon back.
  await store.settledHeadPosition();
});

afterAll(async () => {
  await store?.close();
  await db?.close();
});

async function all(events: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const withoutHashes = (e: RecordedEvent) => {
  const { [HASH_KEY]: _hash, [PREV_HASH_KEY]: _prev, ...metadata } = e.metadata;
  return { ...e, metadata };
};

describe('reading the log without the chain', () => {
  it('reads the same events, in pages, without the two hashes; by default with them', async () => {
    const sealed = await all(store.readAll());
    const plain = await all(store.readAll({ chain: false }));
    expect(sealed).toHaveLength(4);
    for (const e of sealed) expect(e.metadata[HASH_KEY]).toMatch(/^[0-9a-f]{64}$/);
    for (const e of plain) expect(Object.keys(e.metadata)).not.toEqual(expect.arrayContaining([HASH_KEY]));
    for (const e of plain) expect(Object.keys(e.metadata)).not.toEqual(expect.arrayContaining([PREV_HASH_KEY]));
    expect(plain).toEqual(sealed.map(withoutHashes));
    // Filtered, from a position: the same rule.
    const from = sealed[1]!.position;
    expect(await all(store.readAll({ from, filter: { streamPrefixes: ['org-'] }, chain: false }))).toEqual(sealed.slice(1, 3).map(withoutHashes));
  });

  it('catches a subscription up without them', async () => {
    const controller = new AbortController();
    const events: RecordedEvent[] = [];
    for await (const item of store.subscribeToAll({ after: 'start', signal: controller.signal, chain: false })) {
      if (item.kind === 'event') events.push(item.event);
      if (item.kind === 'caughtUp') break;
    }
    controller.abort();
    expect(events.map((e) => e.id)).toEqual((await all(store.readAll())).map((e) => e.id));
    for (const e of events) expect(e.metadata[HASH_KEY]).toBeUndefined();
  });

  it("keeps the audit log's hashes when its projection catches up from the log", async () => {
    const app = await createTestApp({ label: 'read_without_chain_app', env: { DATABASE_URL: url } });
    try {
      const head = await app.infra.store.settledHeadPosition();
      expect(await app.projector.waitFor(head!, { projections: [AUDIT_EVENTS_PROJECTION], timeoutMs: 15_000 })).toBe(true);
      const { rows } = await db.pool.query<{ revision: string; hash: string | null }>(
        "SELECT revision::text AS revision, hash FROM audit_events WHERE stream = 'org-acme' ORDER BY revision",
      );
      const expected = (await all(store.readStream('org-acme'))).map((e) => ({ revision: e.revision.toString(), hash: e.metadata[HASH_KEY] }));
      expect(rows).toEqual(expected);
    } finally {
      await app.close();
    }
  });
});
