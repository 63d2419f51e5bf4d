// The SQL of the PostgreSQL event store (schema: ./event-store.schema.ts and its migrations).
// Every $all read only returns rows with transaction_id < pg_snapshot_xmin(pg_current_snapshot())
// (VISIBLE): identity values are taken at INSERT but become visible at COMMIT in any order, so a plain
// `global_position > last` reader loses events that commit late. Below xmin every transaction has
// finished, and every row that can still appear has a larger key than anything already returned.
import { linkBytesSql, predecessorBytesSql, predecessorHexSql } from './chain-columns.schema.js';

/** Several events, as one JSON array: es.append_events_json (append-group-json.schema.ts), which calls es.append_events. */
export const APPEND_SQL = `
SELECT next_expected_revision::text AS revision, commit_pos::text AS commit, prepare_pos::text AS prepare
  FROM es.append_events_json($1, $2, $3, $4::jsonb)`;

// One event, the common append, as one INSERT … SELECT (no PL/pgSQL call, no arrays): the
// predecessor row (its revision and hash) is read and the sealed event written in one statement,
// its two hashes in their own columns (chain-columns.schema.ts). No row inserted means the expected revision does not hold; a key conflict raises 23505. Both
// are sorted out by the adapter (event-key-append.schema.ts has why the key is guard enough).
// Parameters: $1 stream, $2 expected ('revision' form: the revision; head form: the kind),
// $3 event id, $4 type, $5 data, $6 metadata (NULL → {}), $7 content digest.
const appendOneSql = (predecessor: string, where: string) => `
INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata, prev_hash, hash)
SELECT $1, p.next, $3::uuid, $4, $5::jsonb, COALESCE($6::jsonb, '{}'), p.prev, ${linkBytesSql('p.prev_hex', '$1', 'p.next', '$7')}
  FROM ${predecessor}
 WHERE ${where}
RETURNING revision::text AS revision, transaction_id::text AS commit, global_position::text AS prepare`;

/** Expected revision $2: the predecessor is that revision, which must exist. */
export const APPEND_ONE_AT_REVISION_SQL = appendOneSql(
  `(SELECT e.revision + 1 AS next, ${predecessorHexSql('e')} AS prev_hex, ${predecessorBytesSql('e')} AS prev
      FROM es.events e WHERE e.stream_name = $1 AND e.revision = $2::bigint) p`,
  'true',
);

/** Expected 'any' | 'no_stream' | 'stream_exists' ($2): the predecessor is the stream's last event, if any. */
export const APPEND_ONE_AT_HEAD_SQL = appendOneSql(
  `(SELECT COALESCE(h.revision, -1) + 1 AS next, ${predecessorHexSql('h')} AS prev_hex, ${predecessorBytesSql('h')} AS prev, h.revision IS NOT NULL AS found
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT e.revision, e.hash, e.metadata FROM es.events e
                          WHERE e.stream_name = $1 ORDER BY e.revision DESC LIMIT 1) h ON true) p`,
  `CASE $2::text WHEN 'no_stream' THEN NOT p.found WHEN 'stream_exists' THEN p.found ELSE true END`,
);

/** One-event appends to distinct streams in one statement, the group as one JSON array (append-groups.ts, append-group-json.schema.ts). */
export const APPEND_GROUP_SQL = `
SELECT stream, next_expected_revision::text AS revision, commit_pos::text AS commit, prepare_pos::text AS prepare
  FROM es.append_group_json($1::jsonb)`;

/** After a failed append: the original result when these ids already sit where the append asked. */
export const IDEMPOTENT_RESULT_SQL = `
SELECT next_expected_revision::text AS revision, commit_pos::text AS commit, prepare_pos::text AS prepare
  FROM es.idempotent_result($1, $2, $3, $4::uuid[])`;

/** The wake-up hint, as its own statement after commit; losing one in a crash is harmless. */
export const NOTIFY_SQL = `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`;

const EVENT_COLUMNS = `e.transaction_id::text AS commit, e.global_position::text AS prepare, e.stream_name,
       e.revision::text AS revision, e.event_id, e.event_type, e.data, e.metadata, e.created,
       encode(e.prev_hash, 'hex') AS prev_hash, encode(e.hash, 'hex') AS hash`;

/** Only rows of transactions that have finished (see the header comment): never skips a late commit. */
const VISIBLE = `e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

const FILTER = `($4::text[] IS NULL OR e.stream_name LIKE ANY ($4::text[]))
   AND ($5::text[] IS NULL OR e.event_type LIKE ANY ($5::text[]))`;

// One page of a stream's events; no row at all means the stream does not exist, one row of NULLs
// that it exists but has nothing in the page's range.
const readStreamSql = (cmp: '>=' | '<=', order: 'ASC' | 'DESC') => `
SELECT ${EVENT_COLUMNS}
  FROM (SELECT $1::text AS stream_name WHERE EXISTS (SELECT 1 FROM es.events x WHERE x.stream_name = $1)) s
  LEFT JOIN LATERAL (
    SELECT * FROM es.events ev
     WHERE ev.stream_name = $1 AND ev.revision ${cmp} $2::bigint
     ORDER BY ev.revision ${order}
     LIMIT $3
  ) e ON true
 ORDER BY e.revision ${order}`;
export const READ_STREAM_FORWARDS_SQL = readStreamSql('>=', 'ASC');
export const READ_STREAM_BACKWARDS_SQL = readStreamSql('<=', 'DESC');

// One page of the guarded range: es.read_all_page (read-all-page.schema.ts), which scans the page
// unfiltered and then filters it, the first row carrying the page's size and last key. It reads
// after the cursor; from a position (inclusive) is after (commit, prepare - 1).
// Without the chain (a reader's `chain: false`): es.read_all_page_plain (read-all-plain.schema.ts),
// the same rows with the hashes NULL.
const readAllPageSql = (prepare: string, chain: boolean) => `
SELECT p.scanned, p.last_commit::text AS last_commit, p.last_prepare::text AS last_prepare,
       p.commit_pos::text AS commit, p.prepare_pos::text AS prepare, p.stream_name, p.revision::text AS revision,
       p.event_id, p.event_type, p.data, p.metadata, p.created, ${chain ? 'p.prev_hash, p.hash' : 'NULL::text AS prev_hash, NULL::text AS hash'}
  FROM ${chain ? 'es.read_all_page' : 'es.read_all_page_plain'}($1::xid8, ${prepare}, $3::int, $4::text[], $5::text[]) p`;
export const READ_ALL_FROM_SQL = readAllPageSql('$2::bigint - 1', true);
export const READ_ALL_AFTER_SQL = readAllPageSql('$2::bigint', true);
/** The page's statement, by whether it reads the chain and whether the cursor is inclusive (a position: from) or not (after). */
export const READ_ALL_PAGE_STATEMENTS = {
  chain: {
    from: { name: 'es_read_all_from', text: READ_ALL_FROM_SQL },
    after: { name: 'es_read_all_after', text: READ_ALL_AFTER_SQL },
  },
  plain: {
    from: { name: 'es_read_all_from_plain', text: readAllPageSql('$2::bigint - 1', false) },
    after: { name: 'es_read_all_after_plain', text: readAllPageSql('$2::bigint', false) },
  },
} as const;

export const READ_ALL_BACKWARDS_SQL = `
SELECT ${EVENT_COLUMNS}
  FROM es.events e
 WHERE (e.transaction_id, e.global_position) <= ($1::xid8, $2::bigint) AND ${VISIBLE}
   AND ${FILTER}
 ORDER BY e.transaction_id DESC, e.global_position DESC
 LIMIT $3`;

export const HEAD_SQL = `
SELECT e.transaction_id::text AS commit, e.global_position::text AS prepare
  FROM es.events e
 WHERE ${VISIBLE}
 ORDER BY e.transaction_id DESC, e.global_position DESC
 LIMIT 1`;

// The newest committed event, whether or not the guard lets readers see it yet (settledHeadPosition).
export const COMMITTED_HEAD_SQL = `
SELECT e.transaction_id::text AS commit, e.global_position::text AS prepare
  FROM es.events e
 ORDER BY e.transaction_id DESC, e.global_position DESC
 LIMIT 1`;

export const STREAM_AFTER_SQL = `
SELECT ${EVENT_COLUMNS}
  FROM es.events e
 WHERE e.stream_name = $1 AND e.revision > $2::bigint
 ORDER BY e.revision
 LIMIT $3`;

// Rows visible to us (committed) that the xmin guard still hides. Uncommitted rows are not visible.
// The first such row in the log's order, not EXISTS: PostgreSQL drops an EXISTS subquery's ORDER BY
// and LIMIT, and a generic plan made while the table had no statistics (a new store) then scanned
// the whole table, expecting a third of it to match, for every check, on every connection that kept
// that plan: 5–19 ms a check at 4,000–40,000 events, growing with the log. Ordered by the index's
// key, the plan starts at the cursor in the index, whatever the statistics say.
export const HELD_BACK_SQL = `
SELECT (
  SELECT transaction_id FROM es.events
   WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
     AND transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
   ORDER BY transaction_id, global_position
   LIMIT 1
) IS NOT NULL AS held`;

export const STREAM_HEAD_SQL = `SELECT revision::text AS last_revision FROM es.events WHERE stream_name = $1 ORDER BY revision DESC LIMIT 1`;
