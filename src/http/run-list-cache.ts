// GET /api/runs is the most requested read (dashboards poll it), and its pages change only when the
// runs projection commits. So a page is serialized once and its bytes are served again for as long
// as the runs checkpoint this process knows has not moved: the checkpoint is the page's version
// (its position, and when its row last changed: a rebuild swaps tables without moving the position).
//
// Consistency: the version is read BEFORE the page, so an entry is never labelled newer than what it
// holds. The checkpoint is re-read at most every `freshnessMs` (one small query per process, however
// many requests), so a page can trail the read model by that much at most; a caller's own write
// has already moved the checkpoint this process knows (the write, or the read after it, waited for
// the read model: read-your-writes.ts), so it never reads its writes from a stale page. Entries are bounded in bytes and evicted least recently
// used first; an entry of an older version is simply a miss. The key includes the organization.
// When the version moves, the requests that miss the same page at once share one read of it
// (single flight): otherwise every connection polling the page would query the database together.
import type { KnownCheckpoint } from '../projections/projector.js';

export interface RunListCacheOptions {
  /** Upper bound of the cached bytes. */
  maxBytes: number;
  /** How old the known runs checkpoint may be before it is read again. */
  freshnessMs: number;
  /** The runs projection's checkpoint, re-read when older than `maxAgeMs` (the projector's knownCheckpoint). */
  runsCheckpoint: (maxAgeMs: number) => Promise<KnownCheckpoint>;
}

export interface RunListPageKey {
  orgId: string;
  limit: number;
  offset: number;
  board_type?: string | undefined;
  project_key?: string | undefined;
}

export interface RunListCache {
  /** The version pages are cached under now. */
  version(): Promise<string>;
  get(key: RunListPageKey, version: string): Buffer | undefined;
  set(key: RunListPageKey, version: string, body: Buffer): void;
  /** The page's bytes at the current version: cached, or loaded once however many ask together. */
  page(key: RunListPageKey, load: () => Promise<Buffer>): Promise<Buffer>;
}

const keyOf = (k: RunListPageKey) => JSON.stringify([k.orgId, k.limit, k.offset, k.board_type ?? null, k.project_key ?? null]);

export function createRunListCache(options: RunListCacheOptions): RunListCache {
  // A Map iterates in insertion order: re-inserting on every hit makes its first entry the least recently used.
  const entries = new Map<string, { version: string; body: Buffer }>();
  let bytes = 0;

  // Loads under way, by key and version.
  const loading = new Map<string, Promise<Buffer>>();

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  const cache: RunListCache = {
    async version() {
      const { position, changedAt } = await options.runsCheckpoint(options.freshnessMs);
      // No position yet: the projection has applied nothing, which is a state of its own.
      return `${position ? `${position.commit}/${position.prepare}` : 'start'}@${changedAt ?? 0}`;
    },
    get(key, version) {
      const k = keyOf(key);
      const entry = entries.get(k);
      if (!entry) return undefined;
      if (entry.version !== version) {
        remove(k);
        return undefined;
      }
      entries.delete(k);
      entries.set(k, entry);
      return entry.body;
    },
    set(key, version, body) {
      if (body.length > options.maxBytes) return;
      const k = keyOf(key);
      remove(k);
      entries.set(k, { version, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= options.maxBytes) break;
        remove(oldest);
      }
    },
    async page(key, load) {
      const version = await cache.version();
      const cached = cache.get(key, version);
      if (cached) return cached;
      const flight = `${version} ${keyOf(key)}`;
      let pending = loading.get(flight);
      if (!pending) {
        pending = load().then(
          (body) => {
            loading.delete(flight);
            cache.set(key, version, body);
            return body;
          },
          (err: unknown) => {
            loading.delete(flight);
            throw err;
          },
        );
        loading.set(flight, pending);
      }
      return pending;
    },
  };
  return cache;
}
