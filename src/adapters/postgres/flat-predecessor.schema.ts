// Migration 009: the group commit's statement (es.append_group_json, 007) reads each predecessor as
// plain columns (revision, hash, metadata) and seals from them once, at the top of the statement.
// Same rows, same hashes, same answers as the function it replaces.
//
// Why: in 007's statement every branch of the predecessor's lateral UNION ALL computed the
// predecessor's hash in hex and as bytes (with the fallback to a hash sealed in the metadata
// before migration 006). A branch that computes expressions cannot be flattened into the union:
// PostgreSQL put a subquery scan with its own projection on each branch, built for every call and
// run for every row. With bare columns the union is flattened and the two expressions are built
// and evaluated once per row, above the join. The store benchmark's appends with the chain cost
// PostgreSQL ~3 µs less each, ~a fifth of what the seal costs it (docs/benchmarks.md,
// "2026-11-29, night").
import type { Knex } from 'knex';
import type { Migration } from './migrate.js';
import { GROUP_ROWS_SQL } from './append-group-json.schema.js';
import { linkBytesSql, predecessorBytesSql, predecessorHexSql } from './chain-columns.schema.js';

/** The predecessor's revision, as the lateral `h` gives it (NULL: the stream has no event yet). */
const NEXT = 'COALESCE(h.revision, -1) + 1';

const CREATE_APPEND_GROUP_JSON = `
CREATE OR REPLACE FUNCTION es.append_group_json(p_group jsonb)
RETURNS TABLE (stream text, next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH g AS (${GROUP_ROWS_SQL}
  )
  INSERT INTO es.events AS e (stream_name, revision, event_id, event_type, data, metadata, prev_hash, hash)
  SELECT g.stream, ${NEXT}, g.id, g.type, g.data, COALESCE(g.meta, '{}'), ${predecessorBytesSql('h')},
         ${linkBytesSql(predecessorHexSql('h'), 'g.stream', NEXT, 'g.digest')}
    FROM g
    LEFT JOIN LATERAL (
      SELECT e.revision, e.hash, e.metadata FROM es.events e
       WHERE g.kind = 'revision' AND e.stream_name = g.stream AND e.revision = g.rev
      UNION ALL
      (SELECT e.revision, e.hash, e.metadata FROM es.events e
        WHERE g.kind <> 'revision' AND e.stream_name = g.stream
        ORDER BY e.revision DESC LIMIT 1)
    ) h ON true
   WHERE CASE g.kind WHEN 'any' THEN true WHEN 'no_stream' THEN h.revision IS NULL ELSE h.revision IS NOT NULL END
   ORDER BY g.ord
  RETURNING e.stream_name, e.revision, e.transaction_id, e.global_position;
END $$;
`;

export const flatPredecessorMigration: Migration = {
  name: '009_append_group_flat_predecessor',
  up: async (knex: Knex) => {
    await knex.raw(CREATE_APPEND_GROUP_JSON);
  },
};
