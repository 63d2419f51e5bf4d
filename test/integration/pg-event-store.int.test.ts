// The PostgreSQL event store: the shared contract, then what only PostgreSQL can get wrong — the xmin
// guard of the global cursor, commit delays and rollbacks, and wake-ups that do not wait for the poll.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, EventStoreUnavailableError, type EventStore, type Position } from '../../src/adapters/event-store.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { APPEND_GROUP_SQL, NOTIFY_SQL } from '../../src/adapters/postgres/pg-sql.js';
import { groupDocument } from '../../src/adapters/postgres/pg-mapping.js';
import { contentDigest, verifyChain, wireContent } from '../../src/adapters/audit-chain.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { collect, describeEventStoreContract, ev, readAllUntil, startCollector } from '../support/event-store-contract.js';

let db: Database;

beforeAll(async () => {
  const url = await createTestDatabaseUrl('pg_event_store');
  db = createDatabase({ url, poolSize: 24 });
  await runMigrations(db.knex, eventStoreMigrations);
});

afterAll(async () => {
  await db?.close();
});

function newStore(options: { pollIntervalMs?: number; batchSize?: number } = {}): EventStore {
  return createPgEventStore({ pool: db.pool, connectionString: db.url, ...options });
}

describeEventStoreContract('postgres', async () => {
  const store = newStore();
  return { store, teardown: () => store.close() };
});

describeEventStoreContract('postgres, pages of 7 rows', async () => {
  const store = newStore({ batchSize: 7 });
  return { store, teardown: () => store.close() };
});

/** A raw connection appending inside a transaction it controls (what another process would do). */
async function rawAppend(client: pg.Client, stream: string, id: string, type = 'Raw'): Promise<void> {
  await client.query(`SELECT es.append_events($1, 'any', NULL, $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[])`, [
    stream,
    [id],
    [type],
    [JSON.stringify({ id })],
    [null],
    [contentDigest(type, { id }, undefined)],
  ]);
}

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  return client;
}

describe('postgres event store: specifics', () => {
  let store: EventStore;
  beforeAll(() => {
    store = newStore();
  });
  afterAll(async () => {
    await store.close();
  });

  it('stores what it hashed: an event whose data has a toJSON verifies clean, read back as toJSON gave it', async () => {
    const store = newStore();
    try {
      const stream = `tojson-${randomUUID()}`;
      const price = { toJSON: () => ({ amount: '1.50', currency: 'EUR' }) };
      await store.append(stream, [{ type: 'Priced', data: { price, at: new Date(0) } }]);
      await store.append(stream, [{ type: 'Priced', data: { price } }], { expectedRevision: 0n });
      const events = await collect(store.readStream(stream));
      expect(events.map((e) => e.data)).toEqual([{ price: { amount: '1.50', currency: 'EUR' }, at: '1970-01-01T00:00:00.000Z' }, { price: { amount: '1.50', currency: 'EUR' } }]);
      expect(verifyChain(stream, events).broken).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('gives events appended without an id a UUIDv7, in the order of their appends', async () => {
    const s = `v7-${randomUUID().slice(0, 8)}`;
    await store.append(s, [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
    await new Promise((r) => setTimeout(r, 2));
    await store.append(s, [ev('C')], { expectedRevision: 1n });
    const ids = (await collect(store.readStream(s))).map((e) => e.id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[2]! > ids[0]! && ids[2]! > ids[1]!).toBe(true);
  });

  it('carries several events of one append intact, in order, sealed: quotes, backslashes, unicode, null data, no metadata', async () => {
    const stream = `many-"\\-✓-${randomUUID()}`;
    const meta = { user_id: 'u"1', correlation_id: 'c\\1', causation_id: 'ç', note: '{"not":"json"}' };
    const events = [
      { type: 'T"\\x', data: { s: 'a "quoted" \\ value\nnext', n: [1, 2.5, 1e21], nested: { z: null } }, metadata: meta },
      { type: 'Ünicode', data: null },
      { type: 'Plain', data: 'a bare string', metadata: meta },
      { type: 'Array', data: [{ b: 1, a: 2 }, 'x', null] },
    ];
    const first = await store.append(stream, events, { expectedRevision: 'no_stream' });
    expect(first.nextExpectedRevision).toBe(3n);
    await store.append(stream, events.slice(0, 2), { expectedRevision: 3n });
    const read = await collect(store.readStream(stream));
    expect(read.map((e) => e.type)).toEqual([...events.map((e) => e.type), events[0]!.type, events[1]!.type]);
    for (const [i, e] of read.entries()) {
      const sent = events[i % 4]!;
      expect(e.data).toEqual(JSON.parse(JSON.stringify(sent.data)));
      const { prev_hash: _p, hash: _h, ...metadata } = e.metadata;
      expect(metadata).toEqual(sent.metadata ?? {});
    }
    expect(verifyChain(stream, read).broken).toBeUndefined();
  });

  it('settles the head on the newest commit once an older open transaction ends; a signal ends the wait', async () => {
    const a = await connect();
    try {
      await a.query('BEGIN');
      await a.query('SELECT pg_current_xact_id()'); // an id, so it holds the horizon back
      const { position } = await store.append(`settle-${randomUUID()}`, [ev('Late')]);
      const seen = await store.headPosition(); // null when this test runs alone on the new store
      expect(seen === null || comparePositions(seen, position) < 0).toBe(true);

      // Short waits: the horizon held is the whole cluster's, other test files' projections included.
      const bounded = AbortSignal.timeout(150);
      await expect(store.settledHeadPosition(bounded)).rejects.toMatchObject({ name: 'TimeoutError' });

      let settled: Position | null | undefined;
      const waiting = store.settledHeadPosition().then((p) => (settled = p));
      await new Promise((r) => setTimeout(r, 200));
      expect(settled).toBeUndefined();
      await a.query('COMMIT');
      await waiting;
      expect(comparePositions(settled!, position)).toBeGreaterThanOrEqual(0);
      expect(comparePositions((await store.headPosition())!, settled!)).toBeGreaterThanOrEqual(0);
    } finally {
      await a.end();
    }
  });

  it('the xmin guard holds back an event committed after an older, still-open transaction; a naive cursor loses it', async () => {
    const p = `guard-${randomUUID().slice(0, 8)}-`;
    const head = await store.headPosition();
    const ac = new AbortController();
    const sub = startCollector(store.subscribeToAll({ after: head ?? 'start', filter: { streamPrefixes: [p] }, signal: ac.signal }));
    await sub.until(() => sub.items.some((i) => i.kind === 'caughtUp'));

    // The naive reader: global_position > last, advancing to the highest seen (it skips late commits).
    const naiveSeen: string[] = [];
    let naiveLast = BigInt((await db.pool.query<{ m: string }>('SELECT coalesce(max(global_position), 0)::text AS m FROM es.events')).rows[0]!.m);
    const naivePoll = async () => {
      const { rows } = await db.pool.query<{ gp: string; event_id: string }>(
        'SELECT global_position::text AS gp, event_id FROM es.events WHERE global_position > $1 AND stream_name LIKE $2 ORDER BY global_position',
        [naiveLast.toString(), `${p}%`],
      );
      for (const r of rows) {
        naiveSeen.push(r.event_id);
        naiveLast = BigInt(r.gp);
      }
    };

    const a = await connect();
    const idA = randomUUID();
    const idB = randomUUID();
    try {
      await a.query('BEGIN');
      await rawAppend(a, `${p}a`, idA); // takes the lower global_position and xid, stays open
      await store.append(`${p}b`, [ev('B', {}, idB)]); // commits first

      await naivePoll();
      expect(naiveSeen).toEqual([idB]); // the naive cursor has already moved past A's position

      // Several poll intervals and wake-ups later, the guarded subscriber still holds B back.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(sub.events()).toEqual([]);
      const visible = await collect(store.readAll({ from: head ?? 'start', filter: { streamPrefixes: [p] } }));
      expect(visible).toEqual([]);

      await a.query('COMMIT');
    } finally {
      await a.end();
    }
    await sub.until(() => sub.events().length === 2);
    ac.abort();
    await sub.done;
    expect(sub.events().map((e) => e.id)).toEqual([idA, idB]);

    await naivePoll();
    expect(naiveSeen).toEqual([idB]); // A was lost for good by the naive reader
  });

  it('torture with commit delays and ~5% rollbacks: every committed event delivered exactly once, in order', async () => {
    const p = `rollback-${randomUUID().slice(0, 8)}-`;
    const head = await store.headPosition();
    const filter = { streamPrefixes: [p] };
    const ac = new AbortController();
    const sub = startCollector(store.subscribeToAll({ after: head ?? 'start', filter, signal: ac.signal }));
    await sub.until(() => sub.items.some((i) => i.kind === 'caughtUp'));

    const committed = new Set<string>();
    let rolledBack = 0;
    const deadline = Date.now() + 4_000;
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        const client = await connect();
        try {
          for (let k = 0; Date.now() < deadline; k++) {
            const ids = [randomUUID(), randomUUID()];
            await client.query('BEGIN');
            await rawAppend(client, `${p}${w}-${k % 3}`, ids[0]!);
            if (Math.random() < 0.5) await rawAppend(client, `${p}${(w + 1) % 16}-x`, ids[1]!);
            else ids.pop();
            await new Promise((r) => setTimeout(r, Math.random() * 15));
            if (Math.random() < 0.05) {
              await client.query('ROLLBACK');
              rolledBack++;
            } else {
              await client.query('COMMIT');
              for (const id of ids) committed.add(id);
            }
          }
        } finally {
          await client.end();
        }
      }),
    );
    await sub.until(() => sub.events().length >= committed.size, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    ac.abort();
    await sub.done;

    const delivered = sub.events().map((e) => e.id);
    expect(rolledBack).toBeGreaterThan(0);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered.length).toBe(committed.size);
    expect(delivered.every((id) => committed.has(id))).toBe(true);
    const all = await readAllUntil(store, { from: head ?? 'start', filter }, committed.size);
    expect(delivered).toEqual(all.map((e) => e.id));
    console.info(`torture with rollbacks: ${committed.size} committed events delivered exactly once, ${rolledBack} transactions rolled back`);
  }, 60_000);

  it('wakes subscribers without waiting for the fallback poll: locally and through LISTEN/NOTIFY', async () => {
    const listening = newStore({ pollIntervalMs: 120_000 });
    const other = newStore({ pollIntervalMs: 120_000 }); // stands in for another process
    const p = `wake-${randomUUID().slice(0, 8)}-`;
    const ac = new AbortController();
    try {
      const head = await listening.headPosition();
      const all = startCollector(listening.subscribeToAll({ after: head ?? 'start', filter: { streamPrefixes: [p] }, signal: ac.signal }));
      const one = startCollector(listening.subscribeToStream(`${p}s`, { after: 'start', signal: ac.signal }));
      await all.until(() => all.items.some((i) => i.kind === 'caughtUp'));
      await one.until(() => one.items.some((i) => i.kind === 'caughtUp'));
      await waitForListeners(2); // this test's store and the suite's

      await listening.append(`${p}s`, [ev('Local')]);
      await all.until(() => all.events().length === 1, 20_000);
      await one.until(() => one.events().length === 1, 20_000);

      await other.append(`${p}s`, [ev('Remote')]);
      await all.until(() => all.events().length === 2, 20_000);
      await one.until(() => one.events().length === 2, 20_000);

      // Kill the LISTEN connection: the store reconnects and wake-ups resume.
      await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'sprintguard-es-listen' AND datname = current_database()`);
      await new Promise((r) => setTimeout(r, 300));
      await waitForListeners(2);
      await other.append(`${p}s`, [ev('AfterReconnect')]);
      await all.until(() => all.events().length === 3, 20_000);
      await one.until(() => one.events().length === 3, 20_000);
      expect(one.events().map((e) => e.type)).toEqual(['Local', 'Remote', 'AfterReconnect']);
    } finally {
      ac.abort();
      await Promise.all([listening.close(), other.close()]);
    }
  });

  it('sends the NOTIFY of an append after a quiet spell at once, not on a later turn of the event loop', async () => {
    // The store's pool, its statements recorded: a busy process runs many I/O callbacks before a timer.
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const notifies: number[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as { query: unknown }).query = (...args: unknown[]) => {
      if (args[0] === NOTIFY_SQL) notifies.push(Date.now());
      return query(...args);
    };
    const store = createPgEventStore({ pool, connectionString: db.url });
    try {
      await store.append(`quiet-${randomUUID().slice(0, 8)}`, [ev('First')]);
      expect(notifies).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 20));
      await store.append(`quiet-${randomUUID().slice(0, 8)}`, [ev('AfterQuiet')]);
      expect(notifies).toHaveLength(2);
    } finally {
      await store.close();
      await pool.end();
    }
  });

  it('close() ends every subscription cleanly', async () => {
    const s = newStore();
    const sub = startCollector(s.subscribeToAll({ after: 'end', signal: new AbortController().signal }));
    await sub.until(() => sub.items.some((i) => i.kind === 'caughtUp'));
    await s.close();
    await sub.done;
    expect(sub.ended).toBe(true);
  });

  it('reports an unreachable database as EventStoreUnavailableError', async () => {
    const url = new URL(db.url);
    url.port = '1';
    const pool = new pg.Pool({ connectionString: url.toString(), connectionTimeoutMillis: 2_000 });
    const s = createPgEventStore({ pool, connectionString: url.toString() });
    try {
      await expect(s.ping()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(s.append('x-1', [ev('X')])).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(collect(s.readAll())).rejects.toBeInstanceOf(EventStoreUnavailableError);
    } finally {
      await s.close();
      await pool.end();
    }
  });

  it('positions are (transaction id, global position) and ping works', async () => {
    await store.ping();
    const r = await store.append(`pos-${randomUUID().slice(0, 8)}`, [ev('A'), ev('B')]);
    const { rows } = await db.pool.query<{ c: string; p: string }>(
      'SELECT transaction_id::text AS c, global_position::text AS p FROM es.events ORDER BY global_position DESC LIMIT 1',
    );
    const expected: Position = { commit: BigInt(rows[0]!.c), prepare: BigInt(rows[0]!.p) };
    expect(r.position).toEqual(expected);
  });
});

/** Waits until `count` LISTEN connections of this database are up and idle. */
async function waitForListeners(count: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await db.pool.query(
      `SELECT 1 FROM pg_stat_activity WHERE application_name = 'sprintguard-es-listen' AND datname = current_database() AND state = 'idle'`,
    );
    if (rows.length >= count) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('LISTEN connection never came up');
}

describe('postgres event store: migration 003 (appends guarded by the event key)', () => {
  it('a store written before it keeps its streams and chains: reads, exact and any appends continue them', async () => {
    const old = createDatabase({ url: await createTestDatabaseUrl('pg_event_store_003'), poolSize: 4 });
    try {
      // The schema as of 002: head rows, and es.append that seals under the head row's lock.
      await runMigrations(old.knex, { ...eventStoreMigrations, migrations: eventStoreMigrations.migrations.slice(0, 2) });
      const appendBefore003 = (stream: string, type: string, data: object) =>
        old.pool.query(`SELECT es.append($1, 'any', NULL, $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[])`, [
          stream,
          [randomUUID()],
          [type],
          [JSON.stringify(data)],
          [JSON.stringify({ user_id: 'u' })],
          [contentDigest(type, data, { user_id: 'u' })],
        ]);
      await appendBefore003('old-a', 'A', { n: 0 });
      await appendBefore003('old-a', 'B', { n: 1 });
      await runMigrations(old.knex, eventStoreMigrations);
      const { rows } = await old.pool.query<{ t: string | null }>(`SELECT to_regclass('es.streams')::text AS t`);
      expect(rows[0]!.t).toBeNull();

      const store = createPgEventStore({ pool: old.pool, connectionString: old.url });
      try {
        expect((await store.append('old-a', [ev('C')], { expectedRevision: 1n })).nextExpectedRevision).toBe(2n);
        expect((await store.append('old-a', [ev('D'), ev('E')])).nextExpectedRevision).toBe(4n);
        await expect(store.append('old-a', [ev('X')], { expectedRevision: 'no_stream' })).rejects.toMatchObject({ actual: 4n });
        const events = await collect(store.readStream('old-a'));
        expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E']);
        for (let i = 1; i < events.length; i++) expect(events[i]!.metadata.prev_hash).toBe(events[i - 1]!.metadata.hash);
        // The function of 002 is gone: a process of the previous version fails loudly.
        await expect(appendBefore003('old-a', 'F', {})).rejects.toThrow(/es\.append/);
      } finally {
        await store.close();
      }
    } finally {
      await old.close();
    }
  });
});

describe('postgres event store: migration 006 (the chain in columns of its own)', () => {
  it('stores new hashes in the columns, not the metadata, and links them to hashes sealed before in the metadata', async () => {
    const old = createDatabase({ url: await createTestDatabaseUrl('pg_event_store_006'), poolSize: 4 });
    try {
      // The schema as of 005: its statements sealed the hashes into the metadata.
      await runMigrations(old.knex, { ...eventStoreMigrations, migrations: eventStoreMigrations.migrations.slice(0, 5) });
      const meta = { user_id: 'u' };
      await old.pool.query(`SELECT es.append_events($1, 'no_stream', NULL, $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[])`, [
        'old-many',
        [randomUUID(), randomUUID()],
        ['A', 'B'],
        ['{}', '{}'],
        [JSON.stringify(meta), JSON.stringify(meta)],
        [contentDigest('A', {}, meta), contentDigest('B', {}, meta)],
      ]);
      await old.pool.query(`SELECT es.append_group($1::text[], $2::text[], $3::bigint[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8::text[])`, [
        ['old-one'],
        ['no_stream'],
        [null],
        [randomUUID()],
        ['A'],
        ['{}'],
        [JSON.stringify(meta)],
        [contentDigest('A', {}, meta)],
      ]);
      await runMigrations(old.knex, eventStoreMigrations);

      const store = createPgEventStore({ pool: old.pool, connectionString: old.url });
      try {
        // Each append statement: one event at a revision, one at the head, several, and a group.
        await store.append('old-one', [ev('B')], { expectedRevision: 0n });
        await store.append('old-one', [ev('C')]);
        await store.append('old-many', [ev('C'), ev('D')], { expectedRevision: 1n });
        await Promise.all(['g1', 'g2', 'g3', 'g4'].map((s) => store.append(`new-${s}`, [ev('A')], { expectedRevision: 'no_stream' })));
        await Promise.all(['g1', 'g2', 'g3', 'g4'].map((s) => store.append(`new-${s}`, [ev('B')], { expectedRevision: 0n })));

        const stored = await old.pool.query<{ stream_name: string; revision: string; in_metadata: boolean; prev: string | null; hash: string | null }>(
          `SELECT stream_name, revision::text, metadata ? 'hash' OR metadata ? 'prev_hash' AS in_metadata,
                  encode(prev_hash, 'hex') AS prev, encode(hash, 'hex') AS hash
             FROM es.events ORDER BY stream_name, revision`,
        );
        const sealedBefore = new Set(['old-many/0', 'old-many/1', 'old-one/0']);
        for (const r of stored.rows) {
          const key = `${r.stream_name}/${r.revision}`;
          if (sealedBefore.has(key)) expect({ key, ...r }).toMatchObject({ in_metadata: true, hash: null });
          else expect({ key, ...r }).toMatchObject({ in_metadata: false, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
        }

        for (const stream of ['old-one', 'old-many', 'new-g1', 'new-g4']) {
          const events = await collect(store.readStream(stream));
          expect(events[0]!.metadata.prev_hash).toBeNull();
          for (let i = 1; i < events.length; i++) expect(events[i]!.metadata.prev_hash, `${stream} ${i}`).toBe(events[i - 1]!.metadata.hash);
          const report = verifyChain(stream, events);
          expect(report.broken, stream).toBeUndefined();
          expect(report.unsealedPrefix, stream).toBe(0);
        }
        // The $all read carries them too.
        const all = await collect(store.readAll());
        const newest = all.find((e) => e.streamName === 'new-g1' && e.revision === 1n)!;
        expect(newest.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(newest.metadata.prev_hash).toBe(all.find((e) => e.streamName === 'new-g1' && e.revision === 0n)!.metadata.hash);
      } finally {
        await store.close();
      }
    } finally {
      await old.close();
    }
  });
});

describe('postgres event store: migration 009 (the group reads its predecessors as plain columns)', () => {
  it('writes the same rows, hashes and answers as the function it replaces, after every kind of predecessor', async () => {
    const old = createDatabase({ url: await createTestDatabaseUrl('pg_event_store_009'), poolSize: 4 });
    try {
      const before = eventStoreMigrations.migrations.findIndex((m) => m.name === '009_append_group_flat_predecessor');
      expect(before).toBeGreaterThan(0);
      await runMigrations(old.knex, { ...eventStoreMigrations, migrations: eventStoreMigrations.migrations.slice(0, before) });
      const store = createPgEventStore({ pool: old.pool, connectionString: old.url });
      try {
        for (const stream of ['cols', 'legacy', 'legacy-edited']) await store.append(stream, [ev('A'), ev('B')]);
      } finally {
        await store.close();
      }
      // Predecessors sealed before migration 006 (hashes in the metadata), one of them edited since
      // (not a hash at all), and one written before the chain existed (no hash anywhere).
      await old.pool.query(
        `UPDATE es.events SET metadata = metadata || jsonb_build_object('prev_hash', encode(prev_hash, 'hex'), 'hash', encode(hash, 'hex')),
                prev_hash = NULL, hash = NULL WHERE stream_name IN ('legacy', 'legacy-edited')`,
      );
      await old.pool.query(`UPDATE es.events SET metadata = metadata || '{"hash":"edited"}' WHERE stream_name = 'legacy-edited' AND revision = 1`);
      await old.pool.query(`INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata) VALUES ('unsealed', 0, $1, 'A', '{}', '{}')`, [randomUUID()]);

      const member = (stream: string, kind: string, revision: string | null) => {
        const c = wireContent('T', { stream, é: 'ü "quoted"' }, { user_id: 'u' });
        return { stream, kind, revision, id: randomUUID(), type: 'T', data: c.data, metadata: c.metadata, digest: c.digest };
      };
      const group = groupDocument([
        member('cols', 'revision', '1'),
        member('legacy', 'revision', '1'),
        member('legacy-edited', 'stream_exists', null),
        member('unsealed', 'any', null),
        member('new', 'no_stream', null),
        member('absent', 'revision', '3'),
      ]);
      const ids = (JSON.parse(group) as { i: string }[]).map((m) => m.i);
      const appendGroup = async () => {
        const client = await old.pool.connect();
        try {
          await client.query('BEGIN');
          const answers = (await client.query(APPEND_GROUP_SQL, [group])).rows.map((r: { stream: string; revision: string }) => `${r.stream}@${r.revision}`);
          const rows = (
            await client.query(
              `SELECT stream_name, revision::text, encode(prev_hash, 'hex') AS prev, encode(hash, 'hex') AS hash, data, metadata
                 FROM es.events WHERE event_id = ANY($1::uuid[]) ORDER BY stream_name`,
              [ids],
            )
          ).rows;
          await client.query('ROLLBACK');
          return { answers, rows };
        } finally {
          client.release();
        }
      };
      const by008 = await appendGroup();
      await runMigrations(old.knex, eventStoreMigrations);
      const { rows: definition } = await old.pool.query<{ src: string }>(`SELECT prosrc AS src FROM pg_proc WHERE proname = 'append_group_json'`);
      expect(definition[0]!.src).toContain('SELECT e.revision, e.hash, e.metadata FROM es.events e');
      const by009 = await appendGroup();

      expect(by009).toEqual(by008);
      expect(by009.answers.sort()).toEqual(['cols@2', 'legacy-edited@2', 'legacy@2', 'new@0', 'unsealed@1']);
      const sealed = Object.fromEntries(by009.rows.map((r: { stream_name: string; prev: string | null }) => [r.stream_name, r.prev]));
      const hashes = await old.pool.query<{ stream_name: string; hash: string | null }>(
        `SELECT stream_name, COALESCE(encode(hash, 'hex'), metadata->>'hash') AS hash FROM es.events WHERE revision = 1 OR stream_name = 'unsealed'`,
      );
      const predecessor = Object.fromEntries(hashes.rows.map((r) => [r.stream_name, r.hash]));
      expect(sealed).toEqual({
        cols: predecessor.cols,
        legacy: predecessor.legacy,
        // Not 64 hex digits: no prev_hash bytes, and audit verify names the break.
        'legacy-edited': null,
        unsealed: null,
        new: null,
      });
    } finally {
      await old.close();
    }
  });
});
