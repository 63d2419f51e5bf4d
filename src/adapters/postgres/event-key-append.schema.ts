// Migration 003: appends guarded by the event key (stream_name, revision) alone; the head rows
// (es.streams) are gone. docs/architecture.md, "Event store", has the measurements behind it.
//
// Why it is safe without a head row:
// - Optimistic concurrency: an append writes revision last + 1 of what it read. Two appenders that
//   read the same head write the same key: the primary key makes the second wait for the first's
//   commit and then fail with 23505 (unique_violation), which the adapter turns into a wrong
//   expected version, an idempotent success or (expected 'any') a retry.
// - Commit order inside a stream: revision n + 1 can only be written by an appender that read
//   revision n, i.e. after n committed; a stream's revisions therefore still commit in order, and
//   per-stream reads still need no horizon guard.
// - The chain: the predecessor whose hash a new event links to is the row the append read; it has
//   committed, and no other event can take the same place (the key again).
// What it saves: the head row's write (a heap tuple and its WAL per append) and, for the common
// one-event append, the PL/pgSQL call: the adapter sends one INSERT … SELECT (pg-sql.ts).
import type { Knex } from 'knex';
import type { Migration } from './migrate.js';

/** The chain link of the event at `rev` after `prev` (audit-chain.ts linkHash, byte for byte). */
export function linkSql(prev: string, stream: string, rev: string, digest: string): string {
  return `encode(sha256(convert_to(COALESCE(${prev}, '') || E'\\n' || ${stream} || E'\\n' || (${rev})::text || E'\\n' || ${digest}, 'UTF8')), 'hex')`;
}

// The several-event append, without head row. A new name: a process of the previous version still
// running calls es.append, which is dropped, and fails loudly rather than misreading the new answers. A precondition that does not hold
// (revision p_expected_rev is not in the stream, or it exists for 'no_stream', or not for
// 'stream_exists') returns no row; a key or event-id conflict raises 23505. The adapter tells a
// wrong expected version from an idempotent re-append in both cases (es.idempotent_result).
const CREATE_APPEND = `
DROP FUNCTION es.append(text, text, bigint, uuid[], text[], jsonb[], jsonb[], text[]);
DROP TABLE es.streams;

CREATE FUNCTION es.append_events(p_stream text, p_expected text, p_expected_rev bigint,
    p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[], p_digests text[])
RETURNS TABLE (next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n int := cardinality(p_ids);
  v_head bigint;
  v_prev text;
  v_hash text;
  v_meta jsonb[] := '{}';
  v_gp bigint;
BEGIN
  IF n IS NULL OR n = 0 THEN
    RAISE EXCEPTION 'es.append_events needs at least one event' USING ERRCODE = '22023';
  END IF;
  IF cardinality(p_digests) IS DISTINCT FROM n THEN
    RAISE EXCEPTION 'es.append_events needs one digest per event' USING ERRCODE = '22023';
  END IF;

  IF p_expected = 'revision' THEN
    SELECT e.revision, e.metadata->>'hash' INTO v_head, v_prev
      FROM es.events e WHERE e.stream_name = p_stream AND e.revision = p_expected_rev;
    IF NOT FOUND THEN RETURN; END IF;
  ELSE
    SELECT e.revision, e.metadata->>'hash' INTO v_head, v_prev
      FROM es.events e WHERE e.stream_name = p_stream ORDER BY e.revision DESC LIMIT 1;
    IF FOUND AND p_expected = 'no_stream' OR NOT FOUND AND p_expected = 'stream_exists' THEN RETURN; END IF;
    v_head := COALESCE(v_head, -1);
  END IF;

  FOR i IN 1..n LOOP
    v_hash := ${linkSql('v_prev', 'p_stream', 'v_head + i', 'p_digests[i]')};
    v_meta := v_meta || (COALESCE(p_meta[i], '{}'::jsonb) || jsonb_build_object('prev_hash', v_prev, 'hash', v_hash));
    v_prev := v_hash;
  END LOOP;

  WITH inserted AS (
    INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata)
    SELECT p_stream, v_head + i, p_ids[i], p_types[i], p_data[i], v_meta[i]
      FROM generate_subscripts(p_ids, 1) AS i
     ORDER BY i
    RETURNING global_position
  )
  SELECT max(global_position) INTO v_gp FROM inserted;

  RETURN QUERY SELECT v_head + n, pg_current_xact_id(), v_gp;
END $$;
`;

export const eventKeyAppendMigration: Migration = {
  name: '003_append_on_the_event_key',
  up: async (knex: Knex) => {
    await knex.raw(CREATE_APPEND);
  },
};
