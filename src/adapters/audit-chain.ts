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
  // Every append pays for this (the content digest). Plain data, the common case, goes through
  // JSON.stringify: one native call that gives a flat string. Written by concatenation, the text
  // was a tree of pieces that the SHA-256 and the socket each had to copy out again; in the store
  // benchmark that cost the appending process ~2–3 µs more per event (docs/benchmarks.md,
  // "2026-11-29, night"). Everything else is written by canonical(), to the same bytes.
  const ready = inCanonicalOrder(value);
  return ready === NOT_PLAIN ? canonical(value, false) : (JSON.stringify(ready) ?? 'null');
}

const NOT_PLAIN = Symbol('not plain JSON');
const OBJECT_PROTOTYPE = Object.prototype;
const ARRAY_PROTOTYPE = Array.prototype;

/**
 * The value as JSON.stringify would write it canonically: itself when every object in it already
 * has its keys in order, else a copy with the keys inserted in order, or NOT_PLAIN when
 * JSON.stringify would write it otherwise than canonical() (a bigint, a symbol member, a toJSON, an
 * instance of a class, a key that V8 orders as an array index, `__proto__`).
 */
function inCanonicalOrder(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
    case 'function':
      return value;
    case 'object': {
      if (value === null) return null;
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto === ARRAY_PROTOTYPE) {
        const array = value as unknown[];
        let copy: unknown[] | undefined;
        for (let i = 0; i < array.length; i++) {
          const v = array[i];
          const ready = inCanonicalOrder(v);
          if (ready === NOT_PLAIN) return NOT_PLAIN;
          if (ready !== v) (copy ??= array.slice())[i] = ready;
        }
        return copy ?? array;
      }
      if (proto !== OBJECT_PROTOTYPE && proto !== null) return NOT_PLAIN;
      const record = value as Record<string, unknown>;
      if (typeof record.toJSON === 'function') return NOT_PLAIN;
      const keys = Object.keys(record);
      let ordered = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const first = key.charCodeAt(0);
        if ((first >= 48 && first <= 57) || key === '__proto__') return NOT_PLAIN;
        if (i > 0 && keys[i - 1]! > key) ordered = false;
      }
      let copy: Record<string, unknown> | undefined;
      if (!ordered) {
        copy = {};
        for (const key of sortKeys(keys)) {
          const ready = inCanonicalOrder(record[key]);
          if (ready === NOT_PLAIN) return NOT_PLAIN;
          copy[key] = ready;
        }
        return copy;
      }
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const v = record[key];
        const ready = inCanonicalOrder(v);
        if (ready === NOT_PLAIN) return NOT_PLAIN;
        if (ready !== v && copy === undefined) {
          copy = {};
          for (let j = 0; j < i; j++) copy[keys[j]!] = record[keys[j]!];
        }
        if (copy !== undefined) copy[key] = ready;
      }
      return copy ?? record;
    }
    default:
      return NOT_PLAIN;
  }
}

function canonical(value: unknown, toJsonDone: boolean): string {
  // What JSON.stringify would write otherwise (a bigint, a toJSON, an instance of a class, …): plain
  // loops and string concatenation, and JSON.stringify only for the strings that need escapes.
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      // As JSON.stringify: the shortest round-trip form, NaN and ±Infinity as null.
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return `"${value.toString()}"`;
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
      const keys = sortKeys(Object.keys(record));
      let out = '{';
      for (const key of keys) {
        const v = record[key];
        if (v === undefined || typeof v === 'function') continue;
        out += `${out.length === 1 ? '' : ','}${quoted(key)}:${canonical(v, false)}`;
      }
      return `${out}}`;
    }
    default:
      return 'null';
  }
}

/**
 * The characters JSON.stringify writes as escapes: the quote, the backslash, the controls and
 * (well-formed JSON.stringify) lone surrogates; a string with none of them is written as it is.
 * Surrogate pairs go to JSON.stringify too, which leaves them as they are.
 */
// eslint-disable-next-line no-control-regex -- the controls are among what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string (a value or a key) exactly as JSON.stringify writes it. */
function quoted(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * An object's keys, in place, in the default sort's order (UTF-16 code units), the order the
 * verifier has always used. Keys already in order (often so: the service builds its events' data
 * and metadata sorted) cost one pass. A few keys out of order are sorted in place by insertion,
 * without the call into Array.prototype.sort; more go to that sort, whose time does not grow with
 * the square of their number.
 */
const INSERTION_SORT_MAX = 16;
function sortKeys(keys: string[]): string[] {
  if (keys.length > INSERTION_SORT_MAX) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    if (keys[j]! <= key) continue;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
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
