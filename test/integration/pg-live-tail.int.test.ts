// The PostgreSQL store's live tail (src/adapters/postgres/live-tail.ts): caught-up subscriptions of
// one store share one read of each page of $all, whatever their filters; one that falls behind the
// tail's buffer reads the database until it is back, with no gap and no duplicate; a read that fails
// for something other than an outage fails the subscriptions, as their own read would have.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFilter, EventStore, RecordedEvent, SubscriptionItem } from '../../src/adapters/event-store.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { ev, startCollector } from '../support/event-store-contract.js';

let db: Database;

beforeAll(async () => {
  const url = await createTestDatabaseUrl('pg_live_tail');
  db = createDatabase({ url, poolSize: 12 });
  await runMigrations(db.knex, eventStoreMigrations);
});

afterAll(async () => {
  await db?.close();
});

/** The pool as the store sees it, counting the live page reads ($all after a cursor) and able to fail them. */
function countingPool(pool: pg.Pool) {
  const counter = { pageReads: 0, failWith: undefined as Error | undefined };
  const proxy = new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
      return (config: pg.QueryConfig | string, ...rest: unknown[]) => {
        if (typeof config === 'object' && config.name === 'es_read_all_after') {
          counter.pageReads++;
          if (counter.failWith) return Promise.reject(counter.failWith);
        }
        return (target.query as (...args: unknown[]) => unknown).call(target, config, ...rest);
      };
    },
  });
  return { pool: proxy, counter };
}

const caughtUp = (items: SubscriptionItem[]) => items.some((i) => i.kind === 'caughtUp');
const dataOf = (events: RecordedEvent[]) => events.map((e) => e.data);

describe('postgres event store: the live tail', () => {
  it('caught-up subscriptions share one read of each page, whatever their filters', async () => {
    const { pool, counter } = countingPool(db.pool);
    const store: EventStore = createPgEventStore({ pool, connectionString: db.url });
    const ac = new AbortController();
    const run = `tail-share-${Date.now()}`;
    const filters: (EventFilter | undefined)[] = [
      undefined,
      { streamPrefixes: [`${run}-a-`] },
      { streamPrefixes: [`${run}-a-`, `${run}-b-`] },
      { streamPrefixes: [`${run}-`], eventTypePrefixes: ['Tail'] },
      { streamPrefixes: [`${run}-b-`] },
    ];
    try {
      const head = await store.headPosition();
      const subs = filters.map((filter) => startCollector(store.subscribeToAll({ after: head ?? 'start', ...(filter ? { filter } : {}), signal: ac.signal })));
      for (const sub of subs) await sub.until(() => caughtUp(sub.items));
      const appends = 20;
      const before = counter.pageReads;
      // In lockstep: each append is delivered to every subscription it concerns before the next, so
      // without the tail each of them would read the log once per append.
      for (let i = 0; i < appends; i++) {
        await store.append(`${run}-${i % 2 === 0 ? 'a' : 'b'}-${i}`, [ev('TailEvent', { i })]);
        await subs[0]!.until(() => subs[0]!.events().length === i + 1);
        for (const [k, sub] of subs.entries()) {
          if (k === 1) await sub.until(() => sub.events().length === Math.floor(i / 2) + 1);
          if (k === 2 || k === 3) await sub.until(() => sub.events().length === i + 1);
          if (k === 4) await sub.until(() => sub.events().length === Math.floor((i + 1) / 2));
        }
      }
      const reads = counter.pageReads - before;
      // The tail's reads only: one per append, and one more when the store's own NOTIFY comes back
      // through LISTEN and finds nothing new (40 when nothing else runs), plus re-polls while
      // another test's open transaction holds rows back. Each subscription reading for itself made
      // the first two four times over (the four each append concerns): 159 in lockstep.
      expect(reads).toBeLessThanOrEqual(3 * appends);
      const all = Array.from({ length: appends }, (_, i) => ({ i }));
      expect(dataOf(subs[0]!.events())).toEqual(all);
      expect(dataOf(subs[1]!.events())).toEqual(all.filter((d) => d.i % 2 === 0));
      expect(dataOf(subs[2]!.events())).toEqual(all);
      expect(dataOf(subs[3]!.events())).toEqual(all);
      expect(dataOf(subs[4]!.events())).toEqual(all.filter((d) => d.i % 2 === 1));
    } finally {
      ac.abort();
      await store.close();
    }
  });

  it('a subscription that falls behind the buffer reads the database until it is back: no gap, no duplicate', async () => {
    // Pages of 5: the tail keeps 20 events; the slow consumer stops for 120 appends.
    const store = createPgEventStore({ pool: db.pool, connectionString: db.url, batchSize: 5 });
    const ac = new AbortController();
    const stream = `tail-behind-${Date.now()}`;
    try {
      const head = await store.headPosition();
      const fast = startCollector(store.subscribeToAll({ after: head ?? 'start', filter: { streamPrefixes: [stream] }, signal: ac.signal }));
      let release: () => void = () => undefined;
      const paused = new Promise<void>((resolve) => (release = resolve));
      const slowEvents: RecordedEvent[] = [];
      let slowCaughtUp = false;
      const slow = (async () => {
        for await (const item of store.subscribeToAll({ after: head ?? 'start', filter: { streamPrefixes: [stream] }, signal: ac.signal })) {
          if (item.kind === 'caughtUp') slowCaughtUp = true;
          if (item.kind !== 'event') continue;
          slowEvents.push(item.event);
          if (slowEvents.length === 3) await paused;
        }
      })();
      await fast.until(() => caughtUp(fast.items));
      for (let i = 0; i < 3; i++) await store.append(stream, [ev('Behind', { i })]);
      await fast.until(() => fast.events().length === 3);
      for (let i = 3; i < 120; i++) await store.append(stream, [ev('Behind', { i })]);
      await fast.until(() => fast.events().length === 120);
      release();
      const deadline = Date.now() + 15_000;
      while (slowEvents.length < 120 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await store.append(stream, [ev('Behind', { i: 120 })]);
      await fast.until(() => fast.events().length === 121);
      while (slowEvents.length < 121 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      ac.abort();
      await slow;
      const all = Array.from({ length: 121 }, (_, i) => ({ i }));
      expect(slowCaughtUp).toBe(true);
      expect(dataOf(slowEvents)).toEqual(all);
      expect(dataOf(fast.events())).toEqual(all);
    } finally {
      ac.abort();
      await store.close();
    }
  });

  it("a read that fails for something other than an outage fails the caught-up subscriptions, as their own read would have", async () => {
    const { pool, counter } = countingPool(db.pool);
    const store = createPgEventStore({ pool, connectionString: db.url });
    const ac = new AbortController();
    const stream = `tail-fail-${Date.now()}`;
    try {
      const head = await store.headPosition();
      const subs = [0, 1].map(() => startCollector(store.subscribeToAll({ after: head ?? 'start', filter: { streamPrefixes: [stream] }, signal: ac.signal })));
      for (const sub of subs) await sub.until(() => caughtUp(sub.items));
      counter.failWith = new Error('a bug in a read');
      await store.append(stream, [ev('Fails')]);
      for (const sub of subs) await expect(sub.until(() => false, 5_000)).rejects.toThrow('a bug in a read');
      // A new subscription starts the tail afresh and gets the event.
      counter.failWith = undefined;
      const again = startCollector(store.subscribeToAll({ after: head ?? 'start', filter: { streamPrefixes: [stream] }, signal: ac.signal }));
      await again.until(() => again.events().length === 1);
      await store.append(stream, [ev('Fails', { n: 2 })]);
      await again.until(() => again.events().length === 2);
    } finally {
      ac.abort();
      await store.close();
    }
  });
});
