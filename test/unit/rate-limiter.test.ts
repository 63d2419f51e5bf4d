import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/http/rate-limiter.js';

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('rate limiter (sliding-window counter)', () => {
  it('allows `limit` requests per window and refuses the next with a retry delay', () => {
    const c = clock(0);
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: c.now });
    expect([1, 2, 3].map(() => limiter.take('k').allowed)).toEqual([true, true, true]);
    const refused = limiter.take('k');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    // At t=0 the window is full: room returns once the weighted count drops below 3 in the next window.
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBe(80);
  });

  it('does not count refused requests, and keys are independent', () => {
    const c = clock(0);
    const limiter = createRateLimiter({ limit: 1, now: c.now });
    expect(limiter.take('a').allowed).toBe(true);
    for (let i = 0; i < 10; i++) expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
    c.advance(120_000);
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('weights the previous window, so a burst at a window edge is not doubled', () => {
    const c = clock(59_000);
    const limiter = createRateLimiter({ limit: 10, now: c.now });
    for (let i = 0; i < 10; i++) expect(limiter.take('k').allowed).toBe(true);
    c.advance(2_000); // t = 61 s: new fixed window, but the previous one still weighs ~98 %
    expect(limiter.take('k').allowed).toBe(false);
    c.advance(30_000); // t = 91 s: previous weighs ~48 % → 4.8 of 10
    let allowed = 0;
    while (limiter.take('k').allowed) allowed++;
    expect(allowed).toBe(5);
  });

  it('tells the truth about Retry-After: after waiting that long the request is allowed', () => {
    const c = clock(12_345);
    const limiter = createRateLimiter({ limit: 5, now: c.now });
    for (let round = 0; round < 20; round++) {
      let decision = limiter.take('k');
      while (decision.allowed) decision = limiter.take('k');
      c.advance(decision.retryAfterSeconds * 1000);
      expect(limiter.peek('k').allowed).toBe(true);
      c.advance(1_000 * (round % 7));
    }
  });

  it('holds at most maxKeys keys, evicting the least recently used', () => {
    const c = clock(0);
    const limiter = createRateLimiter({ limit: 1, maxKeys: 100, now: c.now });
    limiter.take('keep');
    for (let i = 0; i < 1_000; i++) {
      limiter.take(`k${i}`);
      if (i % 50 === 0) expect(limiter.take('keep').allowed).toBe(false); // touched: stays
    }
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect(limiter.peek('keep').allowed).toBe(false);
  });
});
