// Calls to vendor HTTP APIs (boards, source control, chat): a timeout per attempt, bounded retries
// on 429 (honouring Retry-After) and on 5xx / network errors with exponential backoff and jitter.
// Errors never carry request headers or the URL's query, so no credential reaches a message or a log line.
// Redirects are not followed: a vendor API does not redirect, and following one would send the
// Authorization header to wherever the Location points.
// A request that is not safe to repeat (`repeatable: false`: creating a comment or an item) is
// retried only after an answer that proves it was not applied: 429, or a connection that was never
// made. After a timeout, a dropped connection or a 5xx it may have been applied, so it is not sent
// again blindly: the error says `maybeApplied`, and the caller looks at the vendor's state first.
import { errorCode, NOT_SENT_CODES } from '../../lib/network-errors.js';
import { backoffDelay, sleep as timerSleep } from '../../lib/retry.js';
// An error body is read only up to MAX_BODY bytes, while it streams (bounded-body.ts).
import { readErrorExcerpt } from './bounded-body.js';

export class VendorHttpError extends Error {
  override readonly name = 'VendorHttpError';
  constructor(
    message: string,
    /** HTTP status of the last attempt; undefined for a timeout or a network failure. */
    readonly status: number | undefined,
    /** True when a later try may succeed (rate limit, server error, timeout, network). */
    readonly retryable: boolean,
    /** The vendor's response body of the last attempt (truncated), for error mapping. */
    readonly body?: string,
    /** A request that is not safe to repeat may have been applied (timeout, dropped connection, 5xx). */
    readonly maybeApplied = false,
  ) {
    super(message);
  }
}

export interface VendorFetchOptions {
  /** Names the vendor in error messages ("Jira did not answer within 10000 ms"). */
  vendor: string;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first (default 3). */
  maxRetries?: number;
  /** Longest wait honoured from a Retry-After header (default 30 s). */
  maxRetryAfterMs?: number;
  /** First backoff step when the vendor gives no Retry-After (default 250 ms, doubled per attempt). */
  baseDelayMs?: number;
  /** False for a request that must not be applied twice (default true); see the file's header. */
  repeatable?: boolean;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => timerSleep(ms);
const MAX_BODY = 4_000;

/** Seconds or an HTTP date → milliseconds to wait; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its month; without this, Date.parse reads "-5" as a year.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function networkMessage(vendor: string, err: unknown, timeoutMs: number): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `${vendor} did not answer within ${timeoutMs} ms`;
  if (err instanceof Error && err.name === 'AbortError') return `the request to ${vendor} was cancelled`;
  // undici puts the system error (ECONNREFUSED, ENOTFOUND…) in `cause`; its code is safe to show.
  const code = errorCode(err);
  return `${vendor} could not be reached${code ? ` (${code})` : ''}`;
}

/**
 * Returns the response of the first attempt that is neither 429 nor 5xx (any other status, 4xx
 * included, is the caller's to interpret), or throws VendorHttpError once the retries are spent.
 */
export async function vendorFetch(url: string, init: RequestInit, options: VendorFetchOptions): Promise<Response> {
  const { vendor, timeoutMs = 10_000, maxRetries = 3, maxRetryAfterMs = 30_000, baseDelayMs = 250, repeatable = true } = options;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    let failure: unknown;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      response = await doFetch(url, { ...init, redirect: 'manual', signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
    } catch (err) {
      failure = err;
    }
    if (!response) {
      // No connection was made, so nothing was sent.
      const notSent = NOT_SENT_CODES.has(errorCode(failure) ?? '');
      // The caller cancelled: stop at once, whatever attempts are left.
      if (init.signal?.aborted) throw new VendorHttpError(networkMessage(vendor, failure, timeoutMs), undefined, false, undefined, !repeatable && !notSent);
      if (!repeatable && !notSent) throw new VendorHttpError(networkMessage(vendor, failure, timeoutMs), undefined, true, undefined, true);
      if (attempt >= maxRetries) throw new VendorHttpError(networkMessage(vendor, failure, timeoutMs), undefined, true);
    } else if (response.status !== 429 && response.status < 500) {
      return response;
    } else if (!repeatable && response.status !== 429) {
      const body = await readErrorExcerpt(response, MAX_BODY);
      throw new VendorHttpError(`${vendor} answered ${response.status}`, response.status, true, body, true);
    } else if (attempt >= maxRetries) {
      const body = await readErrorExcerpt(response, MAX_BODY);
      const what = response.status === 429 ? 'rate limited the request' : `answered ${response.status}`;
      throw new VendorHttpError(`${vendor} ${what} after ${attempt + 1} attempts`, response.status, true, body);
    }
    const hinted = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
    await response?.body?.cancel().catch(() => undefined);
    // Jitter, so clients rate limited together do not retry together.
    const backoff = backoffDelay(attempt, { initialMs: baseDelayMs, maxMs: maxRetryAfterMs, jitter: 0.5 });
    await sleep(Math.min(hinted ?? backoff, maxRetryAfterMs));
  }
}
