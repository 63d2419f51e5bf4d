// One classification of "PostgreSQL cannot be reached right now" (src/adapters/postgres/unavailable.ts):
// the API's 503, the start-up wait and the parking of poison events ask isPostgresUnavailable, the
// PostgreSQL event store's translateError turns the same errors, and only them, into
// EventStoreUnavailableError.
import { describe, expect, it } from 'vitest';
import { EventStoreUnavailableError } from '../../src/adapters/event-store.js';
import { translateError } from '../../src/adapters/postgres/pg-errors.js';
import { isDependencyUnavailable, isPostgresUnavailable } from '../../src/adapters/postgres/unavailable.js';

const pgError = (fields: { code?: string; severity?: string; message: string }) => Object.assign(new Error(fields.message), fields);

const unavailable = [
  pgError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }),
  pgError({ code: 'ENETUNREACH', message: 'connect ENETUNREACH' }),
  pgError({ code: '08006', severity: 'ERROR', message: 'connection failure' }),
  pgError({ code: '53300', severity: 'FATAL', message: 'sorry, too many clients already' }),
  pgError({ code: '57P01', severity: 'FATAL', message: 'terminating connection due to administrator command' }),
  pgError({ code: '57P03', severity: 'FATAL', message: 'the database system is starting up' }),
  pgError({ code: '57P05', severity: 'FATAL', message: 'terminating connection due to idle-session timeout' }),
  pgError({ code: '28P01', severity: 'FATAL', message: 'password authentication failed for user "sprintguard"' }),
  new Error('Connection terminated unexpectedly'),
  new Error('timeout exceeded when trying to connect'),
  new Error('Client has encountered a connection error and is not queryable'),
  new Error('Cannot use a pool after calling end on the pool'),
  new Error('Client was closed and is not queryable'),
];
const bugs = [
  pgError({ code: '23505', severity: 'ERROR', message: 'duplicate key value violates unique constraint' }),
  pgError({ code: '42P01', severity: 'ERROR', message: 'relation "es.nope" does not exist' }),
  pgError({ code: '22P05', severity: 'ERROR', message: 'unsupported Unicode escape sequence' }),
  pgError({ code: 'ES409', severity: 'ERROR', message: 'wrong expected version' }),
  new TypeError("Cannot read properties of undefined (reading 'x')"),
];

describe('PostgreSQL unavailable: one classification', () => {
  it.each(unavailable.map((e) => [e.message, e]))('%s: unavailable, and the event store says so', (_, err) => {
    expect(isPostgresUnavailable(err)).toBe(true);
    const translated = translateError(err);
    expect(translated).toBeInstanceOf(EventStoreUnavailableError);
    expect((translated as Error).cause).toBe(err);
    expect(isDependencyUnavailable(translated)).toBe(true);
  });

  it.each(bugs.map((e) => [e.message, e]))('%s: not unavailable, passed through as is', (_, err) => {
    expect(isPostgresUnavailable(err)).toBe(false);
    expect(translateError(err)).toBe(err);
    expect(isDependencyUnavailable(err)).toBe(false);
  });

  it('looks one level into the cause (knex wraps the driver error)', () => {
    const wrapped = new Error('select 1 - terminating connection due to administrator command', { cause: pgError({ code: '57P01', severity: 'FATAL', message: 'terminating' }) });
    expect(isDependencyUnavailable(wrapped)).toBe(true);
    expect(isDependencyUnavailable(new Error('x', { cause: new Error('y') }))).toBe(false);
  });
});
