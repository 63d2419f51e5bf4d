// A reactor turns events into side effects (calls to a board, notifications…). Unlike a projection
// it cannot roll its effects back, so its handler must be safe to run again for the same event:
// the runner delivers at least once and checkpoints after handling.
import type { EventFilter, RecordedEvent } from '../adapters/event-store.js';

export interface Reactor {
  /** Stable name: checkpoint `reactor:<name>` and advisory lock derive from it. */
  readonly name: string;
  readonly filter: EventFilter;
  /** Throwing means "infrastructure, retry the same event later". */
  handle(event: RecordedEvent, signal: AbortSignal): Promise<void>;
}
