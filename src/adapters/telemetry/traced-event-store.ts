// A decorator of the event-store port that records one span per append and writes the span's W3C
// `traceparent` into each appended event's metadata (docs/observability.md, "Traces"), so the
// projection batches and reactor steps that handle the events continue the trace of the request
// that caused them. The append's parent is the traceparent the events arrive with: the command's
// (CommandContext.traceparent, a request's or a reactor step's span), which the append's replaces.
// The field is added before the store seals the events: it is part of the hashed metadata like any
// other (src/adapters/audit-chain.ts). Applied by the composition only when tracing is on; reads and
// subscriptions pass through untouched.
import { decorateAppend, type EventStore, type EventToAppend } from '../event-store.js';
import { inSpan, recordsNothingUnder, SpanKind, streamCategoryOf, traceparentOf, TRACEPARENT_KEY } from './spans.js';

export function withAppendTracing(store: EventStore): EventStore {
  return decorateAppend(store, (stream, events, options) => {
    const found = events[0]?.metadata?.[TRACEPARENT_KEY];
    const parent = typeof found === 'string' ? found : undefined;
    // A command of an unrecorded trace (its events carry no traceparent, or an unsampled one written
    // before): its events as they are.
    if (recordsNothingUnder(parent)) return store.append(stream, events, options);
    const category = streamCategoryOf(stream);
    return inSpan(`append ${category}`, { kind: SpanKind.PRODUCER, parent }, async (span) => {
      const recording = span.isRecording();
      // Attributes only for a span that records: under load, most new traces do not.
      if (recording) {
        span.setAttributes({
          'sprintguard.stream.category': category,
          'sprintguard.event.count': events.length,
          'sprintguard.event.types': events.length === 1 ? [events[0]!.type] : [...new Set(events.map((e) => e.type))],
          'db.system.name': store.kind === 'postgres' ? 'postgresql' : 'eventstoredb',
        });
      }
      const traceparent = traceparentOf(span);
      const traced: EventToAppend[] = traceparent ? withTraceparent(events, traceparent) : events;
      const result = await store.append(stream, traced, options);
      if (recording) span.setAttribute('sprintguard.stream.revision', Number(result.nextExpectedRevision));
      return result;
    });
  });
}

/**
 * The events with `traceparent` in their metadata, the caller's objects untouched. A command's events
 * share one metadata object: it is copied once. (`traceparent` is TRACEPARENT_KEY, spelled as a
 * literal key: V8 copies such an object faster.)
 */
function withTraceparent(events: EventToAppend[], traceparent: string): EventToAppend[] {
  let from: EventToAppend['metadata'];
  let to: EventToAppend['metadata'];
  return events.map((e) => {
    if (!e.metadata) return e;
    if (e.metadata !== from) {
      from = e.metadata;
      to = { ...e.metadata, traceparent };
    }
    return { ...e, metadata: to };
  });
}
