// A per-process rate limiter: a sliding-window counter per key (the previous fixed window's count,
// weighted by how much of it still overlaps the sliding window, plus the current window's count).
// Two integers per key instead of a log of timestamps; at most `maxKeys` keys, the least recently
// used evicted first, so memory stays bounded whatever the callers send. The clock is injected.

export interface RateLimiterOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs?: number;
  /** Keys remembered at once (default 100,000). */
  maxKeys?: number;
  now?: () => number;
}

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  /** Start of the current fixed window (a multiple of windowMs). */
  start: number;
  current: number;
  previous: number;
}

export interface RateLimiter {
  /** Counts one request for `key` when allowed; a refused request is not counted. */
  take(key: string): RateDecision;
  /** Whether one more request would be allowed, without counting it. */
  peek(key: string): RateDecision;
  /** Keys held now (for tests of the memory bound). */
  readonly size: number;
  /** Requests allowed per window, and the window (for RateLimit-* headers). */
  readonly limit: number;
  readonly windowMs: number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { limit } = options;
  const windowMs = options.windowMs ?? 60_000;
  const maxKeys = options.maxKeys ?? 100_000;
  const now = options.now ?? Date.now;
  // Map iteration order is insertion order: deleting and re-inserting on every use keeps the least
  // recently used key first.
  const buckets = new Map<string, Bucket>();

  function current(key: string, t: number): Bucket {
    const start = t - (t % windowMs);
    const found = buckets.get(key);
    if (found) buckets.delete(key);
    let bucket: Bucket;
    if (!found || start - found.start >= 2 * windowMs) bucket = { start, current: 0, previous: 0 };
    else if (start !== found.start) bucket = { start, current: 0, previous: found.current };
    else bucket = found;
    buckets.set(key, bucket);
    while (buckets.size > maxKeys) {
      const oldest = buckets.keys().next().value as string;
      buckets.delete(oldest);
    }
    return bucket;
  }

  function decide(bucket: Bucket, t: number): RateDecision {
    const elapsed = (t - bucket.start) / windowMs; // 0 ≤ elapsed < 1
    const count = bucket.previous * (1 - elapsed) + bucket.current;
    if (count + 1 <= limit) return { allowed: true, remaining: Math.max(0, Math.floor(limit - count - 1)) };
    return { allowed: false, retryAfterSeconds: retryAfter(bucket, elapsed) };
  }

  /** Seconds until the weighted count leaves room for one more request. */
  function retryAfter(bucket: Bucket, elapsed: number): number {
    const room = limit - 1;
    let waitWindows: number;
    if (bucket.current <= room && bucket.previous > 0) {
      // Still in this window: previous·(1 − f) + current ≤ room.
      waitWindows = 1 - (room - bucket.current) / bucket.previous - elapsed;
    } else {
      // In the next window, where this window's count becomes the weighted one: current·(1 − g) ≤ room.
      waitWindows = 1 - elapsed + (bucket.current > 0 ? 1 - room / bucket.current : 0);
    }
    // The epsilon absorbs floating-point noise (80.000000001 s is 80 s).
    return Math.max(1, Math.ceil((waitWindows * windowMs) / 1000 - 1e-9));
  }

  return {
    take(key) {
      const t = now();
      const bucket = current(key, t);
      const decision = decide(bucket, t);
      if (decision.allowed) bucket.current += 1;
      return decision;
    },
    peek(key) {
      const t = now();
      return decide(current(key, t), t);
    },
    get size() {
      return buckets.size;
    },
    limit,
    windowMs,
  };
}
