// Migration 002, history (003, event-key-append.schema.ts, replaced this es.append): the
// tamper-evidence chain inside es.append (src/adapters/audit-chain.ts has the formula). The link
// needs the new event's revision and its predecessor's hash, which are only known under the stream's
// head-row lock: so es.append computes it, from the content digests the process sends along. The
// predecessor is read from es.events by primary key while the lock is held (it has committed: the
// lock serializes this stream's appenders), so the chain costs no extra round trip and no extra write.
import type { Knex } from 'knex';
import type { Migration } from './migrate.js';
import { WRONG_EXPECTED_VERSION_SQLSTATE } from './es-sqlstates.js';

// Same as 001's es.append, plus p_digests and the sealing of the metadata before the insert.
const CREATE_SEALING_APPEND = `
DROP FUNCTION es.append(text, text, bigint, uuid[], text[], jsonb[], jsonb[]);

CREATE FUNCTION es.append(p_stream text, p_expected text, p_expected_rev bigint,
    p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[], p_digests text[])
RETURNS TABLE (next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n int := cardinality(p_ids);
  v_last bigint;
  v_actual bigint;
  v_gp bigint;
  v_prev text;
  v_hash text;
  v_meta jsonb[] := '{}';
BEGIN
  IF n IS NULL OR n = 0 THEN
    RAISE EXCEPTION 'es.append needs at least one event' USING ERRCODE = '22023';
  END IF;
  IF cardinality(p_digests) IS DISTINCT FROM n THEN
    RAISE EXCEPTION 'es.append needs one digest per event' USING ERRCODE = '22023';
  END IF;

  IF p_expected IN ('any', 'stream_exists') THEN
    RETURN QUERY SELECT * FROM es.idempotent_result(p_stream, p_expected, p_expected_rev, p_ids);
    IF FOUND THEN RETURN; END IF;
  END IF;

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
    RETURN QUERY SELECT * FROM es.idempotent_result(p_stream, p_expected, p_expected_rev, p_ids);
    IF FOUND THEN RETURN; END IF;
    SELECT s.last_revision INTO v_actual FROM es.streams s WHERE s.stream_name = p_stream;
    RAISE EXCEPTION 'wrong expected version' USING ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}',
      DETAIL = json_build_object('stream', p_stream,
        'expected', CASE WHEN p_expected = 'revision' THEN p_expected_rev::text ELSE p_expected END,
        'actual', COALESCE(v_actual::text, 'no_stream'))::text;
  END IF;

  -- The head row is locked: the predecessor (if any) has committed and nobody appends after it now.
  IF v_last - n >= 0 THEN
    SELECT e.metadata->>'hash' INTO v_prev FROM es.events e WHERE e.stream_name = p_stream AND e.revision = v_last - n;
  END IF;
  FOR i IN 1..n LOOP
    v_hash := encode(sha256(convert_to(
      COALESCE(v_prev, '') || E'\\n' || p_stream || E'\\n' || (v_last - n + i)::text || E'\\n' || p_digests[i], 'UTF8')), 'hex');
    v_meta := v_meta || (COALESCE(p_meta[i], '{}'::jsonb) - 'hash' - 'prev_hash'
                         || jsonb_build_object('prev_hash', v_prev, 'hash', v_hash));
    v_prev := v_hash;
  END LOOP;

  WITH inserted AS (
    INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata)
    SELECT p_stream, v_last - n + i, p_ids[i], p_types[i], p_data[i], v_meta[i]
      FROM generate_subscripts(p_ids, 1) AS i
     ORDER BY i
    RETURNING global_position
  )
  SELECT max(global_position) INTO v_gp FROM inserted;

  RETURN QUERY SELECT v_last, pg_current_xact_id(), v_gp;
END $$;
`;

export const auditChainMigration: Migration = {
  name: '002_audit_chain',
  up: async (knex: Knex) => {
    await knex.raw(CREATE_SEALING_APPEND);
  },
};
