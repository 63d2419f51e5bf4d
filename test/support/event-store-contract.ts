// The event-store contract (docs/architecture.md, "Event store"), run against every adapter through
// the port alone. Stream names and event types carry a random suffix per test, so the suite can share
// an EventStoreDB server with other runs; $all reads and subscriptions filter on those prefixes.
//
// Visibility: the PostgreSQL store only shows $all rows below the snapshot xmin, so a transaction in
// flight anywhere on the cluster (another test file) can delay, never hide, an event. $all assertions
// therefore wait until the expected events are there (readAllUntil) instead of reading once.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  comparePositions,
  type EventStore,
  type EventToAppend,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscriptionItem,
} from '../../src/adapters/event-store.js';
import { verifyChain } from '../../src/adapters/audit-chain.js';

export interface ContractSubject {
  store: EventStore;
  teardown: () => Promise<void>;
}

const suffix = () => randomBytes(4).toString('hex');

export function meta(extra: Record<string, unknown> = {}) {
  return { user_id: 'u-1', correlation_id: randomUUID(), causation_id: randomUUID(), ...extra };
}

export function ev(type: string, data: unknown = {}, id?: string): EventToAppend {
  return { id, type, data, metadata: meta() };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** readAll until at least `count` events come back (the xmin horizon may hold the newest back briefly). */
export function readAllUntil(store: EventStore, options: ReadAllOptions, count: number): Promise<RecordedEvent[]> {
  return eventually(
    () => collect(store.readAll(options)),
    (events) => events.length >= count,
  );
}

/** Iterates a subscription in the background, keeping every item; `until` waits for a condition. */
export function startCollector(iterable: AsyncIterable<SubscriptionItem>) {
  const items: SubscriptionItem[] = [];
  let error: unknown;
  let ended = false;
  const done = (async () => {
    try {
      for await (const item of iterable) items.push(item);
    } catch (err) {
      error = err;
    } finally {
      ended = true;
    }
  })();
  const events = () => items.flatMap((i) => (i.kind === 'event' ? [i.event] : []));
  return {
    items,
    events,
    done,
    get ended() {
      return ended;
    },
    async until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (error) throw error instanceof Error ? error : new Error('subscription failed', { cause: error });
        if (ended) throw new Error('subscription ended early');
        if (Date.now() > deadline) throw new Error(`timed out; collected ${events().length} events`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

async function expectWrongExpectedVersion(promise: Promise<unknown>, expected: unknown, actual: unknown) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WrongExpectedVersionError);
  const wev = err as WrongExpectedVersionError;
  expect(wev.expected).toEqual(expected);
  expect(wev.actual).toEqual(actual);
}

/** The position before any of this test's events, so $all reads stay small on a shared server. */
async function startPoint(store: EventStore): Promise<{ from: 'start' | Position; after: 'start' | Position }> {
  const head = await store.headPosition();
  return { from: head ?? 'start', after: head ?? 'start' };
}

export function describeEventStoreContract(name: string, setup: () => Promise<ContractSubject>): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let teardown: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ store, teardown } = await setup());
    });
    afterAll(async () => {
      await teardown?.();
    });

    describe('append and expected revision', () => {
      it('no_stream creates the stream; a second no_stream fails with the actual revision', async () => {
        const s = `c-nostream-${suffix()}`;
        const r = await store.append(s, [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
        expect(r.nextExpectedRevision).toBe(1n);
        expect(typeof r.position.commit).toBe('bigint');
        expect(typeof r.position.prepare).toBe('bigint');
        await expectWrongExpectedVersion(store.append(s, [ev('C')], { expectedRevision: 'no_stream' }), 'no_stream', 1n);
      });

      it('an exact revision must match; the error carries expected and actual', async () => {
        const s = `c-exact-${suffix()}`;
        await store.append(s, [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
        await expectWrongExpectedVersion(store.append(s, [ev('C')], { expectedRevision: 5n }), 5n, 1n);
        await expectWrongExpectedVersion(store.append(s, [ev('C')], { expectedRevision: 0n }), 0n, 1n);
        const ok = await store.append(s, [ev('C'), ev('D')], { expectedRevision: 1n });
        expect(ok.nextExpectedRevision).toBe(3n);
      });

      it('stream_exists and an exact revision on a missing stream fail with actual no_stream', async () => {
        const s = `c-missing-${suffix()}`;
        await expectWrongExpectedVersion(store.append(s, [ev('A')], { expectedRevision: 'stream_exists' }), 'stream_exists', 'no_stream');
        await expectWrongExpectedVersion(store.append(s, [ev('A')], { expectedRevision: 0n }), 0n, 'no_stream');
        await store.append(s, [ev('A')], { expectedRevision: 'no_stream' });
        const r = await store.append(s, [ev('B')], { expectedRevision: 'stream_exists' });
        expect(r.nextExpectedRevision).toBe(1n);
      });

      it('any never fails and is the default', async () => {
        const s = `c-any-${suffix()}`;
        expect((await store.append(s, [ev('A')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(0n);
        expect((await store.append(s, [ev('B')])).nextExpectedRevision).toBe(1n);
        expect((await store.append(s, [ev('C'), ev('D')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(3n);
      });

      it('concurrent appenders with the same expected revision: exactly one wins', async () => {
        const s = `c-race-${suffix()}`;
        await store.append(s, [ev('A')], { expectedRevision: 'no_stream' });
        const results = await Promise.allSettled(
          Array.from({ length: 12 }, (_, i) => store.append(s, [ev('B', { i })], { expectedRevision: 0n })),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(11);
        for (const l of lost) expect(l.reason).toBeInstanceOf(WrongExpectedVersionError);
        const events = await collect(store.readStream(s));
        expect(events.map((e) => e.revision)).toEqual([0n, 1n]);
      });

      it("concurrent appenders with 'any' and 'stream_exists' on one stream: every one succeeds, revisions without gap, the chain unbroken", async () => {
        const s = `c-any-race-${suffix()}`;
        await store.append(s, [ev('A')], { expectedRevision: 'no_stream' });
        const appends = Array.from({ length: 16 }, (_, i) =>
          store.append(s, i % 4 === 3 ? [ev('Pair', { i }), ev('Pair', { i, second: true })] : [ev('One', { i })], {
            expectedRevision: i % 2 === 0 ? 'any' : 'stream_exists',
          }),
        );
        const results = await Promise.all(appends);
        const events = await collect(store.readStream(s));
        expect(events).toHaveLength(1 + 12 + 4 * 2);
        expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => BigInt(i)));
        expect(new Set(results.map((r) => r.nextExpectedRevision)).size).toBe(16);
        // A pair stays together: the append of several events is one insert.
        for (const e of events.filter((x) => x.type === 'Pair' && !(x.data as { second?: boolean }).second)) {
          expect(events[Number(e.revision) + 1]!.data).toEqual({ ...(e.data as object), second: true });
        }
        expect(verifyChain(s, events).broken).toBeUndefined();
      });

      it('concurrent no_stream creators: exactly one wins', async () => {
        const s = `c-create-race-${suffix()}`;
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, () => store.append(s, [ev('Created')], { expectedRevision: 'no_stream' })),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await collect(store.readStream(s))).toHaveLength(1);
      });

      it('re-appending the same event ids at the same place is idempotent', async () => {
        const s = `c-idem-${suffix()}`;
        const ids = [randomUUID(), randomUUID()];
        const batch = () => [ev('A', { n: 1 }, ids[0]), ev('B', { n: 2 }, ids[1])];
        const first = await store.append(s, batch(), { expectedRevision: 'no_stream' });
        const again = await store.append(s, batch(), { expectedRevision: 'no_stream' });
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);

        const id3 = randomUUID();
        const third = await store.append(s, [ev('C', {}, id3)], { expectedRevision: 1n });
        const thirdAgain = await store.append(s, [ev('C', {}, id3)], { expectedRevision: 1n });
        expect(thirdAgain.nextExpectedRevision).toBe(third.nextExpectedRevision);
        const thirdAny = await store.append(s, [ev('C', {}, id3)], { expectedRevision: 'any' });
        expect(thirdAny.nextExpectedRevision).toBe(third.nextExpectedRevision);

        const events = await collect(store.readStream(s));
        expect(events.map((e) => e.id)).toEqual([...ids, id3]);
      });
    });

    describe('tamper-evidence chain', () => {
      it('appended events carry a hash chain that verifies, across every kind of expected revision', async () => {
        const s = `c-chain-${suffix()}`;
        await store.append(s, [ev('A', { n: 1 }), ev('B', { big: [1, 'x', null], nested: { z: 1, a: 2 } })], { expectedRevision: 'no_stream' });
        await store.append(s, [ev('C')], { expectedRevision: 'any' });
        await store.append(s, [ev('D', { at: new Date(0) })], { expectedRevision: 2n });
        await store.append(s, [ev('E'), ev('F')], { expectedRevision: 'stream_exists' });
        await Promise.all([1, 2, 3].map((i) => store.append(s, [ev(`G${i}`)])));
        const events = await collect(store.readStream(s));
        const report = verifyChain(s, events);
        expect(report.broken).toBeUndefined();
        expect(report).toMatchObject({ events: 9, unsealedPrefix: 0, headRevision: 8n });
        expect(events[0]!.metadata.prev_hash).toBeNull();
        for (let i = 1; i < events.length; i++) expect(events[i]!.metadata.prev_hash).toBe(events[i - 1]!.metadata.hash);
        expect(report.head).toBe(events[8]!.metadata.hash);
        // The chain catches a change of content, as the verifier would see one.
        const tampered = events.map((e, i) => (i === 4 ? { ...e, data: { n: 2 } } : e));
        expect(verifyChain(s, tampered).broken).toMatchObject({ revision: 4n, kind: 'modified' });
      });
    });

    describe('readStream', () => {
      let s: string;
      beforeAll(async () => {
        s = `c-read-${suffix()}`;
        await store.append(s, Array.from({ length: 10 }, (_, i) => ev(`E${i}`, { i })), { expectedRevision: 'no_stream' });
      });

      it('reads forwards from the start', async () => {
        const events = await collect(store.readStream(s));
        expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 10 }, (_, i) => BigInt(i)));
        expect(events.map((e) => e.data)).toEqual(Array.from({ length: 10 }, (_, i) => ({ i })));
        expect(events.every((e) => e.streamName === s)).toBe(true);
      });

      it('from is inclusive; maxCount limits', async () => {
        const events = await collect(store.readStream(s, { from: 3n, maxCount: 4 }));
        expect(events.map((e) => e.revision)).toEqual([3n, 4n, 5n, 6n]);
      });

      it('reads backwards from the end and from an inclusive revision', async () => {
        const fromEnd = await collect(store.readStream(s, { from: 'end', direction: 'backwards', maxCount: 3 }));
        expect(fromEnd.map((e) => e.revision)).toEqual([9n, 8n, 7n]);
        const fromFour = await collect(store.readStream(s, { from: 4n, direction: 'backwards' }));
        expect(fromFour.map((e) => e.revision)).toEqual([4n, 3n, 2n, 1n, 0n]);
      });

      it('throws StreamNotFoundError during iteration for a missing stream', async () => {
        const iterable = store.readStream(`c-nope-${suffix()}`);
        await expect(collect(iterable)).rejects.toBeInstanceOf(StreamNotFoundError);
        await expect(collect(store.readStream(`c-nope-${suffix()}`, { direction: 'backwards', from: 'end' }))).rejects.toBeInstanceOf(
          StreamNotFoundError,
        );
      });

      it('round-trips metadata, ids, types and creation time', async () => {
        const s2 = `c-meta-${suffix()}`;
        const id = randomUUID();
        const metadata = meta({ org_id: 'org-1', request_id: 'req-1', nested: { a: [1, 'two', null] } });
        const data = { text: 'héllo "quoted" \\ back', n: 1.5, list: [1, { x: null }], flag: true };
        await store.append(s2, [{ id, type: 'Typed', data, metadata }], { expectedRevision: 'no_stream' });
        const [e] = await collect(store.readStream(s2));
        expect(e!.id).toBe(id);
        expect(e!.type).toBe('Typed');
        expect(e!.data).toEqual(data);
        // Plus the two fields of the tamper-evidence chain (src/adapters/audit-chain.ts).
        expect(e!.metadata).toEqual({ ...metadata, prev_hash: null, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
        expect(e!.created).toBeInstanceOf(Date);
        expect(Math.abs(e!.created.getTime() - Date.now())).toBeLessThan(60_000);
        expect(typeof e!.revision).toBe('bigint');
        expect(typeof e!.position.commit).toBe('bigint');
      });
    });

    describe('readAll', () => {
      it('is inclusive from a position returned by append, in append order, positions strictly increasing', async () => {
        const p = `c-all-${suffix()}-`;
        const results = [];
        for (let i = 0; i < 6; i++) results.push(await store.append(`${p}${i % 2}`, [ev('X', { i })]));
        const events = await readAllUntil(store, { from: results[2]!.position, filter: { streamPrefixes: [p] } }, 4);
        expect(events.map((e) => e.data)).toEqual([{ i: 2 }, { i: 3 }, { i: 4 }, { i: 5 }]);
        expect(events[0]!.position).toEqual(results[2]!.position);
        for (let i = 1; i < events.length; i++) expect(comparePositions(events[i - 1]!.position, events[i]!.position)).toBe(-1);
      });

      it('reads backwards, with maxCount, and the head position is at or past the last append', async () => {
        const p = `c-allbwd-${suffix()}-`;
        const { from } = await startPoint(store);
        let last: Position | undefined;
        for (let i = 0; i < 5; i++) last = (await store.append(`${p}s`, [ev('X', { i })])).position;
        await readAllUntil(store, { from, filter: { streamPrefixes: [p] } }, 5);
        const backwards = await collect(store.readAll({ direction: 'backwards', from: 'end', filter: { streamPrefixes: [p] }, maxCount: 3 }));
        expect(backwards.map((e) => e.data)).toEqual([{ i: 4 }, { i: 3 }, { i: 2 }]);
        const head = await store.headPosition();
        expect(head).not.toBeNull();
        expect(comparePositions(head!, last!)).toBeGreaterThanOrEqual(0);
        // Settled: everything committed when asked, once readable; at least the last append.
        const settled = await store.settledHeadPosition();
        expect(comparePositions(settled!, last!)).toBeGreaterThanOrEqual(0);
        expect(comparePositions(settled!, head!)).toBeGreaterThanOrEqual(0);
        const limited = await collect(store.readAll({ from, maxCount: 2, filter: { streamPrefixes: [p] } }));
        expect(limited).toHaveLength(2);
      });

      it('filters by stream prefix, event-type prefix, and both', async () => {
        const x = suffix();
        const p = `c-filter-${x}-`;
        const { from } = await startPoint(store);
        await store.append(`${p}a-1`, [ev(`T${x}Alpha`), ev(`T${x}Beta`)]);
        await store.append(`${p}b-1`, [ev(`T${x}Alpha`), ev(`T${x}Gamma`)]);
        await store.append(`${p}a-2`, [ev(`T${x}Gamma`)]);
        await readAllUntil(store, { from, filter: { streamPrefixes: [p] } }, 5);
        const byStream = await collect(store.readAll({ from, filter: { streamPrefixes: [`${p}a-`] } }));
        expect(byStream.map((e) => [e.streamName, e.type])).toEqual([
          [`${p}a-1`, `T${x}Alpha`],
          [`${p}a-1`, `T${x}Beta`],
          [`${p}a-2`, `T${x}Gamma`],
        ]);
        const byType = await collect(store.readAll({ from, filter: { eventTypePrefixes: [`T${x}Al`, `T${x}Ga`] } }));
        expect(byType.map((e) => e.type)).toEqual([`T${x}Alpha`, `T${x}Alpha`, `T${x}Gamma`, `T${x}Gamma`]);
        const both = await collect(store.readAll({ from, filter: { streamPrefixes: [`${p}b-`], eventTypePrefixes: [`T${x}Al`] } }));
        expect(both.map((e) => [e.streamName, e.type])).toEqual([[`${p}b-1`, `T${x}Alpha`]]);
      });
    });

    describe('subscribeToStream', () => {
      it('is exclusive of its start, marks caughtUp once, then delivers live events in order', async () => {
        const s = `c-sub-${suffix()}`;
        await store.append(s, [ev('A'), ev('B'), ev('C')], { expectedRevision: 'no_stream' });
        const ac = new AbortController();
        const sub = startCollector(store.subscribeToStream(s, { after: 0n, signal: ac.signal }));
        await sub.until(() => sub.items.some((i) => i.kind === 'caughtUp'));
        expect(sub.items.map((i) => (i.kind === 'event' ? i.event.revision : i.kind))).toEqual([1n, 2n, 'caughtUp']);
        await store.append(s, [ev('D')], { expectedRevision: 2n });
        await store.append(s, [ev('E'), ev('F')], { expectedRevision: 3n });
        await sub.until(() => sub.events().length === 5);
        ac.abort();
        await sub.done;
        expect(sub.ended).toBe(true);
        expect(sub.items.map((i) => (i.kind === 'event' ? i.event.revision : i.kind))).toEqual([1n, 2n, 'caughtUp', 3n, 4n, 5n]);
      });

      it("'start' delivers the whole stream, and waits for a stream that does not exist yet", async () => {
        const s = `c-sub-new-${suffix()}`;
        const ac = new AbortController();
        const sub = startCollector(store.subscribeToStream(s, { after: 'start', signal: ac.signal }));
        await sub.until(() => sub.items.some((i) => i.kind === 'caughtUp'));
        await store.append(s, [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
        await sub.until(() => sub.events().length === 2);
        ac.abort();
        await sub.done;
        expect(sub.events().map((e) => e.revision)).toEqual([0n, 1n]);
      });

      it('switches from history to live with no gap or duplicate while appends race the switch', async () => {
        const s = `c-sub-race-${suffix()}`;
        for (let i = 0; i < 20; i++) await store.append(s, [ev('H', { i })]);
        const ac = new AbortController();
        const writing = (async () => {
          for (let i = 20; i < 60; i++) await store.append(s, [ev('L', { i })]);
        })();
        const sub = startCollector(store.subscribeToStream(s, { after: 'start', signal: ac.signal }));
        await writing;
        await sub.until(() => sub.events().length >= 60);
        ac.abort();
        await sub.done;
        expect(sub.events().map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 60 }, (_, i) => i));
        expect(sub.items.filter((i) => i.kind === 'caughtUp')).toHaveLength(1);
      });
    });

    describe('subscribeToAll', () => {
      it('is exclusive of its start and resumable from the last delivered position', async () => {
        const p = `c-suball-${suffix()}-`;
        const { after } = await startPoint(store);
        const filter = { streamPrefixes: [p] };
        for (let i = 0; i < 10; i++) await store.append(`${p}${i % 3}`, [ev('X', { i })]);

        const ac1 = new AbortController();
        const first = startCollector(store.subscribeToAll({ after, filter, signal: ac1.signal }));
        await first.until(() => first.events().length >= 4);
        ac1.abort();
        await first.done;
        const got = first.events().slice(0, 4);
        expect(got.map((e) => e.data)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }, { i: 3 }]);

        // Resume exclusively from the last delivered position: no gap, no duplicate.
        const ac2 = new AbortController();
        const second = startCollector(store.subscribeToAll({ after: got[3]!.position, filter, signal: ac2.signal }));
        await second.until(() => second.events().length >= 6);
        for (let i = 10; i < 13; i++) await store.append(`${p}live`, [ev('X', { i })]);
        await second.until(() => second.events().length >= 9);
        ac2.abort();
        await second.done;
        expect(second.events().map((e) => e.data)).toEqual(Array.from({ length: 9 }, (_, k) => ({ i: k + 4 })));
        const all = await readAllUntil(store, { from: after === 'start' ? 'start' : after, filter }, 13);
        expect([...got, ...second.events()].map((e) => e.id)).toEqual(all.map((e) => e.id));
      });

      it('delivers only matching events and checkpoints past the events the filter skipped', async () => {
        const x = suffix();
        const p = `c-subflt-${x}-`;
        const { after } = await startPoint(store);
        await store.append(`${p}yes-1`, [ev(`T${x}Wanted`, { n: 1 })]);
        const ac = new AbortController();
        const sub = startCollector(store.subscribeToAll({ after, filter: { streamPrefixes: [`${p}yes-`] }, signal: ac.signal }));
        await sub.until(() => sub.events().length === 1);
        let lastSkipped: Position | undefined;
        for (let i = 0; i < 5; i++) {
          lastSkipped = (await store.append(`${p}no-${i}`, Array.from({ length: 20 }, () => ev(`T${x}Other`)))).position;
        }
        const firstPosition = sub.events()[0]!.position;
        await sub.until(() =>
          sub.items.some((i) => i.kind === 'checkpoint' && comparePositions(i.position, firstPosition) > 0),
        );
        await store.append(`${p}yes-2`, [ev(`T${x}Wanted`, { n: 2 })]);
        await sub.until(() => sub.events().length === 2);
        ac.abort();
        await sub.done;
        expect(sub.events().map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
        expect(lastSkipped).toBeDefined();

        // Resuming from a checkpoint delivers what follows it, and nothing the filter skipped.
        const checkpoint = sub.items.find((i): i is Extract<SubscriptionItem, { kind: 'checkpoint' }> => i.kind === 'checkpoint')!;
        const ac2 = new AbortController();
        const resumed = startCollector(
          store.subscribeToAll({ after: checkpoint.position, filter: { streamPrefixes: [`${p}yes-`] }, signal: ac2.signal }),
        );
        await resumed.until(() => resumed.events().length === 1);
        ac2.abort();
        await resumed.done;
        expect(resumed.events().map((e) => e.data)).toEqual([{ n: 2 }]);
      });

      it('switches from history to live with no gap or duplicate while appends race the switch', async () => {
        const p = `c-suball-race-${suffix()}-`;
        const { after } = await startPoint(store);
        const filter = { streamPrefixes: [p] };
        await Promise.all(Array.from({ length: 4 }, (_, w) => appendMany(store, `${p}${w}`, 0, 10)));
        const ac = new AbortController();
        const sub = startCollector(store.subscribeToAll({ after, filter, signal: ac.signal }));
        await Promise.all(Array.from({ length: 4 }, (_, w) => appendMany(store, `${p}${w}`, 10, 30)));
        await sub.until(() => sub.events().length >= 120);
        ac.abort();
        await sub.done;
        const all = await readAllUntil(store, { from: after, filter }, 120);
        expect(sub.events().map((e) => e.id)).toEqual(all.map((e) => e.id));
        expect(sub.items.filter((i) => i.kind === 'caughtUp')).toHaveLength(1);
      });

      it('torture: 16 concurrent writers for ~4 s, every committed event delivered exactly once, in readAll order', async () => {
        const p = `c-torture-${suffix()}-`;
        const { after } = await startPoint(store);
        const filter = { streamPrefixes: [p] };
        const ac = new AbortController();
        const sub = startCollector(store.subscribeToAll({ after, filter, signal: ac.signal }));
        await sub.until(() => sub.items.some((i) => i.kind === 'caughtUp'));

        const committed = await runWriters(store, p, 16, 4_000);
        await sub.until(() => sub.events().length >= committed.size, 30_000);
        // Give a duplicate a chance to show up before checking.
        await new Promise((r) => setTimeout(r, 300));
        ac.abort();
        await sub.done;

        const delivered = sub.events().map((e) => e.id);
        expect(new Set(delivered).size).toBe(delivered.length);
        expect(delivered.length).toBe(committed.size);
        for (const id of delivered) expect(committed.has(id)).toBe(true);
        const all = await readAllUntil(store, { from: after, filter }, committed.size);
        expect(delivered).toEqual(all.map((e) => e.id));
        const events = sub.events();
        for (let i = 1; i < events.length; i++) expect(comparePositions(events[i - 1]!.position, events[i]!.position)).toBe(-1);
        expect(committed.size).toBeGreaterThan(16);
        console.info(`torture: ${committed.size} committed events delivered exactly once`);
      }, 60_000);
    });
  });
}

async function appendMany(store: EventStore, stream: string, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) await store.append(stream, [ev('X', { i })]);
}

/**
 * Writers append for `ms`: mostly to their own streams ('any', 1–3 events), sometimes to a shared
 * stream with an exact expected revision (conflicts are expected and not committed).
 * Returns the ids of every committed event.
 */
async function runWriters(store: EventStore, prefix: string, writers: number, ms: number): Promise<Set<string>> {
  const committed = new Set<string>();
  const shared = `${prefix}shared`;
  const deadline = Date.now() + ms;
  let sharedRevision: bigint | 'no_stream' = 'no_stream';
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let k = 0; Date.now() < deadline; k++) {
        const batch = Array.from({ length: 1 + (k % 3) }, (_, j) => ev('Tortured', { w, k, j }, randomUUID()));
        const useShared = k % 7 === 3;
        try {
          const expected = sharedRevision;
          const result = useShared
            ? await store.append(shared, batch, { expectedRevision: expected })
            : await store.append(`${prefix}w${w}-${k % 4}`, batch, { expectedRevision: 'any' });
          if (useShared) sharedRevision = result.nextExpectedRevision;
          for (const e of batch) committed.add(e.id!);
        } catch (err) {
          if (!(err instanceof WrongExpectedVersionError)) throw err;
          if (useShared) sharedRevision = err.actual;
        }
      }
    }),
  );
  return committed;
}
