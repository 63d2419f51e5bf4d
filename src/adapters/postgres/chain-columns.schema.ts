// Migration 006: the chain's two hashes in columns of their own (es.events.prev_hash, .hash: the
// 32 bytes of each SHA-256) instead of inside the metadata jsonb. Reads put them back into the
// event's metadata (pg-mapping.ts, toRecorded), so what a reader sees is unchanged: `prev_hash` and
// `hash` in hex, as the EventStoreDB adapter stores them.
//
// Why: sealing the metadata meant building a jsonb object and concatenating it with the event's
// metadata (a second jsonb written out whole), and reading the predecessor's hash out of its jsonb.
// That cost PostgreSQL ~6–7 µs more per appended row than the unsealed insert, and ~150 more bytes of
// row and WAL; the columns cost ~0.5–1 µs and 64 bytes (measured on 40,000 rows, 2026-11-26, in
// docs/benchmarks.md). The SHA-256 itself was never the cost (~1 µs).
//
// Events sealed before this migration keep their hashes in the metadata (columns NULL): the
// predecessor's hash is read from the column, else from the metadata (predecessorHexSql), and reads
// leave such rows as they are. No row is rewritten: an event's stored form is not touched after the
// fact, not even to move its hash.
import type { Knex } from 'knex';
import type { Migration } from './migrate.js';
import { readAllPageFunction } from './read-all-page.schema.js';

/** The chain link as bytes (audit-chain.ts linkHash, whose hex is this value's hex). */
export function linkBytesSql(prevHex: string, stream: string, rev: string, digest: string): string {
  return `sha256(convert_to(COALESCE(${prevHex}, '') || E'\\n' || ${stream} || E'\\n' || (${rev})::text || E'\\n' || ${digest}, 'UTF8'))`;
}

/** The hash of event row `e` in hex, for the link of its successor: the column, or a pre-006 row's metadata. */
export const predecessorHexSql = (e: string): string => `COALESCE(encode(${e}.hash, 'hex'), ${e}.metadata->>'hash')`;

/**
 * The hash of event row `e` as bytes, for its successor's prev_hash column. A pre-006 row's metadata
 * hash that is not 64 hex digits (an edited row) gives NULL rather than failing the append: the
 * successor's link, computed from the text, then disagrees with its prev_hash, and `audit verify`
 * names the break.
 */
export const predecessorBytesSql = (e: string): string =>
  `COALESCE(${e}.hash, CASE WHEN ${e}.metadata->>'hash' ~ '^[0-9a-f]{64}$' THEN decode(${e}.metadata->>'hash', 'hex') END)`;

const ADD_COLUMNS = `
ALTER TABLE es.events ADD COLUMN prev_hash bytea, ADD COLUMN hash bytea;
`;

// es.append_events (003) with the hashes in the columns; same signature and answers.
const REPLACE_APPEND_EVENTS = `
CREATE OR REPLACE FUNCTION es.append_events(p_stream text, p_expected text, p_expected_rev bigint,
    p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[], p_digests text[])
RETURNS TABLE (next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n int := cardinality(p_ids);
  v_head bigint;
  v_prev_hex text;
  v_prev bytea;
  v_hash bytea;
  v_prevs bytea[] := '{}';
  v_hashes bytea[] := '{}';
  v_gp bigint;
BEGIN
  IF n IS NULL OR n = 0 THEN
    RAISE EXCEPTION 'es.append_events needs at least one event' USING ERRCODE = '22023';
  END IF;
  IF cardinality(p_digests) IS DISTINCT FROM n THEN
    RAISE EXCEPTION 'es.append_events needs one digest per event' USING ERRCODE = '22023';
  END IF;

  IF p_expected = 'revision' THEN
    SELECT e.revision, ${predecessorHexSql('e')}, ${predecessorBytesSql('e')} INTO v_head, v_prev_hex, v_prev
      FROM es.events e WHERE e.stream_name = p_stream AND e.revision = p_expected_rev;
    IF NOT FOUND THEN RETURN; END IF;
  ELSE
    SELECT e.revision, ${predecessorHexSql('e')}, ${predecessorBytesSql('e')} INTO v_head, v_prev_hex, v_prev
      FROM es.events e WHERE e.stream_name = p_stream ORDER BY e.revision DESC LIMIT 1;
    IF FOUND AND p_expected = 'no_stream' OR NOT FOUND AND p_expected = 'stream_exists' THEN RETURN; END IF;
    v_head := COALESCE(v_head, -1);
  END IF;

  FOR i IN 1..n LOOP
    v_hash := ${linkBytesSql('v_prev_hex', 'p_stream', 'v_head + i', 'p_digests[i]')};
    v_prevs := v_prevs || v_prev;
    v_hashes := v_hashes || v_hash;
    v_prev := v_hash;
    v_prev_hex := encode(v_hash, 'hex');
  END LOOP;

  WITH inserted AS (
    INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata, prev_hash, hash)
    SELECT p_stream, v_head + i, p_ids[i], p_types[i], p_data[i], COALESCE(p_meta[i], '{}'::jsonb), v_prevs[i], v_hashes[i]
      FROM generate_subscripts(p_ids, 1) AS i
     ORDER BY i
    RETURNING global_position
  )
  SELECT max(global_position) INTO v_gp FROM inserted;

  RETURN QUERY SELECT v_head + n, pg_current_xact_id(), v_gp;
END $$;
`;

/**
 * A group-append function (es.append_group here, es.append_group_json in 007): `rows` is the CTE
 * body giving the group's rows (stream, kind, rev, id, type, data, meta, digest, ord) from the
 * function's parameters; the predecessor reads, the seal and the insert are the same for both.
 * Two applied migrations build their functions with it: a new behaviour is a new migration, never
 * an edit here (a new database would get other functions than an old one).
 */
export function sealedGroupFunctionSql(signature: string, rows: string): string {
  return `
CREATE OR REPLACE FUNCTION ${signature}
RETURNS TABLE (stream text, next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH g AS (${rows}
  ), p AS (
    SELECT g.*, COALESCE(h.revision, -1) + 1 AS next, h.prev_hex, h.prev
      FROM g
      LEFT JOIN LATERAL (
        SELECT e.revision, ${predecessorHexSql('e')} AS prev_hex, ${predecessorBytesSql('e')} AS prev FROM es.events e
         WHERE g.kind = 'revision' AND e.stream_name = g.stream AND e.revision = g.rev
        UNION ALL
        (SELECT e.revision, ${predecessorHexSql('e')} AS prev_hex, ${predecessorBytesSql('e')} AS prev FROM es.events e
          WHERE g.kind <> 'revision' AND e.stream_name = g.stream
          ORDER BY e.revision DESC LIMIT 1)
      ) h ON true
     WHERE CASE g.kind WHEN 'any' THEN true WHEN 'no_stream' THEN h.revision IS NULL ELSE h.revision IS NOT NULL END
  )
  INSERT INTO es.events AS e (stream_name, revision, event_id, event_type, data, metadata, prev_hash, hash)
  SELECT p.stream, p.next, p.id, p.type, p.data, COALESCE(p.meta, '{}'), p.prev,
         ${linkBytesSql('p.prev_hex', 'p.stream', 'p.next', 'p.digest')}
    FROM p
   ORDER BY p.ord
  RETURNING e.stream_name, e.revision, e.transaction_id, e.global_position;
END $$;
`;
}

// es.append_group (004) with the hashes in the columns; same signature and answers.
const REPLACE_APPEND_GROUP = sealedGroupFunctionSql(
  `es.append_group(p_streams text[], p_kinds text[], p_revisions bigint[],
    p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[], p_digests text[])`,
  `
    SELECT * FROM unnest(p_streams, p_kinds, p_revisions, p_ids, p_types, p_data, p_meta, p_digests)
      WITH ORDINALITY AS g(stream, kind, rev, id, type, data, meta, digest, ord)`,
);

// es.read_all_page (005) returning the two hashes as well: a new result type, so dropped and created.
const REPLACE_READ_ALL_PAGE = `
DROP FUNCTION es.read_all_page(xid8, bigint, int, text[], text[]);
${readAllPageFunction(true)}`;

export const chainColumnsMigration: Migration = {
  name: '006_chain_columns',
  up: async (knex: Knex) => {
    await knex.raw(ADD_COLUMNS);
    await knex.raw(REPLACE_APPEND_EVENTS);
    await knex.raw(REPLACE_APPEND_GROUP);
    await knex.raw(REPLACE_READ_ALL_PAGE);
  },
};
