// Migration 005: es.read_all_page, one page of the guarded $all range (pg-sql.ts, READ_ALL_*_SQL),
// the read of every subscription and catch-up.
// - PL/pgSQL with `plan_cache_mode = force_generic_plan`, as es.append_group: as a prepared
//   statement, PostgreSQL planned the page afresh on every read once the table had statistics. A
//   custom plan for a cursor near the head (a few rows) always looked cheaper than the generic
//   plan's guess of a third of the log, so the cached generic plan was never used, and planning
//   cost more than the read: a page of five events of 100,000 took 0.63–0.71 ms a read, round trip
//   included, against 0.35–0.40 through this function (alternated, 2026-11-26). The generic plan
//   is the same index scan from the cursor, with statistics or without
//   (test/integration/pg-event-store-plans.int.test.ts).
// - Exclusive of the cursor: a read from a position (inclusive) asks for (commit, prepare - 1),
//   since positions of one transaction are whole numbers.
// - The scan is unfiltered and the filter applied after it: the first row carries the page's size
//   and last key, so a reader moves past skipped events even when nothing matched (the NULL row).
// - Since 006 (chain-columns.schema.ts) it also returns the chain's two hashes in hex, which the
//   adapter sets into the metadata: readAllPageFunction(true). This migration keeps creating the
//   function as it first did.
import type { Knex } from 'knex';
import type { Migration } from './migrate.js';

/**
 * The function's definition; `hashes`: with the chain's columns (006) as two more result columns.
 * `name`: es.read_all_page, or the one without the hashes that readers of no chain call (010).
 */
export const readAllPageFunction = (hashes: boolean, name = 'es.read_all_page'): string => `
CREATE FUNCTION ${name}(p_commit xid8, p_prepare bigint, p_limit int, p_streams text[], p_types text[])
RETURNS TABLE (scanned int, last_commit xid8, last_prepare bigint, commit_pos xid8, prepare_pos bigint,
               stream_name text, revision bigint, event_id uuid, event_type text, data jsonb, metadata jsonb, created timestamptz${hashes ? ',\n               prev_hash text, hash text' : ''})
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH page AS (
    SELECT * FROM es.events e
     WHERE (e.transaction_id, e.global_position) > (p_commit, p_prepare)
       AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     ORDER BY e.transaction_id, e.global_position
     LIMIT p_limit
  ), last AS (
    SELECT l.transaction_id, l.global_position, (SELECT count(*) FROM page)::int AS n
      FROM page l ORDER BY l.transaction_id DESC, l.global_position DESC LIMIT 1
  )
  SELECT last.n, last.transaction_id, last.global_position,
         e.transaction_id, e.global_position, e.stream_name, e.revision, e.event_id, e.event_type, e.data, e.metadata, e.created${hashes ? ",\n         encode(e.prev_hash, 'hex'), encode(e.hash, 'hex')" : ''}
    FROM last
    LEFT JOIN page e ON (p_streams IS NULL OR e.stream_name LIKE ANY (p_streams))
                    AND (p_types IS NULL OR e.event_type LIKE ANY (p_types))
   ORDER BY e.transaction_id, e.global_position;
END $$;
`;

export const readAllPageMigration: Migration = {
  name: '005_read_all_page',
  up: async (knex: Knex) => {
    await knex.raw(readAllPageFunction(false));
  },
};
