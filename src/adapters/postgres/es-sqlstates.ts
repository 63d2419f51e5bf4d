// SQLSTATEs of our own that the event store's SQL functions raised. Only the migrations that are
// history use it (001, 002): since 003 (event-key-append.schema.ts) es.append_events returns no row instead.

/** SQLSTATE raised by 001's and 002's es.append for a wrong expected version. */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'ES409';
