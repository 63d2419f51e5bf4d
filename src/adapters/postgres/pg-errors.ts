// Error translation of the PostgreSQL event store: a failed append becomes the port's
// WrongExpectedVersionError, and connection-level or resource failures EventStoreUnavailableError.
import { UNAVAILABLE_CODES } from '../../lib/network-errors.js';
import { EventStoreUnavailableError, WrongExpectedVersionError, type ExpectedRevision, type Revision } from '../event-store.js';

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

/** Connection-level and resource failures become EventStoreUnavailableError ("retry later"). */
export function translateError(err: unknown): unknown {
  if (err instanceof EventStoreUnavailableError) return err;
  const code = sqlState(err);
  const message = err instanceof Error ? err.message : String(err);
  const unavailable =
    // 08: connection exception; 53: insufficient resources; 57P01-03: shutdown / cannot connect now.
    (code !== undefined && (/^(08|53|57P0)/.test(code) || UNAVAILABLE_CODES.has(code))) ||
    /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|not queryable/i.test(
      message,
    );
  return unavailable ? new EventStoreUnavailableError(`PostgreSQL event store unavailable: ${message}`, { cause: err }) : err;
}
