// Poison events (docs/architecture.md, "Poison events"). An event that a projection or a reactor
// cannot apply is tried a bounded number of times, then PARKED: a row in `parked_events`
// (parked-events.schema.ts) naming the consumer, the event and the error, and the consumer goes on
// with the rest. Infrastructure failures (the database or the store unavailable, a connection
// dropped, a concurrency conflict) are never counted: they are retried without end, since parking
// would then skip healthy events. `sprintguard projections retry <name>` applies parked events
// again after a fix.
import type { Knex } from 'knex';
import { EventStoreUnavailableError, WrongExpectedVersionError, type Position, type RecordedEvent } from '../adapters/event-store.js';
import { isPostgresUnavailable } from '../adapters/postgres/unavailable.js';
import { errorCode, NOT_SENT_CODES, UNAVAILABLE_CODES } from '../lib/network-errors.js';
import { CheckpointConflictError } from './checkpoints.js';
import { LeadershipLostError } from './projection-lock.js';

export const PARKED_EVENTS_TABLE = 'parked_events';

/** Attempts before an event is parked, unless configured (PROJECTION_MAX_ATTEMPTS). */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface ParkedEvent {
  consumer: string;
  position: Position;
  streamName: string;
  eventId: string;
  eventType: string;
  orgId: string | null;
  error: string;
  attempts: number;
  parkedAt: Date;
  retryRequestedAt: Date | null;
}

interface ParkedRow {
  consumer: string;
  commit_pos: string;
  prepare_pos: string;
  stream_name: string;
  event_id: string;
  event_type: string;
  org_id: string | null;
  error: string;
  attempts: number;
  parked_at: Date;
  retry_requested_at: Date | null;
}

const toParked = (r: ParkedRow): ParkedEvent => ({
  consumer: r.consumer,
  position: { commit: BigInt(r.commit_pos), prepare: BigInt(r.prepare_pos) },
  streamName: r.stream_name,
  eventId: r.event_id,
  eventType: r.event_type,
  orgId: r.org_id,
  error: r.error,
  attempts: Number(r.attempts),
  parkedAt: r.parked_at,
  retryRequestedAt: r.retry_requested_at,
});

/**
 * True for failures that say nothing about the event: the database or the store unavailable, a
 * network error, a lost lock, a conflict with another writer or runner, a cancelled wait.
 */
export function isInfrastructureError(err: unknown): boolean {
  if (
    err instanceof EventStoreUnavailableError ||
    err instanceof WrongExpectedVersionError ||
    err instanceof CheckpointConflictError ||
    err instanceof LeadershipLostError
  ) {
    return true;
  }
  if (isPostgresUnavailable(err)) return true;
  const code = errorCode(err);
  if (code !== undefined) {
    if (UNAVAILABLE_CODES.has(code) || NOT_SENT_CODES.has(code) || code.startsWith('UND_ERR_')) return true;
    // SQLSTATE class 40: serialization failure or deadlock, which succeed when tried again.
    if (/^40/.test(code)) return true;
  }
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/**
 * The error as stored and logged: its class and message, at most 500 characters, with credentials
 * in URLs, query strings and bearer tokens removed (an error may quote a URL or a header).
 */
export function describeParkingError(err: unknown): string {
  let text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  // A database error through knex: "<the SQL> - <PostgreSQL's message>"; the message and SQLSTATE say it.
  const code = (err as { code?: unknown } | null)?.code;
  if (err instanceof Error && typeof code === 'string' && typeof (err as { severity?: unknown }).severity === 'string') {
    const cut = err.message.lastIndexOf(' - ');
    text = `${err.name}: ${cut >= 0 ? err.message.slice(cut + 3) : err.message} (SQLSTATE ${code})`;
  }
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+(:[^/\s@]*)?@/gi, '$1***@')
    .replace(/(https?:\/\/[^\s?#]+)\?[^\s#]*/gi, '$1?***')
    .replace(/\b(bearer|basic|token|password|secret|api[_-]?key)([\s:=]+)\S+/gi, '$1$2***')
    .split('\u0000')
    .join('\\u0000')
    .slice(0, 500);
}

/** Counts failed attempts per event id in this process, until the event is applied or parked. */
export class AttemptCounter {
  private readonly attempts = new Map<string, number>();
  constructor(readonly maxAttempts: number = DEFAULT_MAX_ATTEMPTS) {}

  /** Records one more failed attempt; returns the total. */
  fail(eventId: string): number {
    const n = (this.attempts.get(eventId) ?? 0) + 1;
    this.attempts.set(eventId, n);
    return n;
  }

  exhausted(eventId: string): boolean {
    return (this.attempts.get(eventId) ?? 0) >= this.maxAttempts;
  }

  count(eventId: string): number {
    return this.attempts.get(eventId) ?? 0;
  }

  forget(eventId: string): void {
    this.attempts.delete(eventId);
  }
}

/** Parks `event` for `consumer` (inside the caller's transaction for a projection). Parking twice keeps one row. */
export async function parkEvent(
  db: Knex | Knex.Transaction,
  consumer: string,
  event: RecordedEvent,
  error: unknown,
  attempts: number,
): Promise<void> {
  const orgId = typeof event.metadata.org_id === 'string' ? event.metadata.org_id : null;
  await db(PARKED_EVENTS_TABLE)
    .insert({
      consumer,
      commit_pos: event.position.commit.toString(),
      prepare_pos: event.position.prepare.toString(),
      stream_name: event.streamName,
      event_id: event.id,
      event_type: event.type,
      org_id: orgId,
      error: describeParkingError(error),
      attempts,
    })
    .onConflict(['consumer', 'event_id'])
    .merge(['error', 'attempts', 'parked_at', 'retry_requested_at']);
}

/** Parked events, in log order; of one consumer when named. */
export async function listParkedEvents(db: Knex, consumer?: string): Promise<ParkedEvent[]> {
  const query = db<ParkedRow>(PARKED_EVENTS_TABLE).orderBy([{ column: 'commit_pos' }, { column: 'prepare_pos' }]);
  if (consumer !== undefined) void query.where({ consumer });
  return (await query).map(toParked);
}

/** Parked events per consumer (for status, readiness and metrics); consumers with none are absent. */
export async function countParkedEvents(db: Knex): Promise<Record<string, number>> {
  const rows = await db(PARKED_EVENTS_TABLE).select('consumer').count<{ consumer: string; count: string }[]>('* as count').groupBy('consumer');
  return Object.fromEntries(rows.map((r) => [r.consumer, Number(r.count)]));
}

/** Removes the parked row once its event has been applied. */
export async function unparkEvent(db: Knex | Knex.Transaction, consumer: string, eventId: string): Promise<void> {
  await db(PARKED_EVENTS_TABLE).where({ consumer, event_id: eventId }).delete();
}

/** Asks the running reactor to handle its parked events again (it picks them up within seconds). */
export async function requestRetry(db: Knex, consumer: string): Promise<number> {
  return db(PARKED_EVENTS_TABLE).where({ consumer }).update({ retry_requested_at: db.fn.now() });
}

/** After a failed retry: the new error and attempt count, and no pending request. */
export async function recordRetryFailure(db: Knex, consumer: string, eventId: string, error: unknown, attempts: number): Promise<void> {
  await db(PARKED_EVENTS_TABLE)
    .where({ consumer, event_id: eventId })
    .update({ error: describeParkingError(error), attempts, retry_requested_at: null });
}
