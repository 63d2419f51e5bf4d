// A decorator that checks every event before it reaches the store (docs/architecture.md, "Poison
// events"): the data against its type's schema and no NUL character anywhere. Applied to both
// adapters by the composition, so the adapters stay plain stores and the check is one piece of code
// whatever the store. A refused event is a DomainError `invalid` naming the field (HTTP 400), and
// nothing of the append is written.
import { invalid } from '../domain/errors.js';
import { eventProblem } from '../domain/event-schemas.js';
import { decorateAppend, type EventStore } from './event-store.js';

export function withEventValidation(store: EventStore): EventStore {
  return decorateAppend(store, async (stream, events, options) => {
    for (const e of events) {
      const problem = eventProblem(e.type, e.data, e.metadata);
      if (problem) throw invalid(`${e.type}: ${problem}`);
    }
    return store.append(stream, events, options);
  });
}
