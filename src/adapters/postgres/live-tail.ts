// The live tail of $all that this process's caught-up subscriptions share (pg-event-store.ts).
// Each subscription used to read every page of the log itself: on a run's approval the runs and
// metrics projections, the audit projection and the reactors each fetched, decoded and mapped the
// same rows, one read per subscriber per wake-up. Now one reader follows the log (unfiltered, the
// same guarded page read) and keeps the last pages in memory; a subscription whose cursor the
// buffer covers takes its events from there, filtered in process, and reads the database only
// while it catches up from further back. The buffer is a prefix-closed piece of the log: every
// event in (base, head], so a page served from it is the page the database would have answered.
import { sleep } from '../../lib/retry.js';
import { comparePositions, matchesFilter, type EventFilter, type Position, type RecordedEvent } from '../event-store.js';

/** A page of $all after a cursor, as the adapter's page read answers it. */
export interface TailPage {
  /** Events of the range looked at, the filter's skipped ones included. */
  scanned: number;
  /** The last event looked at (a cursor may move there past skipped events). */
  lastScanned: Position | undefined;
  events: RecordedEvent[];
}

interface Joined {
  /** Everything up to here is consumed. */
  position: Position;
  signal: AbortSignal;
  /** Ends the current wait (on abort). */
  wake: (() => void) | undefined;
}

/** A joined subscription's view of the tail (LiveTail.join). */
export interface TailReader {
  /**
   * The page after `cursor` (exclusive) from the buffer, at most `limit` events looked at; undefined
   * when the buffer does not cover the cursor (behind it, ahead of it, or the tail not running).
   */
  pageAfter(cursor: Position, filter: EventFilter | undefined, limit: number): TailPage | undefined;
  /** See LiveTail's waitBeyond: waits, caught up at `cursor`, for a reason to read again. */
  waitBeyond(cursor: Position, filter: EventFilter | undefined, pollMs: number): Promise<void>;
  /** The subscription ends; the tail stops with the last one. */
  leave(): void;
}

export interface LiveTailOptions {
  /** One unfiltered page after the position; undefined when stopped. Rides out outages itself. */
  readPage: (after: Position, signal: AbortSignal) => Promise<TailPage | undefined>;
  /**
   * After a page that was not full: waits for the next reason to read (a wake-up, the fallback poll,
   * the read horizon's re-poll), at once if one came since `beforeRead`. `found`: the page's events.
   */
  idle: (head: Position, found: number, signal: AbortSignal) => Promise<void>;
  /** Called right before each read: wake-ups from here on call for another read. */
  beforeRead: () => void;
  /** Least time between two reads (the store's live read interval). */
  minIntervalMs: number;
  /** Rows a read asks for: a full page means more is waiting, read again at once. */
  pageSize: number;
  /** Events kept; a subscription that falls further behind reads the database until it is back. */
  capacity: number;
  /** The store closing: the tail stops. */
  closing: AbortSignal;
  log: (msg: string, err?: unknown) => void;
}

export class LiveTail {
  /** Every event in (base, head], in log order. */
  private events: RecordedEvent[] = [];
  private base: Position | undefined;
  private head: Position | undefined;
  /** The joined subscriptions: each one's cursor (what it has consumed) and its wait, if waiting. */
  private readonly readers = new Set<Joined>();
  private stop: AbortController | undefined;
  private failure: { error: unknown } | undefined;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly options: LiveTailOptions) {}

  /** Events held now. */
  get buffered(): number {
    return this.events.length;
  }

  /**
   * A caught-up subscription joins at its cursor; the tail runs while one is joined, from the cursor
   * of the one that started it. The handle's reads tell the tail what the subscription has consumed.
   */
  join(cursor: Position, signal: AbortSignal): TailReader {
    const reader: Joined = { position: cursor, signal, wake: undefined };
    // One abort listener for the subscription's life, not one per wait (each cost an add and a remove).
    const onAbort = () => reader.wake?.();
    signal.addEventListener('abort', onAbort, { once: true });
    this.readers.add(reader);
    if (!this.stop) this.start(cursor);
    return {
      pageAfter: (at, filter, limit) => {
        reader.position = at;
        return this.pageAfter(at, filter, limit);
      },
      waitBeyond: (at, filter, pollMs) => {
        reader.position = at;
        this.trim();
        return this.waitBeyond(reader, at, filter, pollMs);
      },
      leave: () => {
        if (!this.readers.delete(reader)) return;
        signal.removeEventListener('abort', onAbort);
        if (this.readers.size === 0) this.halt();
      },
    };
  }

  /**
   * The page after `cursor` (exclusive) from the buffer, at most `limit` events looked at; undefined
   * when the buffer does not cover the cursor (behind it, ahead of it, or the tail not running).
   */
  private pageAfter(cursor: Position, filter: EventFilter | undefined, limit: number): TailPage | undefined {
    const { base, head } = this;
    if (!base || !head || comparePositions(cursor, base) < 0 || comparePositions(cursor, head) > 0) return undefined;
    const from = this.firstAfter(cursor);
    const to = Math.min(this.events.length, from + limit);
    const events: RecordedEvent[] = [];
    for (let i = from; i < to; i++) {
      const e = this.events[i]!;
      if (!filter || matchesFilter(filter, e.streamName, e.type)) events.push(e);
    }
    return { scanned: to - from, lastScanned: to > from ? this.events[to - 1]!.position : undefined, events };
  }

  /**
   * For a caught-up subscription at `cursor`: resolves once the tail holds an event after it that the
   * filter keeps, a full page of events after it (so it moves on before the buffer drops them), or,
   * after `pollMs`, any event after it (its checkpoint moves past what the filter skips about as
   * often as the old fallback poll moved it); at once when it is behind the buffer. Throws what
   * stopped the tail (a read that failed for something other than an outage), so the subscription
   * fails as its own read would have.
   */
  private async waitBeyond(reader: Joined, cursor: Position, filter: EventFilter | undefined, pollMs: number): Promise<void> {
    const since = performance.now();
    let seen = cursor;
    while (!reader.signal.aborted) {
      if (this.failure) throw this.failure.error;
      if (!this.stop) this.start(cursor);
      const { base, head } = this;
      if (comparePositions(cursor, base!) < 0) return;
      if (comparePositions(head!, seen) > 0) {
        for (let i = this.firstAfter(seen); i < this.events.length; i++) {
          const e = this.events[i]!;
          if (!filter || matchesFilter(filter, e.streamName, e.type)) return;
        }
        seen = head!;
      }
      // Skipped events after the cursor: a timer for the poll. Nothing after it: only a move can help.
      let timeoutMs: number | undefined;
      if (comparePositions(head!, cursor) > 0) {
        if (this.events.length - this.firstAfter(cursor) >= this.options.pageSize) return;
        if (performance.now() - since >= pollMs) return;
        timeoutMs = Math.max(1, since + pollMs - performance.now());
      }
      await this.nextMove(reader, timeoutMs);
    }
  }

  /** Resolves on the tail's next move (or halt), the reader's abort, or after `timeoutMs` if given. */
  private nextMove(reader: Joined, timeoutMs: number | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        if (timer) clearTimeout(timer);
        this.waiting.delete(done);
        if (reader.wake === done) reader.wake = undefined;
        resolve();
      };
      const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs);
      this.waiting.add(done);
      reader.wake = done;
    });
  }

  private start(cursor: Position): void {
    const stop = new AbortController();
    this.stop = stop;
    this.failure = undefined;
    this.base = cursor;
    this.head = cursor;
    this.events = [];
    const signal = AbortSignal.any([stop.signal, this.options.closing]);
    void this.follow(signal).catch((error: unknown) => {
      if (signal.aborted) return;
      this.options.log('event store live tail: read failed', error);
      this.failure = { error };
      this.halt();
    });
  }

  /** Stops reading and drops the buffer; waiting subscriptions wake (and see the failure, if any). */
  private halt(): void {
    this.stop?.abort();
    this.stop = undefined;
    this.base = undefined;
    this.head = undefined;
    this.events = [];
    this.moved();
  }

  private async follow(signal: AbortSignal): Promise<void> {
    const { readPage, idle, beforeRead, minIntervalMs, pageSize } = this.options;
    let lastReadAt = -Infinity;
    while (!signal.aborted) {
      const early = lastReadAt + minIntervalMs - performance.now();
      if (early > 0) await sleep(early, signal);
      if (signal.aborted) return;
      beforeRead();
      lastReadAt = performance.now();
      const page = await readPage(this.head!, signal);
      if (!page || signal.aborted) return;
      if (page.events.length > 0) {
        this.events.push(...page.events);
        this.head = page.lastScanned!;
        this.trim();
        this.moved();
      }
      if (page.scanned < pageSize) await idle(this.head!, page.scanned, signal);
    }
  }

  /**
   * Drops what every joined subscription has consumed, and past `capacity` the oldest (a page at a
   * time): the base moves up. Caught up, the buffer holds about one read's events; a subscription
   * that lags holds up to `capacity` for it, and behind that it reads the log itself.
   */
  private trim(): void {
    if (!this.base) return;
    let consumed: Position | undefined;
    for (const r of this.readers) if (!consumed || comparePositions(r.position, consumed) < 0) consumed = r.position;
    let drop = consumed && comparePositions(consumed, this.base) > 0 ? this.firstAfter(consumed) : 0;
    const { capacity, pageSize } = this.options;
    if (this.events.length - drop > capacity + pageSize) drop = this.events.length - capacity;
    if (drop === 0) return;
    this.base = this.events[drop - 1]!.position;
    this.events = this.events.slice(drop);
  }

  /** Index of the first buffered event after `cursor` (binary search: the buffer is in log order). */
  private firstAfter(cursor: Position): number {
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (comparePositions(this.events[mid]!.position, cursor) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private moved(): void {
    for (const wake of [...this.waiting]) wake();
  }
}
