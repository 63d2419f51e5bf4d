// The PostgreSQL adapter of the event-store port (schema: ./event-store.schema.ts).
// Rules (docs/architecture.md, "Event store"):
// - one round trip per append: a single call of es.append (compare-and-set + insert);
// - the global cursor is (transaction_id, global_position) and every $all read only returns rows with
//   transaction_id < pg_snapshot_xmin(pg_current_snapshot()): identity values are taken at INSERT but
//   become visible at COMMIT in any order, so a plain `global_position > last` reader loses events that
//   commit late. Below xmin every transaction has finished, and every row that can still appear has a
//   larger key than anything already returned. A long write transaction delays delivery, never loses it;
// - per-stream reads need no guard: the head-row lock makes a stream's revisions commit in order;
// - LISTEN/NOTIFY is only a wake-up hint sent after commit (NOTIFY inside the append transaction takes a
//   cluster-wide lock at commit and halves throughput), backed by a fallback poll;
// - node-postgres returns int8 and xid8 as strings: they become bigint here, never via global parsers.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
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
import { WRONG_EXPECTED_VERSION_SQLSTATE } from './event-store.schema.js';

export interface PgEventStoreOptions {
  pool: pg.Pool;
  /** For the dedicated LISTEN connection (not taken from the pool: it is held forever). */
  connectionString: string;
  /** Fallback poll of idle subscriptions; the xmin horizon can hold rows back with no notify to follow. */
  pollIntervalMs?: number;
  /** Rows per internal page of reads and subscriptions. */
  batchSize?: number;
  log?: (msg: string, err?: unknown) => void;
}

const CHANNEL = 'es_all';
/** At most one outgoing NOTIFY per this many ms per store. */
const NOTIFY_COALESCE_MS = 10;
/** NOTIFY payloads must stay under 8000 bytes; past this we send "wake everyone". */
const NOTIFY_PAYLOAD_MAX = 7000;
const WAKE_ALL = '*';
const MAX_BIGINT = '9223372036854775807';
const MAX_XID8 = '18446744073709551615';
const ZERO: Position = { commit: 0n, prepare: 0n };

export function createPgEventStore(options: PgEventStoreOptions): EventStore {
  const { pool, connectionString } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchSize = options.batchSize ?? 500;
  const log = options.log ?? (() => undefined);

  const closing = new AbortController();
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

  async function append(stream: string, events: EventToAppend[], opts?: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new TypeError('append needs at least one event');
    const expected = opts?.expectedRevision ?? 'any';
    const values = appendValues(stream, expected, events);
    let row: AppendRow | undefined;
    for (let attempt = 0; !row; attempt++) {
      try {
        [row] = await query<AppendRow>({ name: 'es_append', text: APPEND_SQL, values });
      } catch (err) {
        const code = sqlState(err);
        if (code === WRONG_EXPECTED_VERSION_SQLSTATE) throw wrongExpectedVersion(stream, expected, err);
        // Two concurrent re-appends of the same ids with 'any': the loser inserts duplicates. Once
        // the winner committed, the retry finds the ids and returns the idempotent result.
        if (code === '23505' && constraintOf(err) === 'events_event_id' && attempt === 0) continue;
        if (code === '23505' && constraintOf(err) === 'events_event_id') {
          throw new Error(`append to ${stream}: an event id is already used at another place`, { cause: err });
        }
        throw err;
      }
    }
    // Wake this process's subscribers at once; other processes hear a coalesced NOTIFY sent after
    // commit, outside the append transaction.
    hub.wake([stream]);
    notifier.schedule(stream);
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
      const page = await readAllPage(cursor, inclusive, opts.filter, limit);
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

  /** One page of the guarded $all range, filtered after the scan so the last scanned key is known. */
  async function readAllPage(after: Position, inclusive: boolean, filter: EventFilter | undefined, limit: number) {
    const rows = await query<PageRow>({
      name: inclusive ? 'es_read_all_from' : 'es_read_all_after',
      text: inclusive ? READ_ALL_FROM_SQL : READ_ALL_AFTER_SQL,
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

  async function* subscribeToAll(opts: SubscribeToAllOptions): AsyncGenerator<SubscriptionItem> {
    const signal = AbortSignal.any([opts.signal, closing.signal]);
    // A stream-prefix filter lets wake-ups for other streams pass this subscription by.
    const waiter = hub.register(undefined, opts.filter?.streamPrefixes);
    listener.ensureStarted();
    try {
      let cursor = opts.after === undefined || opts.after === 'start' ? ZERO : opts.after === 'end' ? ((await headPosition()) ?? ZERO) : opts.after;
      let caughtUp = false;
      let heldBackDelay = HELD_BACK_MIN_MS;
      while (!signal.aborted) {
        waiter.pending = false;
        const page = await retrying(() => readAllPage(cursor, false, opts.filter, batchSize), signal);
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
          // Woken, yet nothing to read: committed events the read horizon still holds back (an older
          // transaction anywhere in the cluster is open) bring no further wake-up when it ends, so
          // re-poll soon, backing off, instead of sleeping a whole poll interval.
          if (page.events.length === 0 && page.scanned === 0 && (await retrying(() => heldBack(cursor), signal))) {
            await sleep(heldBackDelay, signal);
            heldBackDelay = Math.min(heldBackDelay * 2, Math.max(HELD_BACK_MIN_MS, Math.min(pollIntervalMs, HELD_BACK_MAX_MS)));
            continue;
          }
          heldBackDelay = HELD_BACK_MIN_MS;
          await hub.wait(waiter, pollIntervalMs, signal);
        }
      }
    } finally {
      hub.unregister(waiter);
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
        await sleep(Math.min(5_000, 100 * 2 ** attempt), signal);
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

// --- wake-ups ----------------------------------------------------------------------------------

interface Waiter {
  /** Only wake-ups naming this stream matter (undefined: every wake-up). */
  readonly stream: string | undefined;
  /** Only wake-ups naming a stream with one of these prefixes matter (a filtered $all subscription). */
  readonly prefixes?: readonly string[];
  /** A wake-up arrived since the last read: the next wait returns at once. */
  pending: boolean;
  resume: (() => void) | undefined;
}

/** In-memory fan-out of wake-ups (local commits and the LISTEN connection) to all subscriptions. */
class WakeHub {
  private readonly waiters = new Set<Waiter>();

  register(stream: string | undefined, prefixes?: readonly string[]): Waiter {
    const waiter: Waiter = { stream, ...(prefixes ? { prefixes } : {}), pending: false, resume: undefined };
    this.waiters.add(waiter);
    return waiter;
  }

  unregister(waiter: Waiter): void {
    this.waiters.delete(waiter);
    waiter.resume?.();
  }

  wake(streams: readonly string[] | 'all'): void {
    const named = streams === 'all' ? undefined : new Set(streams);
    for (const waiter of this.waiters) {
      if (named && waiter.stream !== undefined && !named.has(waiter.stream)) continue;
      if (named && waiter.prefixes && ![...named].some((s) => waiter.prefixes!.some((p) => s.startsWith(p)))) continue;
      waiter.pending = true;
      waiter.resume?.();
    }
  }

  /** Resolves on a wake-up, after `timeoutMs` (the fallback poll) or on abort. */
  wait(waiter: Waiter, timeoutMs: number, signal: AbortSignal): Promise<void> {
    if (waiter.pending || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiter.resume = undefined;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal.addEventListener('abort', done, { once: true });
      waiter.resume = done;
    });
  }
}

/**
 * Sends the cross-process wake-up: one coalesced pg_notify per NOTIFY_COALESCE_MS, as its own
 * statement after the append committed. NOTIFY inside the append would take PostgreSQL's global
 * notify lock at every commit; synchronous_commit=off because losing a hint in a crash is harmless.
 */
class Notifier {
  private readonly streams = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private lastSentAt = 0;
  private inFlight: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  schedule(stream: string): void {
    if (this.closed) return;
    this.streams.add(stream);
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, this.lastSentAt + NOTIFY_COALESCE_MS - Date.now()));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) this.flush();
    await this.inFlight;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastSentAt = Date.now();
    const names = [...this.streams];
    this.streams.clear();
    let payload = names.join('\n');
    if (payload.length > NOTIFY_PAYLOAD_MAX || names.some((n) => n.includes('\n') || n === WAKE_ALL)) payload = WAKE_ALL;
    const sent = this.pool
      .query(NOTIFY_SQL, [CHANNEL, payload])
      .then(() => undefined)
      .catch((err: unknown) => this.log('event store: NOTIFY failed (subscribers fall back to polling)', err));
    this.inFlight = Promise.all([this.inFlight, sent]).then(() => undefined);
  }
}

/**
 * One dedicated connection per store runs LISTEN and fans notifications out through the hub. Started on
 * the first subscription; reconnects with backoff when it drops, then wakes everyone (notifications
 * sent while it was away are lost).
 */
class Listener {
  private client: pg.Client | undefined;
  private started = false;
  private stopped = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly hub: WakeHub,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  ensureStarted(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'sprintguard-es-listen' });
    client.on('notification', (msg) => {
      const payload = msg.payload ?? WAKE_ALL;
      this.hub.wake(payload === WAKE_ALL || payload === '' ? 'all' : payload.split('\n'));
    });
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client, undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      this.drop(client, err);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    this.hub.wake('all');
  }

  private drop(client: pg.Client, err: unknown): void {
    if (this.stopped) return;
    if (this.client === client) this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.retryTimer) return;
    const delay = Math.min(5_000, 100 * 2 ** this.attempt++);
    this.log(`event store: LISTEN connection lost, reconnecting in ${delay} ms`, err);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) void this.connect();
    }, delay);
    // Subscriptions fall back to polling meanwhile; a timer must not keep the process alive.
    this.retryTimer.unref();
  }
}

// --- SQL ----------------------------------------------------------------------------------------

const APPEND_SQL = `
SELECT next_expected_revision::text AS revision, commit_pos::text AS commit, prepare_pos::text AS prepare
  FROM es.append($1, $2, $3, $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])`;

const NOTIFY_SQL = `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`;

const EVENT_COLUMNS = `e.transaction_id::text AS commit, e.global_position::text AS prepare, e.stream_name,
       e.revision::text AS revision, e.event_id, e.event_type, e.data, e.metadata, e.created`;

/** Only rows of transactions that have finished (see the header comment): never skips a late commit. */
const VISIBLE = `e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

const FILTER = `($4::text[] IS NULL OR e.stream_name LIKE ANY ($4::text[]))
   AND ($5::text[] IS NULL OR e.event_type LIKE ANY ($5::text[]))`;

// A stream's head row and one page of its events; no row at all means the stream does not exist.
const readStreamSql = (cmp: '>=' | '<=', order: 'ASC' | 'DESC') => `
SELECT ${EVENT_COLUMNS}
  FROM es.streams s
  LEFT JOIN LATERAL (
    SELECT * FROM es.events ev
     WHERE ev.stream_name = s.stream_name AND ev.revision ${cmp} $2::bigint
     ORDER BY ev.revision ${order}
     LIMIT $3
  ) e ON true
 WHERE s.stream_name = $1
 ORDER BY e.revision ${order}`;
const READ_STREAM_FORWARDS_SQL = readStreamSql('>=', 'ASC');
const READ_STREAM_BACKWARDS_SQL = readStreamSql('<=', 'DESC');

// Scans one page of the guarded range unfiltered, then filters it: the first row always carries the
// page's size and last key, so a reader moves past skipped events even when nothing matched.
const readAllPageSql = (cmp: '>=' | '>') => `
WITH page AS (
  SELECT * FROM es.events e
   WHERE (e.transaction_id, e.global_position) ${cmp} ($1::xid8, $2::bigint) AND ${VISIBLE}
   ORDER BY e.transaction_id, e.global_position
   LIMIT $3
), last AS (
  SELECT transaction_id, global_position, (SELECT count(*) FROM page)::int AS scanned
    FROM page ORDER BY transaction_id DESC, global_position DESC LIMIT 1
)
SELECT last.scanned, last.transaction_id::text AS last_commit, last.global_position::text AS last_prepare,
       ${EVENT_COLUMNS}
  FROM last
  LEFT JOIN page e ON ${FILTER}
 ORDER BY e.transaction_id, e.global_position`;
const READ_ALL_FROM_SQL = readAllPageSql('>=');
const READ_ALL_AFTER_SQL = readAllPageSql('>');

const READ_ALL_BACKWARDS_SQL = `
SELECT ${EVENT_COLUMNS}
  FROM es.events e
 WHERE (e.transaction_id, e.global_position) <= ($1::xid8, $2::bigint) AND ${VISIBLE}
   AND ${FILTER}
 ORDER BY e.transaction_id DESC, e.global_position DESC
 LIMIT $3`;

const HEAD_SQL = `
SELECT e.transaction_id::text AS commit, e.global_position::text AS prepare
  FROM es.events e
 WHERE ${VISIBLE}
 ORDER BY e.transaction_id DESC, e.global_position DESC
 LIMIT 1`;

const STREAM_AFTER_SQL = `
SELECT ${EVENT_COLUMNS}
  FROM es.events e
 WHERE e.stream_name = $1 AND e.revision > $2::bigint
 ORDER BY e.revision
 LIMIT $3`;

// Rows visible to us (committed) that the xmin guard still hides. Uncommitted rows are not visible.
const HELD_BACK_SQL = `
SELECT EXISTS (
  SELECT 1 FROM es.events
   WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
     AND transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
) AS held`;
const HELD_BACK_MIN_MS = 10;
const HELD_BACK_MAX_MS = 200;

const STREAM_HEAD_SQL = `SELECT last_revision::text AS last_revision FROM es.streams WHERE stream_name = $1`;

// --- rows and conversions -----------------------------------------------------------------------

interface PositionRow {
  commit: string;
  prepare: string;
}

interface AppendRow extends PositionRow {
  revision: string;
}

interface EventRow extends PositionRow {
  stream_name: string;
  revision: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: Record<string, unknown> | null;
  created: Date;
}

type StreamRow = { [K in keyof EventRow]: EventRow[K] | null };

interface PageRow extends StreamRow {
  scanned: number;
  last_commit: string;
  last_prepare: string;
}

function toPosition(row: PositionRow): Position {
  return { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
}

function positionValues(p: Position): PositionRow {
  return { commit: p.commit.toString(), prepare: p.prepare.toString() };
}

function toRecorded(row: EventRow | StreamRow, streamName?: string): RecordedEvent {
  return {
    streamName: row.stream_name ?? streamName ?? '',
    revision: BigInt(row.revision!),
    position: toPosition(row as PositionRow),
    id: row.event_id!,
    type: row.event_type!,
    data: row.data,
    metadata: row.metadata ?? {},
    created: row.created!,
  };
}

function appendValues(stream: string, expected: ExpectedRevision, events: EventToAppend[]): unknown[] {
  const isRevision = typeof expected === 'bigint';
  return [
    stream,
    isRevision ? 'revision' : expected,
    isRevision ? expected.toString() : null,
    events.map((e) => e.id ?? randomUUID()),
    events.map((e) => e.type),
    events.map((e) => JSON.stringify(e.data ?? null)),
    events.map((e) => (e.metadata === undefined ? null : JSON.stringify(e.metadata))),
  ];
}

function filterValues(filter: EventFilter | undefined): [string[] | null, string[] | null] {
  return [likePatterns(filter?.streamPrefixes), likePatterns(filter?.eventTypePrefixes)];
}

/** Prefixes as LIKE patterns, with LIKE's own wildcards escaped. */
function likePatterns(prefixes: string[] | undefined): string[] | null {
  return prefixes ? prefixes.map((p) => `${p.replace(/[\\%_]/g, '\\$&')}%`) : null;
}

// --- errors -------------------------------------------------------------------------------------

function wrongExpectedVersion(stream: string, expected: ExpectedRevision, err: unknown): WrongExpectedVersionError {
  let actual: Revision | 'no_stream' = 'no_stream';
  try {
    const detail = JSON.parse((err as { detail?: string }).detail ?? '{}') as { actual?: string };
    if (detail.actual && detail.actual !== 'no_stream') actual = BigInt(detail.actual);
  } catch {
    // keep 'no_stream': the detail is ours and always JSON, this is only a guard
  }
  return new WrongExpectedVersionError(stream, expected, actual);
}

function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function constraintOf(err: unknown): string | undefined {
  return (err as { constraint?: string } | null)?.constraint;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Connection-level and resource failures become EventStoreUnavailableError ("retry later"). */
function translateError(err: unknown): unknown {
  if (err instanceof EventStoreUnavailableError) return err;
  const code = sqlState(err);
  const message = err instanceof Error ? err.message : String(err);
  const unavailable =
    // 08: connection exception; 53: insufficient resources; 57P01-03: shutdown / cannot connect now.
    (code !== undefined && (/^(08|53|57P0)/.test(code) || NETWORK_CODES.has(code))) ||
    /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|not queryable/i.test(
      message,
    );
  return unavailable ? new EventStoreUnavailableError(`PostgreSQL event store unavailable: ${message}`, { cause: err }) : err;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
