// Is this error "PostgreSQL cannot be reached right now" (answer 503, retry later) rather than a bug?
// The one classification: the API's error handler, the start-up wait, the parking of poison events
// and the PostgreSQL event store's error translation (pg-errors.ts) all ask here.
import { UNAVAILABLE_CODES } from '../../lib/network-errors.js';
import { EventStoreUnavailableError } from '../event-store.js';

// node-postgres' and the pool's own wording when the socket closes, the pool cannot connect in time,
// the pool was ended (shutting down) or a dedicated client was closed.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|not queryable/i;

export function isPostgresUnavailable(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const { code, severity, message } = err as { code?: unknown; severity?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57P operator intervention
    // (shutdown, crash recovery, cannot connect now, database dropped, idle session timeout).
    if (/^(08|53|57P)/.test(code)) return true;
  }
  // A FATAL ends the session (database not accepting connections, too many clients, authentication).
  if (severity === 'FATAL') return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** The database or the event store (either kind) unavailable, thrown as is or as the cause of another error. */
export function isDependencyUnavailable(err: unknown): boolean {
  return err instanceof EventStoreUnavailableError || isPostgresUnavailable(err) || isPostgresUnavailable((err as { cause?: unknown } | null)?.cause);
}
