// The tamper-evidence chain of the event store (docs/security.md, "Audit trail"), shared by both
// adapters and by the verifier so the three can never disagree on a byte.
//
// Every appended event's metadata carries `prev_hash` (the hash of its predecessor in the stream, null
// for the first sealed event) and `hash`:
//
//   digest = sha256(canonical({ type, data, metadata without hash and prev_hash }))
//   hash   = sha256(prev_hash ?? "" + "\n" + stream + "\n" + revision + "\n" + digest)   (hex, UTF-8)
//
// The digest of the content is computed by the process before the append; the link (which needs the
// revision and the predecessor, known only under the stream's lock) is computed by the store. The link
// is a plain text concatenation on purpose: PostgreSQL computes it in the append's statement with sha256().
import { hash } from 'node:crypto';

export const HASH_KEY = 'hash';
export const PREV_HASH_KEY = 'prev_hash';

/**
 * JSON with sorted object keys, no whitespace, bigint as a string, undefined members dropped, and an
 * object's own toJSON applied as JSON.stringify applies it (a Date's among them).
 */
export function canonicalJson(value: unknown): string {
  return canonical(value, false);
}

function canonical(value: unknown, toJsonDone: boolean): string {
  // Every append pays for this (the content digest): plain loops and string concatenation, no
  // intermediate arrays of entries.
  if (value === null) return 'null';
  switch (typeof value) {
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'string':
    case 'number':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (value instanceof Date) return JSON.stringify(value.toJSON());
      // As JSON.stringify: the value's toJSON once, then its result as it is. Read back from the
      // store, an event holds what toJSON gave; hashed without it, the event would read as modified.
      if (!toJsonDone && typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonical((value as { toJSON: () => unknown }).toJSON(), true);
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const v: unknown = value[i];
          out += (i === 0 ? '' : ',') + (v === undefined ? 'null' : canonical(v, false));
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      // Default sort: UTF-16 code units, the order the verifier has always used. Keys already in
      // order (often so) are left as they are.
      const keys = Object.keys(record);
      for (let i = 1; i < keys.length; i++) {
        if (keys[i - 1]! > keys[i]!) {
          keys.sort();
          break;
        }
      }
      let out = '{';
      for (const key of keys) {
        const v = record[key];
        if (v === undefined || typeof v === 'function') continue;
        out += `${out.length === 1 ? '' : ','}${quotedKey(key)}:${canonical(v, false)}`;
      }
      return `${out}}`;
    }
    default:
      return 'null';
  }
}

/**
 * Object keys as JSON strings, remembered: events repeat a few keys (run_id, org_id, …), and quoting
 * each anew was a third of canonicalJson's time (3.8 → 3.1 µs an event, 2026-11-26). Bounded, so
 * that content with ever-new keys costs only the quoting.
 */
const QUOTED_KEYS_MAX = 10_000;
const quotedKeys = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(key, quoted);
  }
  return quoted;
}

// crypto.hash: one call, no Hash object (several times faster than createHash for short inputs).
const sha256 = (text: string) => hash('sha256', text, 'hex');

/** Metadata as it enters the digest: without the two chain fields. */
function unsealed(metadata: Record<string, unknown> | undefined | null): Record<string, unknown> {
  if (!metadata) return {};
  // An event about to be appended has neither field: no copy then (the digest of every append).
  if (!(HASH_KEY in metadata) && !(PREV_HASH_KEY in metadata)) return metadata;
  const { [HASH_KEY]: _hash, [PREV_HASH_KEY]: _prev, ...rest } = metadata;
  return rest;
}

/** The digest of an event's content (type, data, metadata without the chain fields). */
export function contentDigest(type: string, data: unknown, metadata: Record<string, unknown> | undefined | null): string {
  return digestOfCanonical(type, canonicalJson(data ?? null), canonicalJson(unsealed(metadata)));
}

/**
 * sha256(canonicalJson({ type, data, metadata })) from the canonical JSON of the data and of the
 * metadata: the three keys in their sorted order, written out as canonicalJson writes them.
 */
function digestOfCanonical(type: string, dataJson: string, metadataJson: string): string {
  return sha256(`{"data":${dataJson},"metadata":${metadataJson},"type":${JSON.stringify(type)}}`);
}

/** An event as the PostgreSQL append sends it: data and metadata as JSON text, and the content digest. */
export interface WireContent {
  data: string;
  /** null when the event has no metadata (the store keeps `{}`). */
  metadata: string | null;
  digest: string;
}

/**
 * The data and metadata in canonical JSON, and the digest computed from those very texts. The
 * store parses the JSON into jsonb, where key order does not matter, so one serialization serves
 * both (JSON.stringify for the wire and canonicalJson for the digest cost an append ~1.5 µs more),
 * and what is stored is what was hashed, even for values JSON.stringify would have written
 * otherwise (an object's own toJSON).
 */
export function wireContent(type: string, data: unknown, metadata: Record<string, unknown> | undefined): WireContent {
  const dataJson = canonicalJson(data ?? null);
  const metadataJson = metadata === undefined ? null : canonicalJson(metadata);
  // The metadata's own text, unless the chain's fields (or no metadata at all) make it differ.
  const bare = unsealed(metadata);
  const digestMetadata = bare === metadata && metadataJson !== null ? metadataJson : canonicalJson(bare);
  return { data: dataJson, metadata: metadataJson, digest: digestOfCanonical(type, dataJson, digestMetadata) };
}

/** The chain link: what the PostgreSQL append computes in SQL, byte for byte. */
export function linkHash(prevHash: string | null, stream: string, revision: bigint, digest: string): string {
  return sha256(`${prevHash ?? ''}\n${stream}\n${revision.toString()}\n${digest}`);
}

export interface ChainInput {
  type: string;
  data: unknown;
  metadata?: Record<string, unknown> | undefined;
}

/** Seals events about to be appended at `firstRevision`, after the event whose hash is `prevHash`. */
export function sealEvents<E extends ChainInput>(stream: string, firstRevision: bigint, prevHash: string | null, events: E[]): E[] {
  let prev = prevHash;
  return events.map((e, i) => {
    const hash = linkHash(prev, stream, firstRevision + BigInt(i), contentDigest(e.type, e.data, e.metadata));
    const metadata = { ...unsealed(e.metadata), [PREV_HASH_KEY]: prev, [HASH_KEY]: hash };
    prev = hash;
    return { ...e, metadata };
  });
}

export interface ChainEvent {
  streamName: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export type BreakKind = 'modified' | 'missing' | 'reordered' | 'unsealed' | 'prev_mismatch';

export interface ChainReport {
  stream: string;
  events: number;
  /** Events before the first sealed one: written before the chain existed. */
  unsealedPrefix: number;
  /** The hash of the last event, or null when nothing is sealed. */
  head: string | null;
  headRevision: bigint | null;
  /** The first broken link, or undefined when the chain verifies. */
  broken?: { revision: bigint; kind: BreakKind; detail: string };
}

/** Verifies one stream's chain, given its events in the order the store returns them. */
export function verifyChain(stream: string, events: Iterable<ChainEvent>): ChainReport {
  const report: ChainReport = { stream, events: 0, unsealedPrefix: 0, head: null, headRevision: null };
  let sealedStarted = false;
  let prev: string | null = null;
  let expectedRevision = 0n;
  for (const e of events) {
    report.events++;
    const fail = (kind: BreakKind, detail: string): ChainReport => ({ ...report, broken: { revision: e.revision, kind, detail } });
    if (e.revision !== expectedRevision) {
      if (e.revision < expectedRevision) return fail('reordered', `revision ${e.revision} after ${expectedRevision - 1n}`);
      return fail('missing', `revisions ${expectedRevision}..${e.revision - 1n} are missing`);
    }
    expectedRevision++;
    const hash = e.metadata[HASH_KEY];
    if (typeof hash !== 'string') {
      if (sealedStarted) return fail('unsealed', 'an event without a hash after sealed events');
      report.unsealedPrefix++;
      continue;
    }
    const storedPrev = (e.metadata[PREV_HASH_KEY] ?? null) as string | null;
    if (sealedStarted && storedPrev !== prev) {
      return fail('prev_mismatch', 'prev_hash does not name the hash of the preceding event (deleted, inserted or reordered)');
    }
    // The first sealed event may follow an unsealed prefix: its prev_hash is null then.
    if (!sealedStarted && storedPrev !== null) return fail('prev_mismatch', 'the first sealed event names a predecessor that is not there');
    const recomputed = linkHash(storedPrev, stream, e.revision, contentDigest(e.type, e.data, e.metadata));
    if (recomputed !== hash) return fail('modified', 'the content does not match its hash');
    sealedStarted = true;
    prev = hash;
    report.head = hash;
    report.headRevision = e.revision;
  }
  return report;
}
