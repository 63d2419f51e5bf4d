// The PostgreSQL store's group commit (src/adapters/postgres/append-groups.ts): one-event appends
// that arrive while the store's one slot is busy are committed together, one transaction for many
// streams, and an append the group could not write gets exactly a single append's answer. Each test
// holds the slot with a first append, then makes the others in the same turn of the event loop, so
// that they queue and form one group when the slot frees.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/adapters/audit-chain.js';
import { WrongExpectedVersionError, type AppendResult, type EventMetadata, type EventStore, type ExpectedRevision } from '../../src/adapters/event-store.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { collect, ev } from '../support/event-store-contract.js';

let db: Database;
let store: EventStore;

beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('pg_append_groups'), poolSize: 8 });
  await runMigrations(db.knex, eventStoreMigrations);
  store = createPgEventStore({ pool: db.pool, connectionString: db.url, appendGroups: { slots: 1, maxAppends: 64, maxChars: 1_000_000 } });
});

afterAll(async () => {
  await store?.close();
  await db?.close();
});

const name = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** One append that holds the slot, then `appends` made while it does: they queue and go as one group. */
function behindOneAppend(appends: Array<() => Promise<AppendResult>>): { first: Promise<AppendResult>; rest: Array<Promise<AppendResult>> } {
  const first = store.append(name('slot'), [ev('Holder')], { expectedRevision: 'no_stream' });
  const rest = appends.map((a) => a());
  return { first, rest };
}

const appendOne = (stream: string, expectedRevision: ExpectedRevision, id?: string) => () =>
  store.append(stream, [ev('Grouped', { stream }, id)], { expectedRevision });

describe('postgres event store: group commit of one-event appends', () => {
  it('commits the appends that queue behind a busy slot in one transaction, sealed like single appends', async () => {
    const streams = Array.from({ length: 20 }, (_, i) => name(`g${i}`));
    const { first, rest } = behindOneAppend(streams.map((s) => appendOne(s, 'no_stream')));
    const holder = await first;
    const results = await Promise.all(rest);
    expect(results.every((r) => r.nextExpectedRevision === 0n)).toBe(true);
    const transactions = new Set(results.map((r) => r.position.commit));
    expect(transactions.size).toBe(1);
    expect(transactions.has(holder.position.commit)).toBe(false);
    // Within the group, positions follow the order of the appends.
    const prepares = results.map((r) => r.position.prepare);
    expect([...prepares].sort((a, b) => (a < b ? -1 : 1))).toEqual(prepares);
    for (const s of streams) {
      const events = await collect(store.readStream(s));
      expect(events.map((e) => e.position)).toEqual([results[streams.indexOf(s)]!.position]);
      expect(events[0]!.metadata.prev_hash).toBeNull();
      expect(verifyChain(s, events).broken).toBeUndefined();
    }
    // A sealed successor continues the chain from the grouped event.
    const s = streams[0]!;
    await store.append(s, [ev('After')], { expectedRevision: 0n });
    const chain = verifyChain(s, await collect(store.readStream(s)));
    expect(chain.broken).toBeUndefined();
    expect(chain.events).toBe(2);
  });

  it('fails only the appends whose expected revision does not hold; the rest of the group is written', async () => {
    const [a, b, c, d] = [name('a'), name('b'), name('c'), name('d')];
    for (const s of [a, b]) await store.append(s, [ev('Seed')], { expectedRevision: 'no_stream' });
    const { first, rest } = behindOneAppend([
      appendOne(a, 5n), // a is at 0
      appendOne(b, 0n),
      appendOne(c, 'stream_exists'), // c does not exist
      appendOne(d, 'no_stream'),
      appendOne(name('e'), 'any'),
    ]);
    await first;
    const settled = await Promise.allSettled(rest);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const reasonA = (settled[0] as PromiseRejectedResult).reason as WrongExpectedVersionError;
    expect(reasonA).toBeInstanceOf(WrongExpectedVersionError);
    expect(reasonA.actual).toBe(0n);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    const written = settled.filter((s): s is PromiseFulfilledResult<AppendResult> => s.status === 'fulfilled').map((s) => s.value);
    expect(written.map((r) => r.nextExpectedRevision)).toEqual([1n, 0n, 0n]);
    expect(new Set(written.map((r) => r.position.commit)).size).toBe(1);
    expect((await collect(store.readStream(a))).length).toBe(1);
  });

  it('answers an idempotent re-append in a group with the original result, and refuses an id used elsewhere', async () => {
    const [s, other, fresh] = [name('idem'), name('other'), name('fresh')];
    const id = randomUUID();
    const original = await store.append(s, [ev('Once', {}, id)], { expectedRevision: 'no_stream' });
    const { first, rest } = behindOneAppend([appendOne(s, 'no_stream', id), appendOne(other, 'any', id), appendOne(fresh, 'any')]);
    await first;
    const [again, elsewhere, ok] = await Promise.allSettled(rest);
    expect(again).toEqual({ status: 'fulfilled', value: original });
    expect(elsewhere?.status).toBe('rejected');
    expect(String((elsewhere as PromiseRejectedResult).reason)).toMatch(/already used at another place/);
    expect(ok?.status).toBe('fulfilled');
    expect((await collect(store.readStream(s))).length).toBe(1);
  });

  it('settles each member alone when the group fails as a whole: only the bad append fails', async () => {
    const good = [name('good'), name('good')];
    const bad = name('bad');
    const { first, rest } = behindOneAppend([
      appendOne(good[0]!, 'no_stream'),
      // A NUL byte cannot be stored in PostgreSQL text: the group's statement fails for everyone in it.
      () => store.append(bad, [{ type: 'Bad\u0000Type', data: {} }], { expectedRevision: 'no_stream' }),
      appendOne(good[1]!, 'no_stream'),
    ]);
    await first;
    const [g0, b, g1] = await Promise.allSettled(rest);
    expect(b?.status).toBe('rejected');
    expect(g0?.status).toBe('fulfilled');
    expect(g1?.status).toBe('fulfilled');
    for (const s of good) expect((await collect(store.readStream(s))).length).toBe(1);
  });

  it('puts two appends to one stream in separate groups, in the order they were made', async () => {
    const s = name('twice');
    const { first, rest } = behindOneAppend([appendOne(s, 'any'), appendOne(s, 'any'), appendOne(name('x'), 'any')]);
    await first;
    const [one, two, x] = await Promise.all(rest);
    expect([one!.nextExpectedRevision, two!.nextExpectedRevision]).toEqual([0n, 1n]);
    expect(one!.position.commit).toBe(x!.position.commit);
    expect(two!.position.commit).not.toBe(one!.position.commit);
    const events = await collect(store.readStream(s));
    expect(verifyChain(s, events).broken).toBeUndefined();
  });

  it('carries any stream name, type, data and metadata through the group intact: quotes, backslashes, line breaks, unicode, null data, no metadata', async () => {
    const meta = (extra: Record<string, unknown>): EventMetadata => ({ user_id: 'u"1', correlation_id: 'c\\1', causation_id: 'ç', ...extra });
    const awkward: { stream: string; type: string; data: unknown; metadata?: EventMetadata }[] = [
      { stream: name('quote"back\\slash'), type: 'T"\\x', data: { s: 'a "quoted" \\ value\nnext line', n: [1, 2.5, -0, 1e21], nested: { z: null, a: true } }, metadata: meta({}) },
      { stream: name('ünïcode-✓-\u{1F600}'), type: 'Ünicode', data: null },
      { stream: name('tab\tline\n'), type: 'Plain', data: 'a bare string', metadata: meta({ reason: '{"not":"json"}' }) },
      { stream: name('array'), type: 'Array', data: [{ b: 1, a: 2 }, 'x', null], metadata: meta({ nested: { list: [1, '"'] } }) },
    ];
    const { first, rest } = behindOneAppend(
      awkward.map((a) => () => store.append(a.stream, [{ type: a.type, data: a.data, ...(a.metadata ? { metadata: a.metadata } : {}) }], { expectedRevision: 'no_stream' })),
    );
    await first;
    const results = await Promise.all(rest);
    expect(new Set(results.map((r) => r.position.commit)).size).toBe(1); // one group
    for (const a of awkward) {
      const [e, ...more] = await collect(store.readStream(a.stream));
      expect(more).toEqual([]);
      expect(e!.type).toBe(a.type);
      expect(e!.data).toEqual(JSON.parse(JSON.stringify(a.data)));
      const { prev_hash: _p, hash: _h, ...metadata } = e!.metadata;
      expect(metadata).toEqual(a.metadata ?? {});
      expect(verifyChain(a.stream, [e!]).broken).toBeUndefined();
    }
  });
});
