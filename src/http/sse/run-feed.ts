// The process's one subscription to run events, fanned out in memory (DESIGN.md §2): an
// EventStoreDB client stalls silently past 100 concurrent subscriptions, so SSE clients never open
// their own. Started when the first listener arrives, stopped when the last leaves; after a failure
// it resubscribes from the last position it delivered (exclusive start: no duplicate).
import type { EventStore, Position, RecordedEvent } from '../../adapters/event-store.js';
import { streamCategories } from '../../domain/streams.js';

export type RunEventListener = (event: RecordedEvent) => void;

export interface RunFeed {
  /** Starts delivering live run events to `listener`; returns the function that stops it. */
  listen(listener: RunEventListener): () => void;
  /** How many subscriptions to the store are open (at most one). */
  readonly subscriptions: number;
  close(): Promise<void>;
}

export function createRunFeed(store: EventStore, log?: (msg: string, err?: unknown) => void): RunFeed {
  const listeners = new Set<RunEventListener>();
  let controller: AbortController | undefined;
  let running: Promise<void> | undefined;
  let position: Position | undefined;

  async function run(signal: AbortSignal): Promise<void> {
    // Live from now on: the first subscription starts at the end; a resubscription where it left off.
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        const after = position ?? (await store.headPosition()) ?? 'start';
        for await (const item of store.subscribeToAll({ after, filter: { streamPrefixes: [streamCategories.run] }, signal })) {
          if (item.kind === 'checkpoint') position = item.position;
          if (item.kind !== 'event') continue;
          position = item.event.position;
          attempt = 0;
          for (const listener of [...listeners]) listener(item.event);
        }
      } catch (err) {
        if (signal.aborted) return;
        log?.('run feed subscription failed; resubscribing', err);
        await new Promise((r) => setTimeout(r, Math.min(10_000, 100 * 2 ** Math.min(attempt, 7))));
      }
    }
  }

  function stop(): void {
    controller?.abort();
    controller = undefined;
    running = undefined;
    position = undefined;
  }

  return {
    listen(listener) {
      listeners.add(listener);
      if (!controller) {
        controller = new AbortController();
        running = run(controller.signal);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    get subscriptions() {
      return controller ? 1 : 0;
    },
    async close() {
      listeners.clear();
      const wait = running;
      stop();
      await wait;
    },
  };
}
