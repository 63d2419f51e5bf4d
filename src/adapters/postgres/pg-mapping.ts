// Rows of the PostgreSQL event store and their conversions. node-postgres returns int8 and xid8 as
// strings: they become bigint here, never via global parsers.
import { uuidV7 } from '../../lib/uuid-v7.js';
import { HASH_KEY, PREV_HASH_KEY, wireContent, type WireContent } from '../audit-chain.js';
import { APPEND_ONE_AT_HEAD_SQL, APPEND_ONE_AT_REVISION_SQL, APPEND_SQL } from './pg-sql.js';
import type { GroupedAppend } from './append-groups.js';
import type { EventFilter, EventToAppend, ExpectedRevision, Position, RecordedEvent } from '../event-store.js';

export const MAX_BIGINT = '9223372036854775807';
export const MAX_XID8 = '18446744073709551615';
export const ZERO: Position = { commit: 0n, prepare: 0n };

export interface PositionRow {
  commit: string;
  prepare: string;
}

export interface AppendRow extends PositionRow {
  revision: string;
}

export interface EventRow extends PositionRow {
  stream_name: string;
  revision: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: Record<string, unknown> | null;
  created: Date;
  /** The chain's hashes in hex from their columns (chain-columns.schema.ts); NULL for events sealed before them. */
  prev_hash: string | null;
  hash: string | null;
}

export type StreamRow = { [K in keyof EventRow]: EventRow[K] | null };

export interface PageRow extends StreamRow {
  scanned: number;
  last_commit: string;
  last_prepare: string;
}

export function toPosition(row: PositionRow): Position {
  return { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
}

export function positionValues(p: Position): PositionRow {
  return { commit: p.commit.toString(), prepare: p.prepare.toString() };
}

export function toRecorded(row: EventRow | StreamRow, streamName?: string): RecordedEvent {
  return {
    streamName: row.stream_name ?? streamName ?? '',
    revision: BigInt(row.revision!),
    position: toPosition(row as PositionRow),
    id: row.event_id!,
    type: row.event_type!,
    data: row.data,
    metadata: sealedMetadata(row),
    created: row.created!,
  };
}

/**
 * The metadata as readers know it: the chain's hashes from their columns set into it (over any
 * same-named keys the caller sent, as the sealing always did). The object is the row's own, fresh
 * from the driver, so it is filled in place. An event sealed before the columns has its hashes in
 * the stored metadata already.
 */
function sealedMetadata(row: EventRow | StreamRow): Record<string, unknown> {
  const metadata = row.metadata ?? {};
  if (row.hash != null) {
    metadata[PREV_HASH_KEY] = row.prev_hash ?? null;
    metadata[HASH_KEY] = row.hash;
  }
  return metadata;
}

/** The append's statement: one event is an INSERT … SELECT, several a call of es.append_events (pg-sql.ts). */
export interface AppendStatement {
  name: string;
  text: string;
  values: unknown[];
  /** The events' ids, fixed here so that a retry appends the very same events. */
  ids: string[];
  /** One event: the same append as a member of a group commit (append-groups.ts). */
  grouped?: GroupedAppend;
}

/** An expected revision as SQL arguments: its kind ('revision' for an exact one) and the revision. */
function expectedArgs(expected: ExpectedRevision): [string, string | null] {
  return typeof expected === 'bigint' ? ['revision', expected.toString()] : [expected, null];
}

/** What an append sends of each event: data and metadata as JSON text and the content digest (audit-chain.ts). */
export type ContentEncoder = (type: string, data: unknown, metadata: Record<string, unknown> | undefined) => WireContent;

export function appendStatement(stream: string, expected: ExpectedRevision, events: EventToAppend[], encode: ContentEncoder = wireContent): AppendStatement {
  const ids = events.map((e) => e.id ?? uuidV7());
  const [kind, revision] = expectedArgs(expected);
  // The content digest is linked into the stream's hash chain by the statement (audit-chain.ts).
  const contents = events.map((e) => encode(e.type, e.data, e.metadata));
  if (events.length === 1) {
    const [e] = events as [EventToAppend];
    const [c] = contents as [WireContent];
    const grouped: GroupedAppend = { stream, kind, revision, id: ids[0]!, type: e.type, data: c.data, metadata: c.metadata, digest: c.digest };
    // The one-event statements take the revision, or the kind, as $2.
    return {
      name: revision !== null ? 'es_append_one_at_revision' : 'es_append_one_at_head',
      text: revision !== null ? APPEND_ONE_AT_REVISION_SQL : APPEND_ONE_AT_HEAD_SQL,
      values: [stream, revision ?? kind, grouped.id, grouped.type, grouped.data, grouped.metadata, grouped.digest],
      ids,
      grouped,
    };
  }
  return {
    name: 'es_append_events',
    text: APPEND_SQL,
    values: [stream, kind, revision, eventsDocument(ids, events, contents)],
    ids,
  };
}

/**
 * es.append_group_json's argument (append-group-json.schema.ts): the group as one JSON array,
 * written here rather than by JSON.stringify because the data and metadata are JSON text already.
 * The kind and the digest are plain ASCII tokens and the revision digits, none needing escapes (an
 * id may be the caller's).
 */
export function groupDocument(group: GroupedAppend[]): string {
  let out = '[';
  for (const a of group) {
    out += `${out.length === 1 ? '' : ','}{"s":${JSON.stringify(a.stream)},"k":"${a.kind}",${a.revision !== null ? `"r":${a.revision},` : ''}${eventMembers(a.id, a.type, a)}}`;
  }
  return `${out}]`;
}

/** An event's members in both documents: id, type, data and metadata as the JSON they already are, digest. */
function eventMembers(id: string, type: string, c: WireContent): string {
  return `"i":${JSON.stringify(id)},"t":${JSON.stringify(type)},"d":${c.data},${c.metadata !== null ? `"m":${c.metadata},` : ''}"h":"${c.digest}"`;
}

/** es.append_events_json's events (append-group-json.schema.ts): one JSON array, as groupDocument. */
function eventsDocument(ids: string[], events: EventToAppend[], contents: WireContent[]): string {
  let out = '[';
  for (let i = 0; i < events.length; i++) {
    out += `${i === 0 ? '' : ','}{${eventMembers(ids[i]!, events[i]!.type, contents[i]!)}}`;
  }
  return `${out}]`;
}

/** es.idempotent_result's arguments for an append that did not happen. */
export function idempotentValues(stream: string, expected: ExpectedRevision, ids: string[]): unknown[] {
  return [stream, ...expectedArgs(expected), ids];
}

export function filterValues(filter: EventFilter | undefined): [string[] | null, string[] | null] {
  return [likePatterns(filter?.streamPrefixes), likePatterns(filter?.eventTypePrefixes)];
}

/** Prefixes as LIKE patterns, with LIKE's own wildcards escaped. */
function likePatterns(prefixes: string[] | undefined): string[] | null {
  return prefixes ? prefixes.map((p) => `${p.replace(/[\\%_]/g, '\\$&')}%`) : null;
}
