// Migration 007: es.append_group_json, the group commit's statement (append-groups.ts) with the group
// as one JSON array instead of eight array parameters. Same rows, same answers, same rules as
// es.append_group (004, rewritten by 006), which stays for a process of the previous version.
//
// Why: node-postgres writes an array parameter as an array literal, escaping every element with two
// regular-expression replacements. The data and metadata are JSON text, full of quotes: escaping
// them was 7.6% of the appending process's CPU in the store benchmark (escapeElement), more than
// canonical JSON. The adapter writes the JSON array itself, the data and metadata as they are
// (they are JSON already: nothing to escape), and PostgreSQL parses it once; a jsonb member becomes
// the event's jsonb column without a second parse.
//
// Members: s stream, k kind ('revision', 'any', 'no_stream', 'stream_exists'), r the expected
// revision (kind 'revision' only), i event id, t type, d data, m metadata (absent: none), h content
// digest. A JSON null turns into SQL NULL on the way out of jsonb_to_recordset, so `d` is read back
// as the JSON null it was.
import type { Knex } from 'knex';
import type { Migration } from './migrate.js';
import { sealedGroupFunctionSql } from './chain-columns.schema.js';

/** The group as rows, in the order of the array (`ord`), with the column names of es.append_group. */
export const GROUP_ROWS_SQL = `
    SELECT j.s AS stream, j.k AS kind, j.r AS rev, j.i AS id, j.t AS type, COALESCE(j.d, 'null'::jsonb) AS data, j.m AS meta, j.h AS digest, j.ord
      FROM ROWS FROM (jsonb_to_recordset(p_group) AS (s text, k text, r bigint, i uuid, t text, d jsonb, m jsonb, h text)) WITH ORDINALITY
        AS j(s, k, r, i, t, d, m, h, ord)`;

const CREATE_APPEND_GROUP_JSON = sealedGroupFunctionSql('es.append_group_json(p_group jsonb)', GROUP_ROWS_SQL);

export const appendGroupJsonMigration: Migration = {
  name: '007_append_group_json',
  up: async (knex: Knex) => {
    await knex.raw(CREATE_APPEND_GROUP_JSON);
  },
};
