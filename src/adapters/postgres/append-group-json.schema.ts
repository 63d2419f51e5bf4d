// Migrations 007 and 008: the appends' statements take their events as one JSON array instead of
// array parameters. Same rows, same answers, same rules as the functions they stand for, which stay for a
// process of the previous version:
// - es.append_group_json (007), the group commit's statement (append-groups.ts), for es.append_group
//   (004, rewritten by 006): one-event appends to distinct streams;
// - es.append_events_json (008), several events to one stream, for es.append_events (003, rewritten by
//   006), which it calls with the arrays it unpacks (PostgreSQL's arrays of jsonb: nothing escaped).
//
// Why: node-postgres writes an array parameter as an array literal, escaping every element with two
// regular-expression replacements. The data and metadata are JSON text, full of quotes: escaping
// them was 7.6% of the appending process's CPU in the store benchmark (escapeElement), more than
// canonical JSON. The adapter writes the JSON array itself, the data and metadata as they are
// (they are JSON already: nothing to escape), and PostgreSQL parses it once; a jsonb member becomes
// the event's jsonb column without a second parse.
//
// Members: s stream, k kind ('revision', 'any', 'no_stream', 'stream_exists'), r the expected
// revision (kind 'revision' only) — the group's only, the several-event append takes the stream
// and the expected revision as parameters of their own — then i event id, t type, d data, m
// metadata (absent: none), h content digest. A JSON null turns into SQL NULL on the way out of
// jsonb_to_recordset, so `d` is read back as the JSON null it was.
import type { Knex } from 'knex';
import type { Migration } from './migrate.js';
import { sealedGroupFunctionSql } from './chain-columns.schema.js';

/** The group as rows, in the order of the array (`ord`), with the column names of es.append_group. */
export const GROUP_ROWS_SQL = `
    SELECT j.s AS stream, j.k AS kind, j.r AS rev, j.i AS id, j.t AS type, COALESCE(j.d, 'null'::jsonb) AS data, j.m AS meta, j.h AS digest, j.ord
      FROM ROWS FROM (jsonb_to_recordset(p_group) AS (s text, k text, r bigint, i uuid, t text, d jsonb, m jsonb, h text)) WITH ORDINALITY
        AS j(s, k, r, i, t, d, m, h, ord)`;

const CREATE_APPEND_GROUP_JSON = sealedGroupFunctionSql('es.append_group_json(p_group jsonb)', GROUP_ROWS_SQL);

const CREATE_APPEND_EVENTS_JSON = `
CREATE OR REPLACE FUNCTION es.append_events_json(p_stream text, p_expected text, p_expected_rev bigint, p_events jsonb)
RETURNS TABLE (next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids uuid[];
  v_types text[];
  v_data jsonb[];
  v_meta jsonb[];
  v_digests text[];
BEGIN
  SELECT array_agg(j.i ORDER BY j.ord), array_agg(j.t ORDER BY j.ord), array_agg(COALESCE(j.d, 'null'::jsonb) ORDER BY j.ord),
         array_agg(j.m ORDER BY j.ord), array_agg(j.h ORDER BY j.ord)
    INTO v_ids, v_types, v_data, v_meta, v_digests
    FROM ROWS FROM (jsonb_to_recordset(p_events) AS (i uuid, t text, d jsonb, m jsonb, h text)) WITH ORDINALITY AS j(i, t, d, m, h, ord);
  RETURN QUERY SELECT * FROM es.append_events(p_stream, p_expected, p_expected_rev, v_ids, v_types, v_data, v_meta, v_digests);
END $$;
`;

export const appendGroupJsonMigration: Migration = {
  name: '007_append_group_json',
  up: async (knex: Knex) => {
    await knex.raw(CREATE_APPEND_GROUP_JSON);
  },
};

export const appendEventsJsonMigration: Migration = {
  name: '008_append_events_json',
  up: async (knex: Knex) => {
    await knex.raw(CREATE_APPEND_EVENTS_JSON);
  },
};
