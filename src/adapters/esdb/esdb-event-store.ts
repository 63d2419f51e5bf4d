// The event-store port on EventStoreDB (@eventstore/db-client 6.2.1). Thin by design: the
// translations live in esdb-mapping.ts; this file wires them to the client and adds the two things
// the client does not do: ordered caughtUp/checkpoint markers and automatic resubscription.
// See docs/eventstoredb.md.
import { setMaxListeners } from 'node:events';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  eventTypeFilter,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type CatchupSubscription,
  type JSONType,
  type ReadableSubscription,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import {
  EventStoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type Position,
  type ReadFrom,
  type RecordedEvent,
  type Revision,
  type SubscribeToAllOptions,
  type SubscribeToStreamOptions,
  type SubscriptionItem,
} from '../event-store.js';
import { backoffDelay, sleep, type BackoffPolicy } from '../../lib/retry.js';
import {
  acceptsAllStreamEvent,
  formatReadFrom,
  fromEsdbPosition,
  isPermanentSubscriptionError,
  isSystemEventType,
  mapEsdbError,
  stepAllSubscription,
  stepStreamSubscription,
  toEsdbDirection,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
  toEsdbReadRevision,
  toRecordedEvent,
  toServerFilter,
  type ErrorContext,
  type SubscriptionStep,
} from './esdb-mapping.js';
import { planAppend, readTail } from './esdb-chain.js';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`; reading $all needs an admin in a secure cluster. */
  connectionString: string;
  log?: (msg: string, err?: unknown) => void;
  resubscribe?: { initialDelayMs?: number; maxDelayMs?: number };
}

/** Items held between the gRPC stream and a slow consumer before the stream is paused. */
const SUBSCRIPTION_BUFFER = 32;
/** headPosition reads at most this many records backwards looking for a user event. */
const HEAD_SCAN_LIMIT = 1000;
const PING_DEADLINE_MS = 5_000;

/**
 * A caughtUp or checkpoint marker pushed into the subscription's own buffer. The client reports
 * both out of band (an event emitted, a callback awaited) from inside its Transform, while events
 * it transformed earlier may still sit in that buffer; pushing the marker into the same buffer at
 * that moment keeps it exactly where the server put it. The buffer (highWaterMark
 * SUBSCRIPTION_BUFFER) is also the bounded queue: when the consumer is slow, the Readable stops
 * pulling from gRPC, and HTTP/2 flow control stops the server.
 */
class Marker {
  constructor(readonly item: Extract<SubscriptionItem, { kind: 'caughtUp' | 'checkpoint' }>) {}
}

type Subscription = ReadableSubscription<unknown> & CatchupSubscription;

interface ResubscribingSpec<C extends Revision | Position> {
  label: string;
  after: ReadFrom<C>;
  signal: AbortSignal;
  /** 'end' → the current last point, so a resubscription after an early drop leaves no gap. */
  resolveEnd(): Promise<ReadFrom<C>>;
  open(after: ReadFrom<C>): Subscription;
  step(raw: unknown, after: ReadFrom<C>): SubscriptionStep<C>;
}

export function createEsdbEventStore(options: EsdbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const log = options.log ?? (() => undefined);
  // Jitter, so that the subscriptions a server drop ended do not all come back at once.
  const backoff: BackoffPolicy = {
    initialMs: options.resubscribe?.initialDelayMs ?? 250,
    maxMs: options.resubscribe?.maxDelayMs ?? 30_000,
    jitter: 0.5,
  };
  // close() ends every subscription loop, including one sleeping between retries.
  const closing = new AbortController();
  // Every open subscription listens to it (AbortSignal.any): as many as the process has consumers.
  setMaxListeners(0, closing.signal);
  let closed: Promise<void> | undefined;

  /** Iterates a read, mapping errors; cancels the gRPC call when left early (else it stays open). */
  async function* drain<R, T>(
    read: StreamingRead<R>,
    map: (raw: R) => T | undefined,
    context: ErrorContext,
    limit = Number.POSITIVE_INFINITY,
  ): AsyncGenerator<T> {
    let completed = false;
    let delivered = 0;
    try {
      for await (const raw of read) {
        const item = map(raw);
        if (item === undefined) continue;
        yield item;
        if (++delivered >= limit) return;
      }
      completed = true;
    } catch (err) {
      throw mapEsdbError(err, context);
    } finally {
      // Cancelling a call that already failed is a no-op; one left early must be cancelled.
      if (!completed) await read.cancel().catch(() => undefined);
    }
  }

  /** The first event of a read, or undefined when it is empty. */
  async function first<R>(read: StreamingRead<R>, context: ErrorContext): Promise<R | undefined> {
    for await (const raw of drain(read, (r) => r, context, 1)) return raw;
    return undefined;
  }

  async function stop(sub: Subscription): Promise<void> {
    try {
      await sub.unsubscribe(); // cancels the gRPC call; the client swallows its own cancellation
    } catch {
      // the call never started (connection failed): nothing to cancel
    }
    sub.destroy();
  }

  /**
   * A catch-up subscription that survives drops: on an error or an end we did not cause, it
   * resubscribes after the last delivered (or passed) point with exponential backoff. The client
   * itself never resubscribes (docs/eventstoredb.md).
   */
  async function* resubscribing<C extends Revision | Position>(spec: ResubscribingSpec<C>): AsyncGenerator<SubscriptionItem> {
    const signal = AbortSignal.any([spec.signal, closing.signal]);
    let after = spec.after;
    let attempt = 0;
    while (!signal.aborted) {
      let sub: Subscription | undefined;
      let failure: unknown;
      const onAbort = () => {
        if (sub) void stop(sub);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        if (after === 'end') after = await spec.resolveEnd();
        if (signal.aborted) break;
        sub = spec.open(after);
        // Keeps a late 'error' (after we stopped iterating) from becoming an uncaught exception.
        sub.on('error', () => undefined);
        let caughtUp = false;
        for await (const raw of sub as AsyncIterable<unknown>) {
          if (raw instanceof Marker && raw.item.kind === 'caughtUp') {
            // Servers >= 23.10 send caughtUp again after a fellBehind; the port promises one per connection.
            if (caughtUp) continue;
            caughtUp = true;
            attempt = 0;
            yield raw.item;
            continue;
          }
          const step = spec.step(raw, after);
          after = step.after;
          if (step.item) {
            attempt = 0;
            yield step.item;
          }
        }
      } catch (err) {
        failure = err;
      } finally {
        signal.removeEventListener('abort', onAbort);
        if (sub) await stop(sub);
      }
      if (signal.aborted) break;
      if (isPermanentSubscriptionError(failure)) throw mapEsdbError(failure);
      const delay = backoffDelay(attempt, backoff);
      attempt += 1;
      log(
        `EventStoreDB ${spec.label} dropped; resubscribing after ${formatReadFrom(after)} in ${delay} ms (retry ${attempt})`,
        failure,
      );
      await sleep(delay, signal);
      if (signal.aborted) break; // aborted while waiting
    }
  }

  const store: EventStore = {
    kind: 'eventstoredb',

    async append(stream, events, appendOptions = {}): Promise<AppendResult> {
      // An empty append has no last event to report, and the client's answer for it is ambiguous
      // (a missing stream comes back as revision 0n).
      if (events.length === 0) throw new TypeError('append needs at least one event');
      const requested = appendOptions.expectedRevision ?? 'any';
      let result;
      for (let attempt = 0; ; attempt++) {
        // Seal the batch after the stream's tail (esdb-chain.ts); a loose expectation whose tail moved
        // meanwhile is retried with the new tail.
        const tail = await readTail(store.readStream(stream, { from: 'end', direction: 'backwards', maxCount: Math.max(1, events.length) }));
        const plan = planAppend(stream, requested, events, tail);
        if (plan.idempotent) return { nextExpectedRevision: plan.idempotent.revision, position: plan.idempotent.position };
        const data = plan.events.map((e) =>
          jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata }),
        );
        try {
          result = await client.appendToStream(stream, data, { expectedRevision: toEsdbExpectedRevision(plan.expected) });
          break;
        } catch (err) {
          const mapped = mapEsdbError(err, { streamName: stream, expected: requested });
          if (plan.retryOnConflict && mapped instanceof WrongExpectedVersionError && attempt < 20) continue;
          throw mapped;
        }
      }
      if (result.position) {
        return { nextExpectedRevision: result.nextExpectedRevision, position: fromEsdbPosition(result.position) };
      }
      // An idempotent repeat may be acknowledged without a position: read it from the event itself.
      const last = await first(
        client.readStream(stream, { fromRevision: result.nextExpectedRevision, maxCount: 1 }),
        { streamName: stream },
      );
      if (!last?.event) throw new Error(`EventStoreDB returned no position for the append to ${stream}`);
      return { nextExpectedRevision: result.nextExpectedRevision, position: toRecordedEvent(last.event).position };
    },

    async *readStream(stream, readOptions = {}): AsyncGenerator<RecordedEvent> {
      const { from, direction, maxCount } = readOptions;
      if (maxCount !== undefined && maxCount <= 0) return;
      const read = client.readStream(stream, {
        fromRevision: toEsdbReadRevision(from),
        direction: toEsdbDirection(direction),
        ...(maxCount !== undefined ? { maxCount } : {}),
      });
      yield* drain(read, (r: ResolvedEvent) => (r.event ? toRecordedEvent(r.event) : undefined), { streamName: stream });
    },

    async *readAll(readOptions = {}): AsyncGenerator<RecordedEvent> {
      const { from, direction, maxCount, filter } = readOptions;
      if (maxCount !== undefined && maxCount <= 0) return;
      // readAll has no server-side filter in 6.x, so system events and our prefixes are skipped
      // here, and maxCount counts delivered events (the read is cancelled once it is reached).
      const read = client.readAll({ fromPosition: toEsdbReadPosition(from), direction: toEsdbDirection(direction) });
      yield* drain(
        read,
        (r: AllStreamResolvedEvent) =>
          r.event && acceptsAllStreamEvent(filter, r.event.streamId, r.event.type) ? toRecordedEvent(r.event) : undefined,
        {},
        maxCount,
      );
    },

    subscribeToStream(stream, subOptions: SubscribeToStreamOptions): AsyncIterable<SubscriptionItem> {
      return resubscribing<Revision>({
        label: `subscription to ${stream}`,
        after: subOptions.after ?? 'start',
        signal: subOptions.signal,
        async resolveEnd() {
          try {
            const last = await first(
              client.readStream(stream, { fromRevision: END, direction: BACKWARDS, maxCount: 1 }),
              { streamName: stream },
            );
            return last?.event ? last.event.revision : 'start';
          } catch (err) {
            // Nothing there yet: everything appended from now on comes after the end.
            if (err instanceof StreamNotFoundError) return 'start';
            throw err;
          }
        },
        open(after) {
          const sub = client.subscribeToStream(
            stream,
            { fromRevision: toEsdbReadRevision(after) },
            { highWaterMark: SUBSCRIPTION_BUFFER },
          );
          sub.on('caughtUp', () => sub.push(new Marker({ kind: 'caughtUp' })));
          return sub;
        },
        step(raw, after) {
          return stepStreamSubscription(raw as ResolvedEvent, after);
        },
      });
    },

    subscribeToAll(subOptions: SubscribeToAllOptions): AsyncIterable<SubscriptionItem> {
      const { filter } = subOptions;
      const server = toServerFilter(filter);
      return resubscribing<Position>({
        label: 'subscription to $all',
        after: subOptions.after ?? 'start',
        signal: subOptions.signal,
        async resolveEnd() {
          const last = await first(client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }), {});
          return last?.event ? fromEsdbPosition(last.event.position) : 'start';
        },
        open(after) {
          const filterOptions = {
            regex: server.regex,
            checkpointReached: (sub: ReadableSubscription<unknown>, position: Position) => {
              sub.push(new Marker({ kind: 'checkpoint', position: fromEsdbPosition(position) }));
            },
          };
          const sub = client.subscribeToAll(
            {
              fromPosition: toEsdbReadPosition(after),
              filter:
                server.filterOn === 'streamName' ? streamNameFilter(filterOptions) : eventTypeFilter(filterOptions),
            },
            { highWaterMark: SUBSCRIPTION_BUFFER },
          );
          sub.on('caughtUp', () => sub.push(new Marker({ kind: 'caughtUp' })));
          return sub;
        },
        step(raw, after) {
          return stepAllSubscription(
            raw instanceof Marker && raw.item.kind === 'checkpoint'
              ? { kind: 'checkpoint', position: raw.item.position }
              : { kind: 'resolved', resolved: raw as AllStreamResolvedEvent },
            after,
            filter,
          );
        },
      });
    },

    async headPosition(): Promise<Position | null> {
      const read = client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: HEAD_SCAN_LIMIT });
      let newest: Position | null = null;
      let scanned = 0;
      for await (const event of drain(read, (r: AllStreamResolvedEvent) => r.event, {})) {
        scanned += 1;
        const position = fromEsdbPosition(event.position);
        if (!isSystemEventType(event.type)) return position;
        newest ??= position;
      }
      if (scanned < HEAD_SCAN_LIMIT) return null; // the whole log holds no user event
      // Only system records among the newest HEAD_SCAN_LIMIT: the newest record bounds the head
      // from above, which keeps "caught up" checks conservative rather than wrong.
      log(`EventStoreDB headPosition: no user event among the newest ${HEAD_SCAN_LIMIT} records; using the newest record`);
      return newest;
    },

    // EventStoreDB makes an event readable when it commits it: the head is settled as soon as read.
    settledHeadPosition(): Promise<Position | null> {
      return store.headPosition();
    },

    async ping(): Promise<void> {
      // The client overrides any `deadline` on reads with Infinity, so the timeout is ours.
      const read = client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 });
      const timer = setTimeout(() => {
        read.destroy(new EventStoreUnavailableError(`EventStoreDB did not answer within ${PING_DEADLINE_MS} ms`));
      }, PING_DEADLINE_MS);
      try {
        await first(read, {});
      } finally {
        clearTimeout(timer);
      }
    },

    close(): Promise<void> {
      closing.abort();
      return (closed ??= client.dispose());
    },
  };
  return store;
}
