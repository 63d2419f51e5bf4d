// The EventStoreDB adapter's translations, checked without a server. The client's own error classes
// are constructed the way the client constructs them (batch-append path and classic gRPC path).
import {
  ANY,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  FORWARDS,
  NO_STREAM,
  NotLeaderError,
  START,
  STREAM_EXISTS,
  AccessDeniedError,
  StreamDeletedError,
  StreamNotFoundError as EsdbStreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import {
  acceptsAllStreamEvent,
  escapeRegex,
  formatReadFrom,
  fromEsdbCurrentRevision,
  fromEsdbExpectedRevision,
  fromEsdbPosition,
  isPermanentSubscriptionError,
  mapEsdbError,
  prefixesToRegex,
  stepAllSubscription,
  stepStreamSubscription,
  toEsdbDirection,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
  toEsdbReadRevision,
  toEventMetadata,
  toRecordedEvent,
  toServerFilter,
} from '../../src/adapters/esdb/esdb-mapping.js';
import {
  EventStoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  matchesFilter,
  type EventFilter,
} from '../../src/adapters/event-store.js';

const created = new Date('2025-01-02T03:04:05.006Z');

function esdbEvent(overrides: Partial<Record<string, unknown>> = {}): EsdbRecordedEvent {
  return {
    streamId: 'run-1',
    id: '0b9f8a52-7b0e-4a43-9d4c-8f1d5d0f0c11',
    isJson: true,
    revision: 3n,
    type: 'RunTriggered',
    created,
    data: { runId: '1' },
    metadata: { user_id: 'u1', correlation_id: 'c1', causation_id: 'c1' },
    position: { commit: 1200n, prepare: 1100n },
    ...overrides,
  };
}

/** A gRPC ServiceError as the client sees it on the classic (non-batch) append path. */
function serviceError(code: number, metadata: Record<string, string>) {
  return Object.assign(new Error('rpc error'), {
    code,
    details: 'rpc error',
    metadata: { getMap: () => metadata },
  }) as never;
}

describe('expected revision', () => {
  it('maps the port onto the client constants', () => {
    expect(toEsdbExpectedRevision(undefined)).toBe(ANY);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpectedRevision(0n)).toBe(0n);
    expect(toEsdbExpectedRevision(41n)).toBe(41n);
  });

  it('refuses a negative revision rather than sending a server sentinel', () => {
    expect(() => toEsdbExpectedRevision(-1n)).toThrow(RangeError);
  });

  it('reads the client values back, including the classic path sentinels', () => {
    expect(fromEsdbExpectedRevision('no_stream')).toBe('no_stream');
    expect(fromEsdbExpectedRevision('any')).toBe('any');
    expect(fromEsdbExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(fromEsdbExpectedRevision(7n)).toBe(7n);
    expect(fromEsdbExpectedRevision(-1n)).toBe('no_stream');
    expect(fromEsdbExpectedRevision(-2n)).toBe('any');
    expect(fromEsdbExpectedRevision(-4n)).toBe('stream_exists');
    expect(fromEsdbExpectedRevision(7)).toBe(7n);
    expect(fromEsdbExpectedRevision('7')).toBe(7n);
    expect(fromEsdbExpectedRevision('nonsense')).toBeUndefined();
    expect(fromEsdbCurrentRevision('no_stream')).toBe('no_stream');
    expect(fromEsdbCurrentRevision(-1n)).toBe('no_stream');
    expect(fromEsdbCurrentRevision(5n)).toBe(5n);
    expect(fromEsdbCurrentRevision(undefined)).toBe('no_stream');
  });
});

describe('read start points and direction', () => {
  it('passes start, end and exact points through', () => {
    expect(toEsdbReadRevision(undefined)).toBe(START);
    expect(toEsdbReadRevision('start')).toBe(START);
    expect(toEsdbReadRevision('end')).toBe(END);
    expect(toEsdbReadRevision(9n)).toBe(9n);
    expect(toEsdbReadPosition(undefined)).toBe(START);
    expect(toEsdbReadPosition('end')).toBe(END);
    expect(toEsdbReadPosition({ commit: 10n, prepare: 8n })).toEqual({ commit: 10n, prepare: 8n });
    expect(toEsdbDirection(undefined)).toBe(FORWARDS);
    expect(toEsdbDirection('forwards')).toBe(FORWARDS);
    expect(toEsdbDirection('backwards')).toBe(BACKWARDS);
  });

  it('converts positions to bigint pairs and refuses anything else', () => {
    const big = 2n ** 63n + 5n;
    expect(fromEsdbPosition({ commit: big, prepare: big - 1n })).toEqual({ commit: big, prepare: big - 1n });
    expect(fromEsdbPosition({ commit: 12, prepare: '11' })).toEqual({ commit: 12n, prepare: 11n });
    expect(() => fromEsdbPosition({ commit: 1.5, prepare: 1 })).toThrow(TypeError);
    expect(() => fromEsdbPosition({ commit: undefined, prepare: 1n })).toThrow(TypeError);
  });

  it('formats start points for logs without JSON.stringify', () => {
    expect(formatReadFrom('start')).toBe('start');
    expect(formatReadFrom(2n ** 64n)).toBe('revision 18446744073709551616');
    expect(formatReadFrom({ commit: 10n, prepare: 9n })).toBe('position 10/9');
  });
});

describe('recorded events', () => {
  it('maps the client event onto the port', () => {
    expect(toRecordedEvent(esdbEvent())).toEqual({
      streamName: 'run-1',
      revision: 3n,
      position: { commit: 1200n, prepare: 1100n },
      id: '0b9f8a52-7b0e-4a43-9d4c-8f1d5d0f0c11',
      type: 'RunTriggered',
      data: { runId: '1' },
      metadata: { user_id: 'u1', correlation_id: 'c1', causation_id: 'c1' },
      created,
    });
  });

  it('keeps only JSON object metadata', () => {
    expect(toEventMetadata(undefined)).toEqual({});
    expect(toEventMetadata(new Uint8Array([1, 2]))).toEqual({});
    expect(toEventMetadata(['a'])).toEqual({});
    expect(toEventMetadata('text')).toEqual({});
    expect(toEventMetadata({ user_id: 'u' })).toEqual({ user_id: 'u' });
    expect(toRecordedEvent(esdbEvent({ metadata: undefined })).metadata).toEqual({});
  });

  it('refuses an event without a position (server older than 22.6)', () => {
    expect(() => toRecordedEvent(esdbEvent({ position: undefined }))).toThrow(/without a position/);
  });

  it('tells system events apart and applies the prefix filter client-side', () => {
    expect(acceptsAllStreamEvent(undefined, 'run-1', 'RunTriggered')).toBe(true);
    expect(acceptsAllStreamEvent(undefined, '$stats-127.0.0.1:2113', '$statsCollected')).toBe(false);
    expect(acceptsAllStreamEvent(undefined, 'run-1', '$streamDeleted')).toBe(false);
    expect(acceptsAllStreamEvent({ streamPrefixes: ['run-'] }, 'org-1', 'OrgCreated')).toBe(false);
    expect(acceptsAllStreamEvent({ streamPrefixes: ['run-'], eventTypePrefixes: ['Run'] }, 'run-1', 'ActionApproved')).toBe(
      false,
    );
    expect(acceptsAllStreamEvent({ streamPrefixes: ['run-'], eventTypePrefixes: ['Run'] }, 'run-1', 'RunPlanned')).toBe(true);
  });
});

describe('subscription filter', () => {
  it('escapes regex metacharacters', () => {
    expect(escapeRegex('run-')).toBe('run-');
    expect(escapeRegex('a.b*c+d?(e)[f]{g}|h^i$j\\k')).toBe('a\\.b\\*c\\+d\\?\\(e\\)\\[f\\]\\{g\\}\\|h\\^i\\$j\\\\k');
    expect(prefixesToRegex(['run-', 'org.'])).toBe('^(?:run-|org\\.)');
  });

  it('without a filter excludes system events by event type, like excludeSystemEvents()', () => {
    expect(toServerFilter(undefined)).toEqual({ filterOn: 'eventType', regex: '^[^$]' });
    expect(toServerFilter({})).toEqual({ filterOn: 'eventType', regex: '^[^$]' });
  });

  it('uses one event-type regex for type prefixes plus the system exclusion', () => {
    const f = toServerFilter({ eventTypePrefixes: ['Run', 'Action.'] });
    expect(f).toEqual({ filterOn: 'eventType', regex: '^(?!\\$)(?:Run|Action\\.)' });
  });

  it('filters stream names on the server when stream prefixes are given', () => {
    expect(toServerFilter({ streamPrefixes: ['run-'], eventTypePrefixes: ['Run'] })).toEqual({
      filterOn: 'streamName',
      regex: '^(?:run-)',
    });
  });

  it('an empty prefix list matches nothing, as matchesFilter does', () => {
    expect(toServerFilter({ streamPrefixes: [] }).regex).toBe('(?!)');
    expect(toServerFilter({ eventTypePrefixes: [] }).regex).toBe('(?!)');
  });

  // The server evaluates these with .NET Regex.IsMatch (unanchored search); JavaScript agrees on
  // every construct used here, so a JS RegExp stands in for it.
  const cases: Array<[EventFilter | undefined, string, string]> = [
    [undefined, 'run-1', 'RunTriggered'],
    [undefined, '$stats-1', '$statsCollected'],
    [undefined, 'run-1', '$streamDeleted'],
    [{ eventTypePrefixes: ['Run', 'Action'] }, 'run-1', 'ActionApproved'],
    [{ eventTypePrefixes: ['Run', 'Action'] }, 'run-1', 'OrgCreated'],
    [{ eventTypePrefixes: ['Run'] }, 'run-1', 'XRun'],
    [{ eventTypePrefixes: [] }, 'run-1', 'Run'],
    [{ streamPrefixes: ['run-', 'org-'] }, 'org-7', 'OrgCreated'],
    [{ streamPrefixes: ['run-'] }, 'proposal-run-1', 'ProposalCreated'],
    [{ streamPrefixes: ['run-'] }, '$$run-1', '$metadata'],
    [{ streamPrefixes: ['run-'] }, 'run-1', '$streamDeleted'],
    [{ streamPrefixes: ['run-'], eventTypePrefixes: ['Run'] }, 'run-1', 'ActionApproved'],
    [{ streamPrefixes: ['a.b'] }, 'aXb-1', 'T'],
  ];
  it.each(cases)('server regex ∧ client pass = matchesFilter ∧ not system (%o, %s, %s)', (filter, stream, type) => {
    const server = toServerFilter(filter);
    const subject = server.filterOn === 'streamName' ? stream : type;
    const delivered = new RegExp(server.regex).test(subject) && acceptsAllStreamEvent(filter, stream, type);
    expect(delivered).toBe(matchesFilter(filter, stream, type) && !type.startsWith('$'));
    // The server never drops what the port wants delivered.
    if (matchesFilter(filter, stream, type) && !type.startsWith('$')) expect(new RegExp(server.regex).test(subject)).toBe(true);
  });
});

describe('error mapping', () => {
  it('maps a wrong expected version from the batch-append path', () => {
    const err = new EsdbWrongExpectedVersionError(undefined, { streamName: 'run-1', expected: NO_STREAM, current: 1n });
    const mapped = mapEsdbError(err, { streamName: 'run-1', expected: 'no_stream' });
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ streamName: 'run-1', expected: 'no_stream', actual: 1n });
  });

  it("keeps 'no_stream' as the actual version of a missing stream", () => {
    const err = new EsdbWrongExpectedVersionError(undefined, { streamName: 'run-2', expected: 4n, current: NO_STREAM });
    expect(mapEsdbError(err)).toMatchObject({ streamName: 'run-2', expected: 4n, actual: 'no_stream' });
    const exists = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'run-3',
      expected: STREAM_EXISTS,
      current: NO_STREAM,
    });
    expect(mapEsdbError(exists)).toMatchObject({ expected: 'stream_exists', actual: 'no_stream' });
  });

  it('maps a wrong expected version from the classic gRPC path (server sentinels)', () => {
    const err = new EsdbWrongExpectedVersionError(
      serviceError(9, { exception: 'wrong-expected-version', 'stream-name': 'run-4', 'expected-version': '-1', 'actual-version': '2' }),
    );
    expect(mapEsdbError(err)).toMatchObject({ streamName: 'run-4', expected: 'no_stream', actual: 2n });
    const missing = new EsdbWrongExpectedVersionError(
      serviceError(9, { exception: 'wrong-expected-version', 'stream-name': 'run-5', 'expected-version': '3' }),
    );
    expect(mapEsdbError(missing)).toMatchObject({ streamName: 'run-5', expected: 3n, actual: 'no_stream' });
  });

  it('maps stream not found, falling back to the stream we asked for', () => {
    const named = mapEsdbError(new EsdbStreamNotFoundError(undefined, 'run-9'), { streamName: 'other' });
    expect(named).toBeInstanceOf(StreamNotFoundError);
    expect(named).toMatchObject({ streamName: 'run-9' });
    expect(mapEsdbError(new EsdbStreamNotFoundError(undefined, ''), { streamName: 'run-10' })).toMatchObject({
      streamName: 'run-10',
    });
  });

  it('maps infrastructure failures to EventStoreUnavailableError, keeping the cause', () => {
    for (const err of [
      new UnavailableError(undefined, 'down'),
      new CancelledError(undefined, 'cancelled by server'),
      new DeadlineExceededError(undefined, 'slow'),
    ]) {
      const mapped = mapEsdbError(err);
      expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
      expect((mapped as Error).cause).toBe(err);
    }
    const notLeader = new NotLeaderError(
      serviceError(14, { exception: 'not-leader', 'leader-endpoint-host': 'h', 'leader-endpoint-port': '2113' }),
    );
    expect(mapEsdbError(notLeader)).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('converts a raw gRPC error the client did not convert (no connection on append)', () => {
    const raw = serviceError(14, {});
    const mapped = mapEsdbError(raw);
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
    expect(isPermanentSubscriptionError(serviceError(16, {}))).toBe(true); // UNAUTHENTICATED → access denied
  });

  it('returns other errors unchanged', () => {
    const deleted = new StreamDeletedError(undefined, 'run-1');
    expect(mapEsdbError(deleted)).toBe(deleted);
    const plain = new Error('boom');
    expect(mapEsdbError(plain)).toBe(plain);
    expect(mapEsdbError('text')).toBe('text');
  });

  it('tells permanent subscription failures from drops', () => {
    expect(isPermanentSubscriptionError(new AccessDeniedError(undefined, 'no'))).toBe(true);
    expect(isPermanentSubscriptionError(new StreamDeletedError(undefined, 'run-1'))).toBe(true);
    expect(isPermanentSubscriptionError(new UnavailableError(undefined, 'down'))).toBe(false);
    expect(isPermanentSubscriptionError(new Error('premature close'))).toBe(false);
    expect(isPermanentSubscriptionError(undefined)).toBe(false);
  });
});

describe('subscription steps', () => {
  it('a stream subscription resumes after the last delivered revision', () => {
    const resolved: ResolvedEvent = { event: esdbEvent({ revision: 5n }) };
    const step = stepStreamSubscription(resolved, 4n);
    expect(step.after).toBe(5n);
    expect(step.item).toMatchObject({ kind: 'event', event: { revision: 5n } });
    expect(stepStreamSubscription({}, 5n)).toEqual({ after: 5n });
  });

  const allEvent = (stream: string, type: string, commit: bigint): AllStreamResolvedEvent => ({
    event: esdbEvent({ streamId: stream, type, position: { commit, prepare: commit } }) as AllStreamResolvedEvent['event'],
  });

  it('a $all subscription delivers matching events and passes over the rest', () => {
    const filter = { streamPrefixes: ['run-'], eventTypePrefixes: ['Run'] };
    const hit = stepAllSubscription({ kind: 'resolved', resolved: allEvent('run-1', 'RunPlanned', 10n) }, 'start', filter);
    expect(hit.item).toMatchObject({ kind: 'event', event: { streamName: 'run-1', position: { commit: 10n } } });
    expect(hit.after).toEqual({ commit: 10n, prepare: 10n });
    const miss = stepAllSubscription({ kind: 'resolved', resolved: allEvent('run-1', 'ActionApproved', 20n) }, hit.after, filter);
    expect(miss).toEqual({ after: { commit: 20n, prepare: 20n } });
    const system = stepAllSubscription({ kind: 'resolved', resolved: allEvent('run-1', '$streamDeleted', 30n) }, miss.after, filter);
    expect(system).toEqual({ after: { commit: 30n, prepare: 30n } });
  });

  it('passes on checkpoints ahead of the last point only', () => {
    const last = { commit: 100n, prepare: 100n };
    const ahead = stepAllSubscription({ kind: 'checkpoint', position: { commit: 200n, prepare: 200n } }, last, undefined);
    expect(ahead).toEqual({ item: { kind: 'checkpoint', position: { commit: 200n, prepare: 200n } }, after: { commit: 200n, prepare: 200n } });
    expect(stepAllSubscription({ kind: 'checkpoint', position: { commit: 50n, prepare: 50n } }, last, undefined)).toEqual({
      after: last,
    });
    expect(stepAllSubscription({ kind: 'checkpoint', position: last }, last, undefined)).toEqual({ after: last });
    expect(stepAllSubscription({ kind: 'checkpoint', position: last }, 'start', undefined).item).toEqual({
      kind: 'checkpoint',
      position: last,
    });
  });
});
