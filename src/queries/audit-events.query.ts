// The organization's audit log, from the audit_events read model: a page at a time through a cursor on
// the global position (newest or oldest first), or the whole filtered log as CSV.
import type { Knex } from 'knex';
import type pg from 'pg';
import type { Readable } from 'node:stream';
import { formatPosition, parsePosition, type Position } from '../adapters/event-store.js';
import { csvFromCopy, type CsvColumn } from './exports/csv.js';
import type { AuditEventView } from '../http/schemas/audit.schemas.js';

export interface AuditFilters {
  kind?: string | undefined;
  type?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One event of the audit log, as the API answers it (its schema is the source). */
export type AuditEventItem = AuditEventView;

interface Row {
  position_commit: string;
  position_prepare: string;
  stream: string;
  kind: string;
  revision: string;
  event_id: string;
  type: string;
  actor: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  request_id: string | null;
  hash: string | null;
  created: Date;
  data: unknown;
}

/** Filters as SQL over audit_events, org first; values are bound, never spliced. */
function where(orgId: string, f: AuditFilters): { sql: string; params: (string | Date)[] } {
  const clauses = ['org_id = ?'];
  const params: (string | Date)[] = [orgId];
  const add = (clause: string, value: string | Date) => {
    clauses.push(clause);
    params.push(value);
  };
  if (f.kind) add('kind = ?', f.kind);
  if (f.type) add('type = ?', f.type);
  if (f.actor) add('actor = ?', f.actor);
  if (f.from) add('created >= ?', new Date(f.from));
  if (f.to) add('created < ?', new Date(f.to));
  return { sql: clauses.join(' AND '), params };
}

export function parseAuditCursor(cursor: string): Position | undefined {
  return parsePosition(cursor);
}

export async function listAuditEvents(
  knex: Knex,
  orgId: string,
  filters: AuditFilters,
  page: { order: 'asc' | 'desc'; after?: Position | undefined; limit: number },
): Promise<{ items: AuditEventItem[]; next_cursor: string | null }> {
  const w = where(orgId, filters);
  let q = knex('audit_events').whereRaw(w.sql, w.params);
  if (page.after) {
    const cmp = page.order === 'asc' ? '>' : '<';
    q = q.whereRaw(`(position_commit, position_prepare) ${cmp} (?::numeric, ?::bigint)`, [page.after.commit.toString(), page.after.prepare.toString()]);
  }
  const rows = (await q
    .orderBy([
      { column: 'position_commit', order: page.order },
      { column: 'position_prepare', order: page.order },
    ])
    .limit(page.limit + 1)
    .select('*')) as Row[];
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit).map(toItem);
  const last = items[items.length - 1];
  return { items, next_cursor: more && last ? last.position : null };
}

function toItem(r: Row): AuditEventItem {
  return {
    position: formatPosition({ commit: BigInt(r.position_commit), prepare: BigInt(r.position_prepare) }),
    stream: r.stream,
    kind: r.kind,
    revision: String(r.revision),
    event_id: r.event_id,
    type: r.type,
    actor: r.actor,
    correlation_id: r.correlation_id,
    causation_id: r.causation_id,
    request_id: r.request_id,
    hash: r.hash,
    created: r.created.toISOString(),
    data: r.data,
  };
}

const CSV_COLUMNS: readonly CsvColumn[] = [
  { header: 'position', field: 'position', kind: 'text' },
  { header: 'created', field: 'created', kind: 'timestamp' },
  { header: 'stream', field: 'stream', kind: 'text' },
  { header: 'kind', field: 'kind', kind: 'text' },
  { header: 'revision', field: 'revision', kind: 'text' },
  { header: 'type', field: 'type', kind: 'text' },
  { header: 'actor', field: 'actor', kind: 'text' },
  { header: 'correlation_id', field: 'correlation_id', kind: 'text' },
  { header: 'causation_id', field: 'causation_id', kind: 'text' },
  { header: 'hash', field: 'hash', kind: 'text' },
  { header: 'data', field: 'data', kind: 'text' },
];

/** The whole filtered log as CSV, oldest or newest first, streamed by COPY (exports/csv.ts). */
export function auditEventsCsv(pool: pg.Pool, orgId: string, filters: AuditFilters, order: 'asc' | 'desc'): Promise<Readable> {
  const w = where(orgId, filters);
  let n = 0;
  const sql = w.sql.replace(/\?/g, () => `$${++n}`);
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  return csvFromCopy(pool, {
    source: `SELECT position_commit::text || '/' || position_prepare::text AS position, created, stream, kind, revision::text AS revision, type, actor,
                    correlation_id, causation_id, hash, data::text AS data, position_commit, position_prepare
               FROM audit_events WHERE ${sql}`,
    params: w.params,
    orderBy: `src.position_commit ${dir}, src.position_prepare ${dir}`,
    columns: CSV_COLUMNS,
  });
}
