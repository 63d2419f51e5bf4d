// Pure translations between the event-store port and @eventstore/db-client 6.x. Nothing here talks
// to a server, so every rule is unit-tested (test/unit/esdb-mapping.test.ts); esdb-event-store.ts
// only wires these to the client.
import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  convertToCommandError,
  type AppendExpectedRevision,
  type Direction as EsdbDirection,
  type ReadPosition,
  type ReadRevision,
  type AllStreamResolvedEvent,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  EventStoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  comparePositions,
  formatPosition,
  matchesFilter,
  type Direction,
  type EventFilter,
  type EventMetadata,
  type ExpectedRevision,
  type Position,
  type ReadFrom,
  type RecordedEvent,
  type Revision,
  type SubscriptionItem,
} from '../event-store.js';

// --- revisions and positions ------------------------------------------------------------------

export function toEsdbExpectedRevision(expected: ExpectedRevision | undefined): AppendExpectedRevision {
  switch (expected) {
    case undefined:
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (typeof expected !== 'bigint' || expected < 0n) {
        throw new RangeError(`Expected revision must be 'any', 'no_stream', 'stream_exists' or a bigint >= 0`);
      }
      return expected;
  }
}

/** Loose integer from the wire: the client promises bigint, but its successor once returned numbers. */
function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d{1,20}$/.test(value)) return BigInt(value);
  return undefined;
}

/**
 * The client's `expectedVersion` on a WrongExpectedVersionError. On the batch-append path it is
 * already 'any' | 'no_stream' | 'stream_exists' | bigint; on the classic path it is
 * `BigInt(metadata["expected-version"])`, i.e. the server's sentinels -2 (any), -1 (no stream),
 * -4 (stream exists).
 */
export function fromEsdbExpectedRevision(value: unknown): ExpectedRevision | undefined {
  if (value === ANY || value === NO_STREAM || value === STREAM_EXISTS) return value;
  const n = toBigInt(value);
  if (n === undefined) return undefined;
  if (n >= 0n) return n;
  if (n === -1n) return 'no_stream';
  if (n === -2n) return 'any';
  if (n === -4n) return 'stream_exists';
  return undefined;
}

/** The client's `actualVersion`: 'no_stream' or the revision of the stream's last event. */
export function fromEsdbCurrentRevision(value: unknown): Revision | 'no_stream' {
  const n = toBigInt(value);
  return n === undefined || n < 0n ? 'no_stream' : n;
}

export function toEsdbReadRevision(from: ReadFrom<Revision> | undefined): ReadRevision {
  if (from === undefined || from === 'start') return START;
  if (from === 'end') return END;
  return from;
}

export function toEsdbReadPosition(from: ReadFrom<Position> | undefined): ReadPosition {
  if (from === undefined || from === 'start') return START;
  if (from === 'end') return END;
  return { commit: from.commit, prepare: from.prepare };
}

export function toEsdbDirection(direction: Direction | undefined): EsdbDirection {
  return direction === 'backwards' ? BACKWARDS : FORWARDS;
}

export function fromEsdbPosition(position: { commit: unknown; prepare: unknown }): Position {
  const commit = toBigInt(position.commit);
  const prepare = toBigInt(position.prepare);
  if (commit === undefined || prepare === undefined) {
    throw new TypeError('EventStoreDB returned a position that is not a pair of integers');
  }
  return { commit, prepare };
}

// --- events -----------------------------------------------------------------------------------

/** `$`-prefixed types are EventStoreDB's own ($metadata, $statsCollected, link events `$>`, ...). */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

/** What a reader of $all sees: user events that pass our prefix filter. */
export function acceptsAllStreamEvent(filter: EventFilter | undefined, streamName: string, type: string): boolean {
  return !isSystemEventType(type) && matchesFilter(filter, streamName, type);
}

/** Metadata is JSON; the client hands back raw bytes when it is not, which we do not carry. */
export function toEventMetadata(metadata: unknown): Partial<EventMetadata> {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata) || metadata instanceof Uint8Array) {
    return {};
  }
  return metadata;
}

/**
 * The client's recorded event → ours. `position` is absent on stream reads from servers <= 22.6.0;
 * we require a position on every event, so such a server is refused rather than guessed at.
 */
export function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  if (!event.position) {
    throw new Error(
      `EventStoreDB returned ${event.streamId}@${event.revision} without a position (server too old: 23.10 or later is required)`,
    );
  }
  return {
    streamName: event.streamId,
    revision: event.revision,
    position: fromEsdbPosition(event.position),
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: toEventMetadata(event.metadata),
    created: event.created,
  };
}

// --- subscription filters ---------------------------------------------------------------------

/** Escapes a literal for the server's .NET regex engine (these metacharacters mean the same there). */
export function escapeRegex(literal: string): string {
  return literal.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/** Anchored alternation of prefixes; an empty list matches nothing, as in matchesFilter. */
export function prefixesToRegex(prefixes: readonly string[]): string {
  if (prefixes.length === 0) return '(?!)';
  return `^(?:${prefixes.map(escapeRegex).join('|')})`;
}

export interface ServerFilter {
  filterOn: 'streamName' | 'eventType';
  regex: string;
}

/**
 * The one server-side filter for subscribeToAll. The client accepts a single filter on either the
 * stream name or the event type, and the server matches with Regex.IsMatch (unanchored), so:
 * - no stream prefixes: filter event types, `^(?!\$)` excluding system events in the same regex;
 * - stream prefixes: filter stream names (the selective dimension: `run-`), and leave system events
 *   and event-type prefixes to the client-side pass (acceptsAllStreamEvent), which always runs.
 *   System events do occur inside user streams (a tombstone's `$streamDeleted`), so the client pass
 *   is needed even then.
 */
export function toServerFilter(filter: EventFilter | undefined): ServerFilter {
  if (filter?.streamPrefixes) {
    return { filterOn: 'streamName', regex: prefixesToRegex(filter.streamPrefixes) };
  }
  const types = filter?.eventTypePrefixes;
  if (!types) return { filterOn: 'eventType', regex: '^[^$]' };
  if (types.length === 0) return { filterOn: 'eventType', regex: '(?!)' };
  return { filterOn: 'eventType', regex: `^(?!\\$)(?:${types.map(escapeRegex).join('|')})` };
}

// --- errors -----------------------------------------------------------------------------------

export interface ErrorContext {
  streamName?: string;
  expected?: ExpectedRevision;
}

const ERROR_TYPES: ReadonlySet<string> = new Set(Object.values(ErrorType));

/** The client's discriminator (`type`) on its CommandError classes. */
function errorType(err: unknown): ErrorType | undefined {
  if (!(err instanceof Error) || !('type' in err) || typeof err.type !== 'string') return undefined;
  return ERROR_TYPES.has(err.type) ? (err.type as ErrorType) : undefined;
}

/** The client's infrastructure failures: the call may succeed if retried later. */
const UNAVAILABLE_TYPES: ReadonlySet<ErrorType> = new Set([
  ErrorType.UNAVAILABLE,
  ErrorType.CANCELLED, // server-side cancellation (6.0.0 changed UnavailableError to this)
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT, // gRPC ABORTED: the server timed the operation out; outcome unknown, retry (ids dedupe)
  ErrorType.NOT_LEADER, // the client reconnects to the leader on the next call
]);

/** Errors a resubscription cannot cure; a subscription surfaces them instead of retrying forever. */
const PERMANENT_TYPES: ReadonlySet<ErrorType> = new Set([
  ErrorType.ACCESS_DENIED,
  ErrorType.STREAM_DELETED,
  ErrorType.INVALID_ARGUMENT,
  ErrorType.UNSUPPORTED,
]);

export function isPermanentSubscriptionError(err: unknown): boolean {
  const type = errorType(asCommandError(err));
  return type !== undefined && PERMANENT_TYPES.has(type);
}

/**
 * Some failures reach us as raw gRPC ServiceErrors (e.g. an append when no connection could be
 * established); the client's own converter gives them their CommandError type.
 */
function asCommandError(err: unknown): unknown {
  return err instanceof Error && errorType(err) === undefined ? convertToCommandError(err) : err;
}

/** The client's typed errors → ours; anything else is returned unchanged. */
export function mapEsdbError(raw: unknown, context: ErrorContext = {}): unknown {
  const err = asCommandError(raw);
  const type = errorType(err);
  if (type === undefined || !(err instanceof Error)) return raw;
  const fields = err as Error & { streamName?: unknown; expectedVersion?: unknown; actualVersion?: unknown };
  const streamName = typeof fields.streamName === 'string' && fields.streamName !== '' ? fields.streamName : context.streamName ?? '';
  if (type === ErrorType.WRONG_EXPECTED_VERSION) {
    const expected = fromEsdbExpectedRevision(fields.expectedVersion) ?? context.expected ?? 'any';
    return new WrongExpectedVersionError(streamName, expected, fromEsdbCurrentRevision(fields.actualVersion));
  }
  if (type === ErrorType.STREAM_NOT_FOUND) return new StreamNotFoundError(streamName);
  if (UNAVAILABLE_TYPES.has(type)) {
    return new EventStoreUnavailableError(`EventStoreDB unavailable (${type}): ${err.message}`, { cause: err });
  }
  return err;
}

// --- logs -------------------------------------------------------------------------------------

/** A start point for logs: never JSON.stringify a bigint. */
export function formatReadFrom(from: ReadFrom<Revision | Position>): string {
  if (from === 'start' || from === 'end') return from;
  return typeof from === 'bigint' ? `revision ${from}` : `position ${formatPosition(from)}`;
}

// --- subscription steps -----------------------------------------------------------------------
// One element read from a subscription → what to hand the consumer (if anything) and the point a
// resubscription must start after. Resuming after the last *delivered or passed* point, with the
// client's exclusive start, gives neither a gap nor a duplicate.

export interface SubscriptionStep<C> {
  item?: SubscriptionItem;
  after: ReadFrom<C>;
}

export function stepStreamSubscription(resolved: ResolvedEvent, after: ReadFrom<Revision>): SubscriptionStep<Revision> {
  if (!resolved.event) return { after };
  const event = toRecordedEvent(resolved.event);
  return { item: { kind: 'event', event }, after: event.revision };
}

export type AllSubscriptionInput =
  | { kind: 'resolved'; resolved: AllStreamResolvedEvent }
  | { kind: 'checkpoint'; position: Position };

export function stepAllSubscription(
  input: AllSubscriptionInput,
  after: ReadFrom<Position>,
  filter: EventFilter | undefined,
): SubscriptionStep<Position> {
  if (input.kind === 'checkpoint') {
    // Checkpoints can arrive behind the last delivered event (seen in the wild); storing one would
    // move a consumer backwards, so only those ahead are passed on.
    if (typeof after === 'object' && comparePositions(input.position, after) <= 0) return { after };
    return { item: { kind: 'checkpoint', position: input.position }, after: input.position };
  }
  const event = input.resolved.event;
  if (!event) return { after };
  const position = fromEsdbPosition(event.position);
  // Skipped client-side (system event, or the half of the filter the server could not apply):
  // passed, so a resubscription starts after it.
  if (!acceptsAllStreamEvent(filter, event.streamId, event.type)) return { after: position };
  return { item: { kind: 'event', event: toRecordedEvent(event) }, after: position };
}
