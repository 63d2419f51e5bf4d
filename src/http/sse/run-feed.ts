// The process's one subscription to run events, fanned out in memory (docs/eventstoredb.md): an
// EventStoreDB client stalls silently past 100 concurrent subscriptions, so SSE clients never open
// their own. Started when the first listener arrives, stopped when the last leaves; after a failure
// it resubscribes, with backoff, from the last position it reached (exclusive start: no duplicate).
import type { EventStore, Position, ReadFrom, RecordedEvent } from '../../adapters/event-store.js';
import { streamCategories } from '../../domain/streams.js';
import { backoffDelay, sleep, type BackoffPolicy } from '../../lib/retry.js';

const RESUBSCRIBE_BACKOFF: BackoffPolicy = { initialMs: 100, maxMs: 10_000, jitter: 0.5 };

export type RunEventListener = (event: RecordedEvent) => void;

/** Which events a listener wants: one run stream, one organization's run events, or (neither) all. */
export interface RunFeedInterest {
  stream?: string;
  orgId?: string;
}

export interface RunFeed {
  /**
   * Starts delivering live run events to `listener` (those of `interest`: dispatched by stream name
   * or organization in a map, so an event costs its own listeners, not every open stream); returns
   * the function that stops it.
   */
  listen(listener: RunEventListener, interest?: RunFeedInterest): () => void;
  /**
   * Resolves once the running subscription's start point is fixed: every event committed after
   * that point will reach the listeners. A client that reads history must wait for it before
   * reading, or an event committed between its read and the feed's start would reach neither.
   */
  ready(): Promise<void>;
  /** How many subscriptions to the store are open (at most one). */
  readonly subscriptions: number;
  close(): Promise<void>;
}

export function createRunFeed(store: EventStore, log?: (msg: string, err?: unknown) => void): RunFeed {
  const everything = new Set<RunEventListener>();
  const byStream = new Map<string, Set<RunEventListener>>();
  const byOrg = new Map<string, Set<RunEventListener>>();
  let count = 0;

  function dispatch(event: RecordedEvent): void {
    // Copies: a listener may stop (and another start) while an event is being dispatched.
    const wanted = [...everything, ...(byStream.get(event.streamName) ?? []), ...(typeof event.metadata.org_id === 'string' ? (byOrg.get(event.metadata.org_id) ?? []) : [])];
    for (const listener of wanted) listener(event);
  }

  let controller: AbortController | undefined;
  let running: Promise<void> | undefined;
  let started: Promise<void> = Promise.resolve();

  async function run(signal: AbortSignal, markStarted: () => void): Promise<void> {
    // Live from now on: the first subscription starts at the head of the log, a resubscription
    // where the previous one left off (the last event or checkpoint it saw, else its start point).
    let from: ReadFrom<Position> | undefined;
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        from ??= (await store.headPosition()) ?? 'start';
        markStarted();
        for await (const item of store.subscribeToAll({ after: from, filter: { streamPrefixes: [streamCategories.run] }, signal })) {
          if (item.kind === 'checkpoint') from = item.position;
          if (item.kind !== 'event') continue;
          from = item.event.position;
          attempt = 0;
          dispatch(item.event);
        }
      } catch (err) {
        if (signal.aborted) return;
        // A failure before the start point was fixed still releases waiting clients: they would
        // rather get live events a little late than hang.
        markStarted();
        log?.('run feed subscription failed; resubscribing', err);
        await sleep(backoffDelay(attempt, RESUBSCRIBE_BACKOFF), signal);
      }
    }
    markStarted();
  }

  function stop(): void {
    controller?.abort();
    controller = undefined;
    running = undefined;
  }

  return {
    listen(listener, interest = {}) {
      const key = interest.stream ?? interest.orgId;
      const map = interest.stream !== undefined ? byStream : interest.orgId !== undefined ? byOrg : undefined;
      const set = map && key !== undefined ? (map.get(key) ?? map.set(key, new Set()).get(key)!) : everything;
      set.add(listener);
      count++;
      if (!controller) {
        controller = new AbortController();
        let markStarted!: () => void;
        started = new Promise<void>((resolve) => (markStarted = resolve));
        running = run(controller.signal, markStarted);
      }
      return () => {
        if (!set.delete(listener)) return;
        if (map && key !== undefined && set.size === 0) map.delete(key);
        count--;
        if (count === 0) stop();
      };
    },
    ready: () => started,
    get subscriptions() {
      return controller ? 1 : 0;
    },
    async close() {
      everything.clear();
      byStream.clear();
      byOrg.clear();
      count = 0;
      const wait = running;
      stop();
      await wait;
    },
  };
}
