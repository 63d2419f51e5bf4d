// The one backoff, sleep and retry every loop uses (src/lib/retry.ts).
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF, retry, sleep } from '../../src/lib/retry.js';
import { errorCode, NOT_SENT_CODES, UNAVAILABLE_CODES } from '../../src/lib/network-errors.js';

describe('backoffDelay', () => {
  it('doubles from the first step up to the ceiling', () => {
    const policy = { initialMs: 100, maxMs: 1_000, jitter: 0 };
    expect([0, 1, 2, 3, 4, 5, 100].map((a) => backoffDelay(a, policy))).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });

  it('takes the jitter share off the step: never more than the step, never less than (1 - jitter) of it', () => {
    const policy = { initialMs: 100, maxMs: 10_000, jitter: 0.5 };
    expect(backoffDelay(2, policy, () => 0)).toBe(400);
    expect(backoffDelay(2, policy, () => 1)).toBe(200);
    expect(backoffDelay(2, { ...policy, jitter: 1 }, () => 1)).toBe(0);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3, policy);
      expect(d).toBeGreaterThanOrEqual(400);
      expect(d).toBeLessThanOrEqual(800);
    }
  });

  it('spreads clients that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4, DEFAULT_BACKOFF)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it('survives huge and negative attempt numbers', () => {
    expect(backoffDelay(10_000, { initialMs: 200, maxMs: 30_000, jitter: 0 })).toBe(30_000);
    expect(backoffDelay(-3, { initialMs: 200, maxMs: 30_000, jitter: 0 })).toBe(200);
  });
});

describe('sleep', () => {
  it('waits the given time', async () => {
    const started = Date.now();
    await sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('returns at once when the signal aborts, or is already aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await waiting;
    await sleep(10_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('retry', () => {
  const fast = { initialMs: 1, maxMs: 2, jitter: 0 };

  it('retries until the function succeeds, telling onRetry each time', async () => {
    const told: number[] = [];
    const result = await retry(
      async (attempt) => {
        if (attempt < 3) throw new Error(`fail ${attempt}`);
        return attempt;
      },
      {
        policy: fast,
        onRetry: (_err, attempt) => {
          told.push(attempt);
        },
      },
    );
    expect(result).toBe(3);
    expect(told).toEqual([0, 1, 2]);
  });

  it('waits for an asynchronous onRetry before trying again, and rethrows its failure', async () => {
    const steps: string[] = [];
    await retry(
      async (attempt) => {
        steps.push(`try ${attempt}`);
        if (attempt < 2) throw new Error('down');
      },
      {
        policy: fast,
        onRetry: async (_err, attempt) => {
          await sleep(20);
          steps.push(`told ${attempt}`);
        },
      },
    );
    expect(steps).toEqual(['try 0', 'told 0', 'try 1', 'told 1', 'try 2']);
    await expect(
      retry(async () => Promise.reject(new Error('down')), {
        policy: fast,
        onRetry: async () => Promise.reject(new Error('cannot wait')),
      }),
    ).rejects.toThrow('cannot wait');
  });

  it('rethrows what is not retryable, and gives up after maxRetries', async () => {
    let calls = 0;
    await expect(
      retry(async () => {
        calls++;
        throw new Error('permanent');
      }, { policy: fast, retryable: () => false }),
    ).rejects.toThrow('permanent');
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      retry(async () => {
        calls++;
        throw new Error('again');
      }, { policy: fast, maxRetries: 2 }),
    ).rejects.toThrow('again');
    expect(calls).toBe(3);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = retry(async () => {
      throw new Error('down');
    }, { policy: { initialMs: 10_000, maxMs: 10_000 }, signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(run).rejects.toThrow('down');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('network error codes', () => {
  it('reads the code of an error or of its cause', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe('ECONNRESET');
    expect(errorCode(new TypeError('fetch failed', { cause: Object.assign(new Error('y'), { code: 'ENOTFOUND' }) }))).toBe('ENOTFOUND');
    expect(errorCode(new Error('no code'))).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });

  it('counts every "not sent" code as unavailable, except the client-side connect timeout', () => {
    for (const code of NOT_SENT_CODES) if (code !== 'UND_ERR_CONNECT_TIMEOUT') expect(UNAVAILABLE_CODES.has(code)).toBe(true);
    expect(UNAVAILABLE_CODES.has('ENETUNREACH')).toBe(true);
    expect(NOT_SENT_CODES.has('ECONNRESET')).toBe(false);
  });
});
