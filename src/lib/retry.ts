// Waiting and backing off, written once. Every loop that retries (projector, reactors, store
// subscriptions, vendor calls, notification deliveries) takes its delays from here, so the policy
// (exponential steps, a ceiling, full jitter) is the same everywhere and tested in one place.

export interface BackoffPolicy {
  /** The first step, in ms. */
  initialMs: number;
  /** The ceiling of any step, in ms. */
  maxMs: number;
  /**
   * Share of the step that is randomized: 0 waits the exact step, 0.5 waits between 50 % and 100 % of it,
   * 1 ("full jitter") anywhere between 0 and the step. Jitter keeps clients that failed together from
   * retrying together.
   */
  jitter?: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 200, maxMs: 30_000, jitter: 0.5 };

/** The delay before retry number `attempt` (0 for the first retry). */
export function backoffDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const step = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(Math.max(0, attempt), 30));
  const jitter = Math.min(1, Math.max(0, policy.jitter ?? 0));
  return Math.round(step * (1 - jitter * random()));
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions {
  policy?: BackoffPolicy;
  /** Retry only while this answers true (default: always). */
  retryable?: (err: unknown, attempt: number) => boolean;
  /** Give up after this many retries (default: never). */
  maxRetries?: number;
  signal?: AbortSignal;
  /** Told before each wait, e.g. to log; the wait starts once what it returns has settled. */
  onRetry?: (err: unknown, attempt: number, delayMs: number) => void | Promise<void>;
}

/** Runs `fn` until it succeeds, waiting `backoffDelay` between attempts; rethrows what is not retried. */
export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      const retryable = options.retryable?.(err, attempt) ?? true;
      if (!retryable || options.signal?.aborted || (options.maxRetries !== undefined && attempt >= options.maxRetries)) throw err;
      const delay = backoffDelay(attempt, options.policy);
      await options.onRetry?.(err, attempt, delay);
      await sleep(delay, options.signal);
      if (options.signal?.aborted) throw err;
    }
  }
}
