// A reactor's parked events that `sprintguard projections retry reactor:<name>` handed back: the
// running reactor handles each again, in log order, and unparks it on success; a failure keeps it
// parked with the new error and clears the request. Only the worker can do this (it holds the
// reactor's adapters), so the CLI only marks the rows (requestRetry in parked-events.ts).
import type { EventStore } from '../adapters/event-store.js';
import { inEventsSpan, streamCategoryOf, traceparentOf } from '../adapters/telemetry/spans.js';
import type { Database } from '../adapters/postgres/database.js';
import { listParkedEvents, recordRetryFailure, unparkEvent } from '../projections/parked-events.js';
import { findParkedEvent } from '../projections/parked-retry.js';
import type { ProjectorLog } from '../projections/projector.js';
import type { Reactor } from './reactor.js';

export async function handleRetryRequests(deps: {
  store: EventStore;
  db: Database;
  consumer: string;
  reactor: Reactor;
  signal: AbortSignal;
  log: ProjectorLog;
}): Promise<void> {
  const requested = (await listParkedEvents(deps.db.knex, deps.consumer)).filter((p) => p.retryRequestedAt !== null);
  for (const parked of requested) {
    if (deps.signal.aborted) return;
    const event = await findParkedEvent(deps.store, parked);
    if (!event) {
      await recordRetryFailure(deps.db.knex, deps.consumer, parked.eventId, new Error('the event is not in the log any more'), parked.attempts);
      continue;
    }
    try {
      // A step like the runner's, marked as a retry: what it does belongs to the event's trace.
      const attributes = { 'sprintguard.reactor': deps.reactor.name, 'sprintguard.event.type': event.type, 'sprintguard.stream.category': streamCategoryOf(event.streamName), 'sprintguard.retry': true };
      await inEventsSpan(`reactor ${deps.reactor.name}`, [event], { attributes }, (span) => deps.reactor.handle(event, deps.signal, traceparentOf(span)));
      await unparkEvent(deps.db.knex, deps.consumer, parked.eventId);
      deps.log.info({ reactor: deps.reactor.name, eventId: parked.eventId, type: parked.eventType }, 'reactor: parked event handled on retry');
    } catch (err) {
      if (deps.signal.aborted) return;
      await recordRetryFailure(deps.db.knex, deps.consumer, parked.eventId, err, parked.attempts + 1);
    }
  }
}
