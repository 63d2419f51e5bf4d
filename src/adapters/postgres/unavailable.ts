// Is this error "PostgreSQL cannot be reached right now" (answer 503, retry later) rather than a bug?
import { UNAVAILABLE_CODES } from '../../lib/network-errors.js';

export function isPostgresUnavailable(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const { code, severity, message } = err as { code?: unknown; severity?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57P operator intervention
    // (shutdown, crash recovery, cannot connect now).
    if (/^(08|53|57P)/.test(code)) return true;
  }
  // A FATAL at connection time (database not accepting connections, too many clients…).
  if (severity === 'FATAL') return true;
  // node-postgres' own wording when the socket closes or the pool cannot connect in time.
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message);
}
