// The PostgreSQL adapter of the event-store port (schema: ./event-store.schema.ts). Split like the
// EventStoreDB adapter: this file is the store; its SQL is pg-sql.ts, its rows pg-mapping.ts, its
// wake-ups (hub, NOTIFY, LISTEN) pg-wake-ups.ts and its error translation pg-errors.ts.
// Rules (docs/architecture.md, "Event store"):
// - one round trip per append (pg-sql.ts): the predecessor's read, the sealing and the insert in one
//   statement, guarded by the event key (stream, revision) alone (event-key-append.schema.ts);
// - under load, one-event appends are committed in groups, one statement and one transaction for
//   many streams (append-groups.ts); an append a group did not write is settled alone;
// - the global cursor is (transaction_id, global_position) and every $all read only returns rows of
//   finished transactions (see pg-sql.ts): a long write transaction delays delivery, never loses it;
// - per-stream reads need no guard: revision n + 1 is only written after n committed (the key);
// - LISTEN/NOTIFY is only a wake-up hint sent after commit, backed by a fallback poll;
// - caught-up $all subscriptions take their events from one shared reader of the log (live-tail.ts),
//   filtered in process; only a subscription catching up reads the log itself.
import { setMaxListeners } from 'node:events';
import type pg from 'pg';
import { backoffDelay, sleep, type BackoffPolicy } from '../../lib/retry.js';
import {
  EventStoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type Revision,
  type SubscribeToAllOptions,
  type SubscribeToStreamOptions,
  type SubscriptionItem,
} from '../event-store.js';
import { AppendGroups, type AppendGroupLimits, type GroupedAppend } from './append-groups.js';
import { constraintOf, sqlState, translateError } from './pg-errors.js';
import {
  appendStatement,
  groupDocument,
  idempotentValues,
  filterValues,
  MAX_BIGINT,
  MAX_XID8,
  positionValues,
  toPosition,
  toRecorded,
  ZERO,
  type AppendRow,
  type EventRow,
  type PageRow,
  type PositionRow,
  type StreamRow,
  type AppendStatement,
  type ContentEncoder,
} from './pg-mapping.js';
import {
  APPEND_GROUP_SQL,
  COMMITTED_HEAD_SQL,
  HEAD_SQL,
  HELD_BACK_SQL,
  IDEMPOTENT_RESULT_SQL,
  READ_ALL_BACKWARDS_SQL,
  READ_ALL_PAGE_STATEMENTS,
  READ_STREAM_BACKWARDS_SQL,
  READ_STREAM_FORWARDS_SQL,
  STREAM_AFTER_SQL,
  STREAM_HEAD_SQL,
} from './pg-sql.js';
import { LiveTail, type TailReader } from './live-tail.js';
import { Listener, Notifier, WakeHub } from './pg-wake-ups.js';

export interface PgEventStoreOptions {
  pool: pg.Pool;
  /** For the dedicated LISTEN connection (not taken from the pool: it is held forever). */
  connectionString: string;
  /** Fallback poll of idle subscriptions; the xmin horizon can hold rows back with no notify to follow. */
  pollIntervalMs?: number;
  /** Rows per internal page of reads and subscriptions. */
  batchSize?: number;
  /**
   * Least time between two reads of a live subscription (default 5 ms). A subscriber woken by every
   * append would otherwise read the log once per append under load, one or two events a read, and
   * its consumer would commit as many tiny batches: each append then costs every subscriber a few
   * round trips. Spacing the reads lets what arrived meanwhile come in one page; an idle
   * subscription still reads at once when woken, since its last read is long past.
   */
  liveReadIntervalMs?: number;
  /** Group commit of one-event appends (append-groups.ts): DEFAULT_GROUP_LIMITS unless given (tests give their own). */
  appendGroups?: AppendGroupLimits;
  /**
   * What an append sends of each event (pg-mapping.ts): the sealing encoder of audit-chain.ts unless
   * given. Only the store benchmark gives another, for its baseline without the chain (no digest).
   */
  encodeContent?: ContentEncoder;
  log?: (msg: string, err?: unknown) => void;
}

/** unique_violation: an append's place (stream, revision) or one of its ids is taken. */
const UNIQUE_VIOLATION = '23505';
/** Appends with 'any' / 'stream_exists' that lose the race for the head this often in a row give up. */
const MAX_HEAD_RACES = 100;
/** A subscription's read that failed for an outage is retried after this. */
const READ_RETRY_BACKOFF: BackoffPolicy = { initialMs: 100, maxMs: 5_000, jitter: 0.5 };
/** Re-poll delays while the read horizon holds committed rows back. */
const HELD_BACK_MIN_MS = 10;
const HELD_BACK_MAX_MS = 200;
/** settledHeadPosition says in the log that it is waiting once the wait is this long. */
const SETTLE_LOG_AFTER_MS = 5_000;
/** Pages of events the live tail keeps for subscriptions that lag behind its head. */
const TAIL_PAGES = 4;

export function createPgEventStore(options: PgEventStoreOptions): EventStore {
  const { pool, connectionString } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchSize = options.batchSize ?? 500;
  const liveReadIntervalMs = options.liveReadIntervalMs ?? 5;
  const log = options.log ?? (() => undefined);

  const closing = new AbortController();
  // Every open subscription listens to it (AbortSignal.any): as many as the process has consumers.
  setMaxListeners(0, closing.signal);
  const hub = new WakeHub();
  const notifier = new Notifier(pool, log);
  const listener = new Listener(connectionString, hub, log);

  async function query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<R[]> {
    if (closing.signal.aborted) throw new EventStoreUnavailableError('The event store is closed');
    try {
      return (await pool.query<R>(config)).rows;
    } catch (err) {
      throw translateError(err);
    }
  }

  const groups = new AppendGroups(commitGroup, options.appendGroups);

  async function commitGroup(group: GroupedAppend[]): Promise<Map<string, AppendRow>> {
    const rows = await query<AppendRow & { stream: string }>({ name: 'es_append_group', text: APPEND_GROUP_SQL, values: [groupDocument(group)] });
    return new Map(rows.map((r) => [r.stream, r]));
  }

  async function append(stream: string, events: EventToAppend[], opts?: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new TypeError('append needs at least one event');
    const expected = opts?.expectedRevision ?? 'any';
    const statement = appendStatement(stream, expected, events, options.encodeContent);
    if (!statement.grouped) return appendAlone(stream, expected, events, statement);
    if (groups.takeSlot()) {
      try {
        return await appendAlone(stream, expected, events, statement);
      } finally {
        groups.releaseSlot();
      }
    }
    // Every slot is busy: commit with the next group. An append the group did not write, or a group
    // that failed for anything but an outage, is settled alone, with a single append's answers.
    const row = await groups.enqueue(statement.grouped).catch((err: unknown) => {
      if (err instanceof EventStoreUnavailableError) throw err;
      return undefined;
    });
    if (row) return appended(stream, events, row);
    return appendAlone(stream, expected, events, statement);
  }

  function appended(stream: string, events: EventToAppend[], row: AppendRow): AppendResult {
    // Wake this process's subscribers at once; other processes hear a coalesced NOTIFY sent
    // after commit, outside the append transaction.
    const wake = { stream, types: events.length === 1 ? [events[0]!.type] : [...new Set(events.map((e) => e.type))] };
    hub.wake([wake]);
    notifier.schedule(wake);
    return appendResult(row);
  }

  async function appendAlone(stream: string, expected: ExpectedRevision, events: EventToAppend[], statement: AppendStatement): Promise<AppendResult> {
    for (let race = 0; ; race++) {
      let row: AppendRow | undefined;
      let conflict: unknown;
      try {
        [row] = await query<AppendRow>(statement);
      } catch (err) {
        if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
        conflict = err;
      }
      if (row) return appended(stream, events, row);
      // Not appended: the expected revision did not hold, or another append took the place or the
      // ids (23505). The same ids already sitting where this append asked: EventStoreDB's idempotent
      // append, the original result.
      const [original] = await query<AppendRow>({ name: 'es_idempotent_result', text: IDEMPOTENT_RESULT_SQL, values: idempotentValues(stream, expected, statement.ids) });
      if (original) return appendResult(original);
      if (constraintOf(conflict) === 'events_event_id') {
        throw new Error(`append to ${stream}: an event id is already used at another place`, { cause: conflict });
      }
      // 'any' and 'stream_exists' hold whatever the head: another appender got there first, so
      // again on the new head. Each lost race means another append succeeded.
      if (conflict && (expected === 'any' || expected === 'stream_exists') && race < MAX_HEAD_RACES) continue;
      const actual = await streamHead(stream);
      throw new WrongExpectedVersionError(stream, expected, actual < 0n ? 'no_stream' : actual);
    }
  }

  function appendResult(row: AppendRow): AppendResult {
    return { nextExpectedRevision: BigInt(row.revision), position: toPosition(row) };
  }

  async function* readStream(stream: string, opts: ReadStreamOptions = {}): AsyncGenerator<RecordedEvent> {
    const backwards = opts.direction === 'backwards';
    let remaining = opts.maxCount ?? Infinity;
    let from = opts.from === undefined || opts.from === 'start' ? '0' : opts.from === 'end' ? MAX_BIGINT : opts.from.toString();
    while (remaining > 0) {
      const limit = Math.min(batchSize, remaining);
      const rows = await query<StreamRow>({
        name: backwards ? 'es_read_stream_bwd' : 'es_read_stream_fwd',
        text: backwards ? READ_STREAM_BACKWARDS_SQL : READ_STREAM_FORWARDS_SQL,
        values: [stream, from, limit],
      });
      if (rows.length === 0) throw new StreamNotFoundError(stream);
      const events = rows.filter((r) => r.revision !== null);
      for (const row of events) yield toRecorded(row, stream);
      if (events.length < limit) return;
      remaining -= events.length;
      const last = BigInt(events[events.length - 1]!.revision!);
      from = (backwards ? last - 1n : last + 1n).toString();
      if (backwards && last === 0n) return;
    }
  }

  async function* readAll(opts: ReadAllOptions = {}): AsyncGenerator<RecordedEvent> {
    let remaining = opts.maxCount ?? Infinity;
    if (opts.direction === 'backwards') {
      yield* readAllBackwards(opts.from ?? 'end', opts.filter, remaining);
      return;
    }
    if (opts.from === 'end') return;
    let cursor = opts.from === undefined || opts.from === 'start' ? ZERO : opts.from;
    let inclusive = true;
    while (remaining > 0) {
      // Unfiltered, a page never needs more rows than are still wanted; filtered, it scans a full page.
      const limit = opts.filter ? batchSize : Math.min(batchSize, remaining);
      const page = await readAllPage(cursor, inclusive, opts.filter, limit, opts.chain !== false);
      for (const event of page.events) {
        if (remaining-- <= 0) return;
        yield event;
      }
      if (!page.lastScanned || page.scanned < limit) return;
      cursor = page.lastScanned;
      inclusive = false;
    }
  }

  async function* readAllBackwards(from: 'start' | 'end' | Position, filter: EventFilter | undefined, maxCount: number) {
    if (from === 'start') return;
    let cursor = from === 'end' ? { commit: MAX_XID8, prepare: MAX_BIGINT } : positionValues(from);
    let remaining = maxCount;
    while (remaining > 0) {
      const limit = Math.min(batchSize, remaining);
      const rows = await query<EventRow>({
        name: 'es_read_all_bwd',
        text: READ_ALL_BACKWARDS_SQL,
        values: [cursor.commit, cursor.prepare, limit, ...filterValues(filter)],
      });
      for (const row of rows) yield toRecorded(row);
      if (rows.length < limit) return;
      remaining -= rows.length;
      const last = rows[rows.length - 1]!;
      // The next page starts just below the last row: (commit, prepare - 1) is exclusive of it.
      cursor = { commit: last.commit, prepare: (BigInt(last.prepare) - 1n).toString() };
    }
  }

  /**
   * One page of the guarded $all range, filtered after the scan so the last scanned key is known;
   * without `chain`, without the chain's hashes.
   */
  async function readAllPage(after: Position, inclusive: boolean, filter: EventFilter | undefined, limit: number, chain: boolean) {
    const rows = await query<PageRow>({
      ...READ_ALL_PAGE_STATEMENTS[chain ? 'chain' : 'plain'][inclusive ? 'from' : 'after'],
      values: [after.commit.toString(), after.prepare.toString(), limit, ...filterValues(filter)],
    });
    const first = rows[0];
    return {
      scanned: first ? first.scanned : 0,
      lastScanned: first ? toPosition({ commit: first.last_commit, prepare: first.last_prepare }) : undefined,
      events: rows.filter((r) => r.commit !== null).map((r) => toRecorded(r as EventRow)),
    };
  }

  async function headPosition(): Promise<Position | null> {
    const [row] = await query<PositionRow>({ name: 'es_head', text: HEAD_SQL });
    return row ? toPosition(row) : null;
  }

  // The newest committed event may sit above the guard (pg-sql.ts) while an older transaction is
  // open anywhere in the cluster, other databases' included; it becomes readable when that ends.
  async function settledHeadPosition(signal?: AbortSignal): Promise<Position | null> {
    const [row] = await query<PositionRow>({ name: 'es_committed_head', text: COMMITTED_HEAD_SQL });
    if (!row) return null;
    const committed = toPosition(row);
    const started = performance.now();
    const stop = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
    let delay = HELD_BACK_MIN_MS;
    let said = false;
    for (;;) {
      if (stop.aborted) throw signal?.aborted ? signal.reason : new EventStoreUnavailableError('The event store is closed');
      const head = await headPosition();
      if (head && comparePositions(head, committed) >= 0) return committed;
      if (!said && performance.now() - started >= SETTLE_LOG_AFTER_MS) {
        said = true;
        log(`event store: waiting for a transaction open elsewhere in the cluster to end before events up to ${committed.commit}/${committed.prepare} can be read`);
      }
      await sleep(delay, stop);
      delay = Math.min(delay * 2, HELD_BACK_MAX_MS);
    }
  }

  // The live tail (live-tail.ts): one reader of $all for every caught-up subscription of this store.
  const tailWaiter = hub.register(undefined);
  let tailHeldBackDelay = HELD_BACK_MIN_MS;
  const tail = new LiveTail({
    // With the hashes: the tail serves every subscription of the process, the audit log's among them.
    readPage: (after, signal) => retrying(() => readAllPage(after, false, undefined, batchSize, true), signal),
    beforeRead: () => {
      tailWaiter.pending = false;
    },
    idle: async (head, found, signal) => {
      // Woken, yet nothing to read: committed events the read horizon still holds back (an older
      // transaction anywhere in the cluster is open) bring no further wake-up when it ends, so
      // re-poll soon, backing off, instead of sleeping a whole poll interval.
      if (found === 0 && (await retrying(() => heldBack(head), signal))) {
        await sleep(tailHeldBackDelay, signal);
        tailHeldBackDelay = Math.min(tailHeldBackDelay * 2, Math.max(HELD_BACK_MIN_MS, Math.min(pollIntervalMs, HELD_BACK_MAX_MS)));
        return;
      }
      tailHeldBackDelay = HELD_BACK_MIN_MS;
      // LISTEN is already on: the subscription that started the tail started it, before its first read.
      await hub.wait(tailWaiter, pollIntervalMs, signal);
    },
    minIntervalMs: liveReadIntervalMs,
    pageSize: batchSize,
    capacity: TAIL_PAGES * batchSize,
    closing: closing.signal,
    log,
  });

  async function* subscribeToAll(opts: SubscribeToAllOptions): AsyncGenerator<SubscriptionItem> {
    const signal = AbortSignal.any([opts.signal, closing.signal]);
    listener.ensureStarted();
    let joined: TailReader | undefined;
    try {
      let cursor = opts.after === undefined || opts.after === 'start' ? ZERO : opts.after === 'end' ? ((await headPosition()) ?? ZERO) : opts.after;
      let caughtUp = false;
      let lastReadAt = 0;
      while (!signal.aborted) {
        // Served by the tail, which reads at most every liveReadIntervalMs itself, a subscription that
        // asks no more than that waits no more: a second timer in a row cost a busy event loop's turn.
        const interval = opts.liveReadIntervalMs ?? liveReadIntervalMs;
        if (caughtUp && (!joined || interval > liveReadIntervalMs)) {
          const early = lastReadAt + interval - performance.now();
          if (early > 0) await sleep(early, signal);
        }
        lastReadAt = performance.now();
        // Caught up, from the tail's buffer; catching up (or fallen behind the buffer), from the database.
        const page = joined?.pageAfter(cursor, opts.filter, batchSize) ?? (await retrying(() => readAllPage(cursor, false, opts.filter, batchSize, opts.chain !== false), signal));
        if (!page) return;
        for (const event of page.events) {
          if (signal.aborted) return;
          yield { kind: 'event', event };
          cursor = event.position;
        }
        // Events the filter skipped at the end of the page: move past them and say so, or a consumer
        // that checkpoints only on delivered events would rescan them after every restart.
        if (page.lastScanned && comparePositions(page.lastScanned, cursor) > 0) {
          cursor = page.lastScanned;
          if (opts.filter && !signal.aborted) yield { kind: 'checkpoint', position: cursor };
        }
        if (page.scanned < batchSize) {
          if (!caughtUp && !signal.aborted) {
            caughtUp = true;
            yield { kind: 'caughtUp' };
          }
          joined ??= tail.join(cursor, signal);
          await joined.waitBeyond(cursor, opts.filter, pollIntervalMs);
        }
      }
    } finally {
      joined?.leave();
    }
  }

  async function heldBack(cursor: Position): Promise<boolean> {
    const [row] = await query<{ held: boolean }>({ name: 'es_held_back', text: HELD_BACK_SQL, values: [cursor.commit.toString(), cursor.prepare.toString()] });
    return row?.held === true;
  }

  async function* subscribeToStream(stream: string, opts: SubscribeToStreamOptions): AsyncGenerator<SubscriptionItem> {
    const signal = AbortSignal.any([opts.signal, closing.signal]);
    const waiter = hub.register(stream);
    listener.ensureStarted();
    try {
      let after = opts.after === undefined || opts.after === 'start' ? -1n : opts.after === 'end' ? await streamHead(stream) : opts.after;
      let caughtUp = false;
      while (!signal.aborted) {
        waiter.pending = false;
        const rows = await retrying(
          () => query<EventRow>({ name: 'es_stream_after', text: STREAM_AFTER_SQL, values: [stream, after.toString(), batchSize] }),
          signal,
        );
        if (!rows) return;
        for (const row of rows) {
          if (signal.aborted) return;
          const event = toRecorded(row, stream);
          yield { kind: 'event', event };
          after = event.revision;
        }
        if (rows.length < batchSize) {
          if (!caughtUp && !signal.aborted) {
            caughtUp = true;
            yield { kind: 'caughtUp' };
          }
          await hub.wait(waiter, pollIntervalMs, signal);
        }
      }
    } finally {
      hub.unregister(waiter);
    }
  }

  async function streamHead(stream: string): Promise<Revision> {
    const [row] = await query<{ last_revision: string }>({ name: 'es_stream_head', text: STREAM_HEAD_SQL, values: [stream] });
    return row ? BigInt(row.last_revision) : -1n;
  }

  /** Runs a subscription's read, riding out store outages with backoff; undefined when aborted. */
  async function retrying<T>(read: () => Promise<T>, signal: AbortSignal): Promise<T | undefined> {
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        return await read();
      } catch (err) {
        // Stopped meanwhile (abort or close): end cleanly whatever the read failed with.
        if (signal.aborted) return undefined;
        if (!(err instanceof EventStoreUnavailableError)) throw err;
        log('event store subscription: read failed, retrying', err);
        await sleep(backoffDelay(attempt, READ_RETRY_BACKOFF), signal);
      }
    }
    return undefined;
  }

  return {
    kind: 'postgres',
    append,
    readStream,
    readAll,
    subscribeToAll,
    subscribeToStream,
    headPosition,
    settledHeadPosition,
    ping: async () => {
      await query({ text: 'SELECT 1' });
    },
    close: async () => {
      if (closing.signal.aborted) return;
      closing.abort();
      await Promise.all([listener.stop(), notifier.close()]);
    },
  };
}
