// Error translation of the PostgreSQL event store: a failed append becomes the port's
// WrongExpectedVersionError, and connection-level or resource failures EventStoreUnavailableError.
import { EventStoreUnavailableError, WrongExpectedVersionError, type ExpectedRevision, type Revision } from '../event-store.js';
import { isPostgresUnavailable } from './unavailable.js';

export function wrongExpectedVersion(stream: string, expected: ExpectedRevision, err: unknown): WrongExpectedVersionError {
  let actual: Revision | 'no_stream' = 'no_stream';
  try {
    const detail = JSON.parse((err as { detail?: string }).detail ?? '{}') as { actual?: string };
    if (detail.actual && detail.actual !== 'no_stream') actual = BigInt(detail.actual);
  } catch {
    // keep 'no_stream': the detail is ours and always JSON, this is only a guard
  }
  return new WrongExpectedVersionError(stream, expected, actual);
}

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
