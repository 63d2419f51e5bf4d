// SQLSTATEs of our own that the event store's SQL functions raise (event-store.schema.ts,
// audit-chain.schema.ts) and the adapter translates (pg-event-store.ts). A module of its own so
// the DDL modules and the adapter share it without importing one another.

/** SQLSTATE raised by es.append for a wrong expected version; DETAIL is JSON {stream, expected, actual}. */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'ES409';
