// The event-store port. It carries EventStoreDB's semantics (see docs/architecture.md, "Event store"),
// not a lowest common denominator:
// - revisions are 0-based per stream; positions in the global log are opaque, totally ordered pairs;
// - readStream / readAll start points are inclusive; subscription start points are exclusive;
// - revisions and positions are bigint everywhere inside the process (convert at the edges).

export type Revision = bigint;
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | Revision;

/** A point in the global log. Compare with comparePositions; never treat `prepare` as a counter. */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export type ReadFrom<T> = 'start' | 'end' | T;
export type Direction = 'forwards' | 'backwards';

/** Who did it and why, carried on every event. Never holds a secret. */
export interface EventMetadata {
  org_id?: string;
  user_id: string;
  correlation_id: string;
  causation_id: string;
  request_id?: string;
  [key: string]: unknown;
}

export interface EventToAppend {
  /** A uuid; generated when absent. Appending the same ids again at the same place is idempotent. */
  id?: string;
  type: string;
  data: unknown;
  metadata?: EventMetadata;
}

export interface RecordedEvent {
  streamName: string;
  revision: Revision;
  position: Position;
  id: string;
  type: string;
  data: unknown;
  metadata: Partial<EventMetadata>;
  created: Date;
}

export interface AppendResult {
  /** Revision of the last event now in the stream (pass it back as the next expected revision). */
  nextExpectedRevision: Revision;
  /** Position of the last appended event in the global log. */
  position: Position;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface ReadStreamOptions {
  from?: ReadFrom<Revision>;
  direction?: Direction;
  maxCount?: number;
}

/** Whether a reader of the log wants the chain's hashes in its events' metadata. */
export interface ChainReadOptions {
  /**
   * false: the reader has no use for the chain's two hashes (every projection but the audit log's,
   * the lag count). A store may then leave them out of the events' metadata: the PostgreSQL store's
   * catch-up reads skip both columns (~10% of a rebuild's time); events served from its live tail,
   * which every subscription of the process shares, still carry them. Default true.
   */
  chain?: boolean;
}

export interface ReadAllOptions extends ChainReadOptions {
  from?: ReadFrom<Position>;
  direction?: Direction;
  maxCount?: number;
  filter?: EventFilter;
}

/** Prefix filters, evaluated by the store. A filter with both lists requires both to match. */
export interface EventFilter {
  streamPrefixes?: string[];
  eventTypePrefixes?: string[];
}

export type SubscriptionItem =
  | { kind: 'event'; event: RecordedEvent }
  /** History has been delivered; what follows is live. Emitted once per (re)connection. */
  | { kind: 'caughtUp' }
  /** Progress through events the filter skipped: safe to store as a checkpoint. */
  | { kind: 'checkpoint'; position: Position };

export interface SubscribeToStreamOptions {
  /** Exclusive: 'start' delivers the whole stream, a revision delivers what comes after it. */
  after?: ReadFrom<Revision>;
  signal: AbortSignal;
}

export interface SubscribeToAllOptions extends ChainReadOptions {
  /** Exclusive: 'start' delivers the whole log, a position delivers what comes after it. */
  after?: ReadFrom<Position>;
  filter?: EventFilter;
  signal: AbortSignal;
  /**
   * Once live, the least time between two reads of the log, for a consumer that may trail the log
   * a little and would rather get fewer, larger batches. A hint: a store that pushes events (as
   * EventStoreDB does) ignores it.
   */
  liveReadIntervalMs?: number;
}

export interface EventStore {
  /** Which adapter this is, for readiness and logs. */
  readonly kind: 'postgres' | 'eventstoredb';
  append(stream: string, events: EventToAppend[], options?: AppendOptions): Promise<AppendResult>;
  /** Throws StreamNotFoundError (during iteration) when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  /** Catch-up subscription: history after the start point, a caughtUp marker, then live events. */
  subscribeToStream(stream: string, options: SubscribeToStreamOptions): AsyncIterable<SubscriptionItem>;
  /** Catch-up subscription to the global log, filtered, resumable from any delivered position. */
  subscribeToAll(options: SubscribeToAllOptions): AsyncIterable<SubscriptionItem>;
  /** Position of the newest event in the global log that a reader may see, or null when empty. */
  headPosition(): Promise<Position | null>;
  /**
   * Position of the newest event committed when called, returned once every reader may see it, or
   * null when empty: for a consumer that must reach everything already written, such as a rebuild.
   * On PostgreSQL that waits while a transaction that began before it is still open anywhere in the
   * cluster (headPosition() trails meanwhile); the signal ends the wait.
   */
  settledHeadPosition(signal?: AbortSignal): Promise<Position | null>;
  /** Cheap round trip for readiness. Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// --- typed errors, mirroring @eventstore/db-client's ----------------------------------------

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: Revision | 'no_stream',
  ) {
    super(`Wrong expected version on ${streamName}: expected ${String(expected)}, actual ${String(actual)}`);
  }
}

export class StreamNotFoundError extends Error {
  override readonly name = 'StreamNotFoundError';
  constructor(readonly streamName: string) {
    super(`Stream not found: ${streamName}`);
  }
}

/** The store could not be reached or failed for infrastructure reasons (retry later). */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

// --- position helpers -------------------------------------------------------------------------

export function comparePositions(a: Position, b: Position): -1 | 0 | 1 {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** "commit/prepare", the form positions take in JSON, logs and HTTP. */
export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function parsePosition(text: string): Position | undefined {
  const m = /^(\d{1,20})\/(\d{1,20})$/.exec(text);
  if (!m) return undefined;
  return { commit: BigInt(m[1]!), prepare: BigInt(m[2]!) };
}

export function matchesFilter(filter: EventFilter | undefined, streamName: string, type: string): boolean {
  if (!filter) return true;
  const { streamPrefixes, eventTypePrefixes } = filter;
  if (streamPrefixes && !streamPrefixes.some((p) => streamName.startsWith(p))) return false;
  if (eventTypePrefixes && !eventTypePrefixes.some((p) => type.startsWith(p))) return false;
  return true;
}

/**
 * A store whose appends go through `append` (a decorator's own work: validation, timing, tracing)
 * and whose every other call goes to `store` unchanged. The decorators of the port are built on it.
 */
export function decorateAppend(store: EventStore, append: EventStore['append']): EventStore {
  return {
    get kind() {
      return store.kind;
    },
    append,
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    subscribeToStream: (stream, options) => store.subscribeToStream(stream, options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    settledHeadPosition: (signal) => store.settledHeadPosition(signal),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
