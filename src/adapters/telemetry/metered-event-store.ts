// A decorator that times every append (docs/observability.md): the duration and outcome of each call
// to the store, and the events written. Applied by the composition inside the validation decorator,
// so a refused event (never sent to the store) does not count as an append.
import { decorateAppend, WrongExpectedVersionError, type EventStore } from '../event-store.js';
import type { AppendOutcome, Metrics } from './metrics.js';

export function withAppendMetrics(store: EventStore, metrics: Pick<Metrics, 'recordAppend'>): EventStore {
  return decorateAppend(store, async (stream, events, options) => {
    const started = process.hrtime.bigint();
    let outcome: AppendOutcome = 'error';
    try {
      const result = await store.append(stream, events, options);
      outcome = 'ok';
      return result;
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) outcome = 'conflict';
      throw err;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.recordAppend({ store: store.kind, outcome, events: events.length, seconds });
    }
  });
}
