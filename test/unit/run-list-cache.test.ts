// The run-list page cache: versioned by the runs checkpoint, bounded in bytes, least recently used
// evicted first, scoped by organization.
import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/adapters/event-store.js';
import { createRunListCache } from '../../src/http/run-list-cache.js';

const page = (orgId: string, offset = 0) => ({ orgId, limit: 50, offset });
const bytes = (n: number, fill = 'x') => Buffer.from(fill.repeat(n));

function cacheAt(position: { current: Position | undefined; changedAt?: number }, maxBytes = 1_000) {
  const asked: number[] = [];
  const cache = createRunListCache({
    maxBytes,
    freshnessMs: 25,
    runsCheckpoint: async (maxAgeMs) => {
      asked.push(maxAgeMs);
      return { position: position.current, changedAt: position.changedAt };
    },
  });
  return { cache, asked };
}

describe('run-list cache', () => {
  it('serves a page only under the version it was cached at', async () => {
    const position = { current: { commit: 10n, prepare: 10n } as Position | undefined };
    const { cache, asked } = cacheAt(position);
    const v1 = await cache.version();
    cache.set(page('a'), v1, bytes(10, 'a'));
    expect(cache.get(page('a'), v1)?.toString()).toBe('a'.repeat(10));
    position.current = { commit: 11n, prepare: 11n };
    const v2 = await cache.version();
    expect(v2).not.toBe(v1);
    expect(cache.get(page('a'), v2)).toBeUndefined();
    expect(asked).toEqual([25, 25]);
  });

  it('misses when the checkpoint row changed without its position moving (a rebuild swapped the tables)', async () => {
    const position: { current: Position; changedAt: number } = { current: { commit: 5n, prepare: 5n }, changedAt: 1_000 };
    const { cache } = cacheAt(position);
    const before = await cache.version();
    cache.set(page('a'), before, bytes(5));
    position.changedAt = 2_000;
    expect(cache.get(page('a'), await cache.version())).toBeUndefined();
  });

  it('has a version of its own before the runs projection has a checkpoint', async () => {
    const position = { current: undefined as Position | undefined };
    const { cache } = cacheAt(position);
    const start = await cache.version();
    cache.set(page('a'), start, bytes(5));
    position.current = { commit: 1n, prepare: 1n };
    expect(cache.get(page('a'), await cache.version())).toBeUndefined();
  });

  it('keys pages by organization and query', async () => {
    const { cache } = cacheAt({ current: { commit: 1n, prepare: 1n } });
    const v = await cache.version();
    cache.set(page('a'), v, bytes(5, 'a'));
    expect(cache.get(page('b'), v)).toBeUndefined();
    expect(cache.get(page('a', 50), v)).toBeUndefined();
    expect(cache.get({ ...page('a'), project_key: 'ENG' }, v)).toBeUndefined();
    expect(cache.get(page('a'), v)).toBeDefined();
  });

  it('stays within its byte bound, evicting the least recently used page first', async () => {
    const { cache } = cacheAt({ current: { commit: 1n, prepare: 1n } }, 100);
    const v = await cache.version();
    cache.set(page('a'), v, bytes(40));
    cache.set(page('b'), v, bytes(40));
    expect(cache.get(page('a'), v)).toBeDefined(); // a is now the most recently used
    cache.set(page('c'), v, bytes(40));
    expect(cache.get(page('b'), v)).toBeUndefined();
    expect(cache.get(page('a'), v)).toBeDefined();
    expect(cache.get(page('c'), v)).toBeDefined();
    cache.set(page('d'), v, bytes(101)); // larger than the whole cache: not kept
    expect(cache.get(page('d'), v)).toBeUndefined();
  });

  it('loads a page once for the requests that miss it together, and again once the version moves', async () => {
    const position = { current: { commit: 1n, prepare: 1n } as Position | undefined };
    const { cache } = cacheAt(position);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return bytes(3, String(loads));
    };
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cache.page(page('a'), load)));
    expect(loads).toBe(1);
    expect(new Set(bodies.map((b) => b.toString()))).toEqual(new Set(['111']));
    expect((await cache.page(page('a'), load)).toString()).toBe('111');
    position.current = { commit: 2n, prepare: 2n };
    expect((await cache.page(page('a'), load)).toString()).toBe('222');
    expect(loads).toBe(2);
  });

  it('shares a failed load with its waiters only, and tries again afterwards', async () => {
    const { cache } = cacheAt({ current: { commit: 1n, prepare: 1n } });
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('database down');
      return bytes(2);
    };
    await expect(cache.page(page('a'), load)).rejects.toThrow('database down');
    fail = false;
    expect((await cache.page(page('a'), load)).length).toBe(2);
  });
});
