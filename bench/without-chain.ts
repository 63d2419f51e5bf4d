// The event store without the tamper-evidence chain, for the benchmarks' baselines only: the
// adapter's append statements rewritten to the same INSERTs without the sealing (no predecessor
// hash, no SHA-256, metadata stored as given), and each event sent as plain JSON.stringify text with
// no content digest. The store benchmark's (d) and the commands benchmark's server "with both off"
// (bench/serve-cost-side.ts) append through it. Only one-event appends (alone or grouped) are
// rewritten: an append of several events to one stream is still sealed, and neither benchmark
// makes one (an approval or a rejection is one event).
import type pg from 'pg';
import { GROUP_ROWS_SQL } from '../src/adapters/postgres/append-group-json.schema.js';
import type { ContentEncoder } from '../src/adapters/postgres/pg-mapping.js';

/**
 * The one-event append without the chain (the (d) baseline): the same predecessor read (the
 * optimistic-concurrency guard needs it) and insert, metadata as given. Only the benchmark has it.
 */
const UNSEALED_APPEND_SQL = `
INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata)
SELECT $1, p.next, $3::uuid, $4, $5::jsonb, COALESCE($6::jsonb, '{}')
  FROM (SELECT e.revision + 1 AS next FROM es.events e WHERE e.stream_name = $1 AND e.revision = $2::bigint) p
RETURNING revision::text AS revision, transaction_id::text AS commit, global_position::text AS prepare`;
/** Expected 'any' | 'no_stream' | 'stream_exists' ($2): after the stream's last event, if any. */
const UNSEALED_APPEND_AT_HEAD_SQL = `
INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata)
SELECT $1, p.next, $3::uuid, $4, $5::jsonb, COALESCE($6::jsonb, '{}')
  FROM (SELECT COALESCE(h.revision, -1) + 1 AS next, h.revision IS NOT NULL AS found
          FROM (SELECT 1) one
          LEFT JOIN LATERAL (SELECT e.revision FROM es.events e WHERE e.stream_name = $1 ORDER BY e.revision DESC LIMIT 1) h ON true) p
 WHERE CASE $2::text WHEN 'no_stream' THEN NOT p.found WHEN 'stream_exists' THEN p.found ELSE true END
RETURNING revision::text AS revision, transaction_id::text AS commit, global_position::text AS prepare`;

/** The group commit's function (append-group-json.schema.ts) without the sealing: no predecessor hash, metadata as given. */
const CREATE_UNSEALED_GROUP = `
CREATE OR REPLACE FUNCTION es.append_group_unsealed(p_group jsonb)
RETURNS TABLE (stream text, next_expected_revision bigint, commit_pos xid8, prepare_pos bigint)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  WITH g AS (${GROUP_ROWS_SQL}
  ), p AS (
    SELECT g.*, COALESCE(h.revision, -1) + 1 AS next
      FROM g
      LEFT JOIN LATERAL (
        SELECT e.revision FROM es.events e WHERE g.kind = 'revision' AND e.stream_name = g.stream AND e.revision = g.rev
        UNION ALL
        (SELECT e.revision FROM es.events e WHERE g.kind <> 'revision' AND e.stream_name = g.stream ORDER BY e.revision DESC LIMIT 1)
      ) h ON true
     WHERE CASE g.kind WHEN 'any' THEN true WHEN 'no_stream' THEN h.revision IS NULL ELSE h.revision IS NOT NULL END
  )
  INSERT INTO es.events AS e (stream_name, revision, event_id, event_type, data, metadata)
  SELECT p.stream, p.next, p.id, p.type, p.data, COALESCE(p.meta, '{}') FROM p ORDER BY p.ord
  RETURNING e.stream_name, e.revision, e.transaction_id, e.global_position;
END $$`;

/** Creates the unsealed group function withoutChainPool sends the groups to (the event store's schema must be there). */
export async function installWithoutChain(pool: Pick<pg.Pool, 'query'>): Promise<void> {
  await pool.query(CREATE_UNSEALED_GROUP);
}

const UNSEALED_GROUP_SQL = `
SELECT stream, next_expected_revision::text AS revision, commit_pos::text AS commit, prepare_pos::text AS prepare
  FROM es.append_group_unsealed($1::jsonb)`;

/** An event as a store without the chain would send it: JSON text, no canonical form, no digest. */
export const unsealedContent: ContentEncoder = (_type, data, metadata) => ({
  data: JSON.stringify(data ?? null),
  metadata: metadata === undefined ? null : JSON.stringify(metadata),
  digest: '',
});

/** The adapter's pool, with its one-event and group append statements sent to the unsealed ones (the digests dropped). */
export function withoutChainPool(pool: pg.Pool): pg.Pool {
  const unsealed: Record<string, string> = {
    es_append_one_at_revision: UNSEALED_APPEND_SQL,
    es_append_one_at_head: UNSEALED_APPEND_AT_HEAD_SQL,
    es_append_group: UNSEALED_GROUP_SQL,
  };
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query') {
        return (config: pg.QueryConfig, ...rest: unknown[]) => {
          const text = typeof config === 'object' && config.name ? unsealed[config.name] : undefined;
          if (!text) return (target.query as (...args: unknown[]) => unknown)(config, ...rest);
          // The one-event statements take the digest as their last argument; the group's document
          // carries an empty one (unsealedContent), which the unsealed function does not read.
          const values = config.name === 'es_append_group' ? config.values : config.values?.slice(0, -1);
          return (target.query as (...args: unknown[]) => unknown)({ name: `${config.name}_unsealed`, text, values }, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
