// The live tail's buffer (src/adapters/postgres/live-tail.ts), over a log held in memory: it keeps
// only what a joined subscription has not consumed, at most its capacity for one that lags, and a
// subscription behind that is told to read the log itself. The store's own behaviour with the tail
// is in test/integration/pg-live-tail.int.test.ts.
import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../../src/adapters/event-store.js';
import { LiveTail, type TailPage } from '../../src/adapters/postgres/live-tail.js';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: 0n });

function event(n: number): RecordedEvent {
  return { streamName: `s-${n % 3}`, revision: 0n, position: at(n), id: `e${n}`, type: n % 2 === 0 ? 'Even' : 'Odd', data: { n }, metadata: {}, created: new Date(0) };
}

/** A log of `count` events and a tail over it that reads pages of `pageSize` whenever told to. */
function tailOver(pageSize: number, capacity: number) {
  const log: RecordedEvent[] = [];
  let poke: () => void = () => undefined;
  // As the store's hub: a wake-up since the last read makes the next idle return at once.
  let pending = false;
  const closing = new AbortController();
  const tail = new LiveTail({
    readPage: (after) => {
      const rest = log.filter((e) => e.position.commit > after.commit).slice(0, pageSize);
      return Promise.resolve<TailPage>({ scanned: rest.length, lastScanned: rest.at(-1)?.position, events: rest });
    },
    idle: (_head, _found, signal) =>
      pending
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            poke = resolve;
            signal.addEventListener('abort', () => resolve(), { once: true });
          }),
    beforeRead: () => {
      pending = false;
    },
    minIntervalMs: 0,
    pageSize,
    capacity,
    closing: closing.signal,
    log: () => undefined,
  });
  return {
    tail,
    append(count: number) {
      for (let i = 0; i < count; i++) log.push(event(log.length + 1));
      pending = true;
      poke();
    },
    close: () => closing.abort(),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('the live tail', () => {
  it('keeps only what a joined subscription has not consumed', async () => {
    const t = tailOver(10, 40);
    const a = t.tail.join(at(0), new AbortController().signal);
    const b = t.tail.join(at(0), new AbortController().signal);
    t.append(6);
    await settle();
    expect(t.tail.buffered).toBe(6);
    const pageA = a.pageAfter(at(0), undefined, 10)!;
    expect(pageA.events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
    // Filtered in process, the skipped events counted as looked at.
    const pageB = b.pageAfter(at(0), { eventTypePrefixes: ['Even'] }, 10)!;
    expect(pageB.events.map((e) => e.id)).toEqual(['e2', 'e4', 'e6']);
    expect(pageB.scanned).toBe(6);
    expect(pageB.lastScanned).toEqual(at(6));
    // a has consumed all six, b only four: two stay.
    void a.waitBeyond(at(6), undefined, 1_000);
    void b.waitBeyond(at(4), undefined, 1_000);
    expect(t.tail.buffered).toBe(2);
    t.append(3);
    await settle();
    expect(t.tail.buffered).toBe(5);
    expect(b.pageAfter(at(4), undefined, 10)!.events.map((e) => e.id)).toEqual(['e5', 'e6', 'e7', 'e8', 'e9']);
    a.leave();
    b.leave();
    t.close();
  });

  it('holds at most its capacity for a subscription that lags, which then reads the log itself', async () => {
    const t = tailOver(5, 20);
    const fast = t.tail.join(at(0), new AbortController().signal);
    const slow = t.tail.join(at(0), new AbortController().signal);
    for (let i = 0; i < 10; i++) {
      t.append(5);
      await settle();
    }
    expect(t.tail.buffered).toBeLessThanOrEqual(25);
    expect(fast.pageAfter(at(49), undefined, 5)!.events.map((e) => e.id)).toEqual(['e50']);
    // The slow one's cursor has been dropped: not covered, it reads the log.
    expect(slow.pageAfter(at(0), undefined, 5)).toBeUndefined();
    fast.leave();
    slow.leave();
    t.close();
  });

  it('wakes a filtered subscription for an event it keeps, not for others until the poll', async () => {
    const t = tailOver(10, 40);
    const ac = new AbortController();
    const reader = t.tail.join(at(0), ac.signal);
    let woke = false;
    const waiting = reader.waitBeyond(at(0), { streamPrefixes: ['s-1'] }, 200).then(() => (woke = true));
    t.append(2); // e1 (s-1) … kept
    await settle();
    expect(woke).toBe(true);
    await waiting;
    woke = false;
    const again = reader.waitBeyond(at(2), { streamPrefixes: ['s-1'] }, 200).then(() => (woke = true));
    t.append(1); // e3 (s-0): skipped
    await settle();
    expect(woke).toBe(false);
    await again; // the poll: its checkpoint may move past e3
    expect(woke).toBe(true);
    reader.leave();
    t.close();
  });
});
