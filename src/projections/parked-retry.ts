// `sprintguard projections retry <name>` for a projection: its parked events, in log order, applied
// again by the projection code of this process (the fixed code), each in its own transaction with the
// removal of its parked row, so an applied event is never applied twice nor left listed. The live
// projector may hold the projection's lock meanwhile: the parked row is locked (FOR UPDATE SKIP
// LOCKED) instead, so two retries never apply the same event. An event that fails again stays parked
// with the new error. Reactors' parked events are handed back to the running reactor instead
// (requestRetry in parked-events.ts), since only the worker holds their side-effect adapters.
import { comparePositions, type EventStore, type RecordedEvent } from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import { describeParkingError, listParkedEvents, PARKED_EVENTS_TABLE, type ParkedEvent } from './parked-events.js';
import { CHECKPOINT_TABLE } from './checkpoints.js';
import type { Projection } from './projection.js';

export interface RetryOutcome {
  event: ParkedEvent;
  /** 'applied' (unparked), 'failed' (still parked, error updated) or 'missing' (not in the log any more). */
  result: 'applied' | 'failed' | 'missing';
  error?: string;
}

export async function retryParkedEvents(deps: { store: EventStore; db: Database }, projection: Projection): Promise<RetryOutcome[]> {
  const outcomes: RetryOutcome[] = [];
  for (const parked of await listParkedEvents(deps.db.knex, projection.name)) {
    const event = await findParkedEvent(deps.store, parked);
    if (!event) {
      outcomes.push({ event: parked, result: 'missing' });
      continue;
    }
    try {
      const applied = await deps.db.knex.transaction(async (trx) => {
        const row: unknown = await trx(PARKED_EVENTS_TABLE)
          .where({ consumer: projection.name, event_id: parked.eventId })
          .forUpdate()
          .skipLocked()
          .first();
        if (!row) return false;
        await projection.apply(trx, [event]);
        // The tables changed without the checkpoint: its updated_at says so to the live projector,
        // whose one-statement batch then refuses rows read before (batch-statement.ts), and to
        // readers that cache by checkpoint.
        await trx(CHECKPOINT_TABLE).where({ name: projection.name }).update({ updated_at: trx.fn.now() });
        await trx(PARKED_EVENTS_TABLE).where({ consumer: projection.name, event_id: parked.eventId }).delete();
        return true;
      });
      if (applied) outcomes.push({ event: parked, result: 'applied' });
    } catch (err) {
      const error = describeParkingError(err);
      await deps.db.knex(PARKED_EVENTS_TABLE)
        .where({ consumer: projection.name, event_id: parked.eventId })
        .update({ error, attempts: parked.attempts + 1 });
      outcomes.push({ event: parked, result: 'failed', error });
    }
  }
  return outcomes;
}

/** The parked event as recorded: at its position in the global log, else searched in its stream. */
export async function findParkedEvent(store: EventStore, parked: ParkedEvent): Promise<RecordedEvent | undefined> {
  for await (const event of store.readAll({ from: parked.position, maxCount: 1 })) {
    if (event.id === parked.eventId && comparePositions(event.position, parked.position) === 0) return event;
  }
  try {
    for await (const event of store.readStream(parked.streamName)) if (event.id === parked.eventId) return event;
  } catch {
    // The stream is gone: the event is reported missing.
  }
  return undefined;
}
