// Schema `es` of the PostgreSQL event store (docs/architecture.md, "Event store"). The migrations are
// history: 001 below, 002 the hash chain (audit-chain.schema.ts), 003 appends guarded by the event
// key alone (event-key-append.schema.ts), which dropped 001's head rows (es.streams), 004 the group
// commit's statement (append-group.schema.ts), 005 the page of a $all read (read-all-page.schema.ts),
// 006 the chain's hashes in columns of their own (chain-columns.schema.ts).
// - In 001, es.streams held one head row per stream, whose compare-and-set was the concurrency token.
// - es.events carries transaction_id (xid8) next to global_position: the global cursor is
//   (transaction_id, global_position) read below the snapshot xmin, because identity values are
//   taken at INSERT time but become visible at COMMIT, in any order.
// - an append is ONE round trip: one event a plain INSERT … SELECT (pg-sql.ts), several a call of
//   es.append_events (003).
import type { Knex } from 'knex';
import type { MigrationSet } from './migrate.js';
import { auditChainMigration } from './audit-chain.schema.js';
import { eventKeyAppendMigration } from './event-key-append.schema.js';
import { appendGroupMigration } from './append-group.schema.js';
import { chainColumnsMigration } from './chain-columns.schema.js';
import { appendEventsJsonMigration, appendGroupJsonMigration } from './append-group-json.schema.js';
import { flatPredecessorMigration } from './flat-predecessor.schema.js';
import { readAllPageMigration } from './read-all-page.schema.js';
import { readAllPlainMigration } from './read-all-plain.schema.js';
import { WRONG_EXPECTED_VERSION_SQLSTATE } from './es-sqlstates.js';

const CREATE_TABLES = `
CREATE SCHEMA IF NOT EXISTS es;

CREATE TABLE es.streams (
  stream_name   text   PRIMARY KEY,
  last_revision bigint NOT NULL              -- revision of the last event, 0-based like EventStoreDB
);

CREATE TABLE es.events (
  global_position bigint      GENERATED ALWAYS AS IDENTITY,
  transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
  stream_name     text        NOT NULL,
  revision        bigint      NOT NULL,
  event_id        uuid        NOT NULL,
  event_type      text        NOT NULL,
  data            jsonb       NOT NULL,
  metadata        jsonb,
  created         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_name, revision)        -- stream reads, and the last line of defence for OCC
);
-- The $all cursor: (transaction_id, global_position) > $cursor AND transaction_id < xmin.
CREATE UNIQUE INDEX events_all_order ON es.events (transaction_id, global_position);
-- Event ids are unique: re-appending the same ids is detected and made idempotent by es.append.
CREATE UNIQUE INDEX events_event_id ON es.events (event_id);
`;

// When the given ids already sit in the stream at the place this append asks for, returns the
// original append's result (EventStoreDB's idempotent append). Returns no row when they do not.
const CREATE_IDEMPOTENT_RESULT = `
CREATE FUNCTION es.idempotent_result(p_stream text, p_expected text, p_expected_rev bigint, p_ids uuid[])
RETURNS TABLE (next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  n int := cardinality(p_ids);
  v_stream text;
  v_first bigint;
BEGIN
  SELECT e.stream_name, e.revision INTO v_stream, v_first FROM es.events e WHERE e.event_id = p_ids[1];
  IF NOT FOUND OR v_stream <> p_stream THEN RETURN; END IF;
  IF NOT (p_expected IN ('any', 'stream_exists')
          OR (p_expected = 'no_stream' AND v_first = 0)
          OR (p_expected = 'revision' AND v_first = p_expected_rev + 1)) THEN
    RETURN;
  END IF;
  IF (SELECT array_agg(e.event_id ORDER BY e.revision) FROM es.events e
       WHERE e.stream_name = p_stream AND e.revision BETWEEN v_first AND v_first + n - 1) IS DISTINCT FROM p_ids THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT e.revision, e.transaction_id, e.global_position FROM es.events e
    WHERE e.stream_name = p_stream AND e.revision = v_first + n - 1;
END $$;
`;

// p_expected: 'any' | 'no_stream' | 'stream_exists' | 'revision' (with p_expected_rev).
const CREATE_APPEND = `
CREATE FUNCTION es.append(p_stream text, p_expected text, p_expected_rev bigint,
    p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[])
RETURNS TABLE (next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n int := cardinality(p_ids);
  v_last bigint;
  v_actual bigint;
  v_gp bigint;
BEGIN
  IF n IS NULL OR n = 0 THEN
    RAISE EXCEPTION 'es.append needs at least one event' USING ERRCODE = '22023';
  END IF;

  -- 'any' and 'stream_exists' never fail the compare-and-set, so a re-append of stored ids must be
  -- caught before it (an exact or no_stream re-append fails the CAS and is caught below).
  IF p_expected IN ('any', 'stream_exists') THEN
    RETURN QUERY SELECT * FROM es.idempotent_result(p_stream, p_expected, p_expected_rev, p_ids);
    IF FOUND THEN RETURN; END IF;
  END IF;

  -- Compare-and-set on the head row. The row lock serializes appenders of this stream; a waiter
  -- re-checks the WHERE clause against the winner's row (READ COMMITTED) and so fails cleanly.
  IF p_expected = 'no_stream' THEN
    INSERT INTO es.streams (stream_name, last_revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_name) DO NOTHING
      RETURNING last_revision INTO v_last;
  ELSIF p_expected = 'any' THEN
    INSERT INTO es.streams AS s (stream_name, last_revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_name) DO UPDATE SET last_revision = s.last_revision + n
      RETURNING s.last_revision INTO v_last;
  ELSE
    UPDATE es.streams s SET last_revision = s.last_revision + n
     WHERE s.stream_name = p_stream
       AND (p_expected = 'stream_exists' OR s.last_revision = p_expected_rev)
    RETURNING s.last_revision INTO v_last;
  END IF;

  IF v_last IS NULL THEN
    -- Each statement takes a fresh snapshot here, so a concurrent winner is visible now: either it
    -- wrote these very ids (idempotent success) or this is a wrong expected version.
    RETURN QUERY SELECT * FROM es.idempotent_result(p_stream, p_expected, p_expected_rev, p_ids);
    IF FOUND THEN RETURN; END IF;
    SELECT s.last_revision INTO v_actual FROM es.streams s WHERE s.stream_name = p_stream;
    RAISE EXCEPTION 'wrong expected version' USING ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}',
      DETAIL = json_build_object('stream', p_stream,
        'expected', CASE WHEN p_expected = 'revision' THEN p_expected_rev::text ELSE p_expected END,
        'actual', COALESCE(v_actual::text, 'no_stream'))::text;
  END IF;

  WITH inserted AS (
    INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata)
    SELECT p_stream, v_last - n + i, p_ids[i], p_types[i], p_data[i], p_meta[i]
      FROM generate_subscripts(p_ids, 1) AS i
     ORDER BY i
    RETURNING global_position
  )
  SELECT max(global_position) INTO v_gp FROM inserted;

  RETURN QUERY SELECT v_last, pg_current_xact_id(), v_gp;
END $$;
`;

export const eventStoreMigrations: MigrationSet = {
  tableName: 'es_migrations',
  migrations: [
    {
      name: '001_event_store',
      up: async (knex: Knex) => {
        await knex.raw(CREATE_TABLES);
        await knex.raw(CREATE_IDEMPOTENT_RESULT);
        await knex.raw(CREATE_APPEND);
      },
      down: async (knex: Knex) => {
        await knex.raw('DROP SCHEMA es CASCADE');
      },
    },
    auditChainMigration,
    eventKeyAppendMigration,
    appendGroupMigration,
    readAllPageMigration,
    chainColumnsMigration,
    appendGroupJsonMigration,
    appendEventsJsonMigration,
    flatPredecessorMigration,
    readAllPlainMigration,
  ],
};
