// A reactor turns events into side effects (calls to a board, notifications…). Unlike a projection
// it cannot roll its effects back, so its handler must be safe to run again for the same event:
// the runner delivers at least once and checkpoints after handling.
import type { EventFilter, RecordedEvent } from '../adapters/event-store.js';

export interface Reactor {
  /** Stable name: checkpoint `reactor:<name>` and advisory lock derive from it. */
  readonly name: string;
  readonly filter: EventFilter;
  /**
   * Throwing means "retry the same event later"; an event that keeps failing for another reason than
   * infrastructure is parked after its attempts (reactor-runner.ts). Events of one stream come in order.
   * `traceparent`, with tracing on: the step's span, the parent of what the step appends (in its
   * commands' CommandContext) and of the board calls it makes.
   */
  handle(event: RecordedEvent, signal: AbortSignal, traceparent?: string): Promise<void>;
}
