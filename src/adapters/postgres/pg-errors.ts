// Error translation of the PostgreSQL event store: connection-level or resource failures become
// EventStoreUnavailableError (a failed append is sorted out by the adapter itself).
import { EventStoreUnavailableError } from '../event-store.js';
import { isPostgresUnavailable } from './unavailable.js';

export function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function constraintOf(err: unknown): string | undefined {
  return (err as { constraint?: string } | null)?.constraint;
}

/** Connection-level and resource failures (unavailable.ts) become EventStoreUnavailableError ("retry later"). */
export function translateError(err: unknown): unknown {
  if (err instanceof EventStoreUnavailableError || !isPostgresUnavailable(err)) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new EventStoreUnavailableError(`PostgreSQL event store unavailable: ${message}`, { cause: err });
}
