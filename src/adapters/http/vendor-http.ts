// Calls to vendor HTTP APIs (boards, source control, chat): a timeout per attempt, bounded retries
// on 429 (honouring Retry-After) and on 5xx / network errors with exponential backoff and jitter.
// Errors never carry request headers, so no credential reaches a message or a log line.

export class VendorHttpError extends Error {
  override readonly name = 'VendorHttpError';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
    readonly body?: string,
  ) {
    super(message);
  }
}

export interface VendorFetchOptions {
  vendor: string;
  timeoutMs?: number;
  /** Attempts after the first (default 3). */
  maxRetries?: number;
  /** Longest wait honoured from a Retry-After header (default 30 s). */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Seconds or an HTTP date → milliseconds to wait; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Returns the response of the last attempt (any status), or throws VendorHttpError on network failure or exhausted retries. */
export async function vendorFetch(url: string, init: RequestInit, options: VendorFetchOptions): Promise<Response> {
  const { vendor, timeoutMs = 10_000, maxRetries = 3, maxRetryAfterMs = 30_000 } = options;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    let networkError: string | undefined;
    try {
      response = await doFetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      networkError =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `${vendor} did not answer within ${timeoutMs} ms`
          : `${vendor} could not be reached`;
    }
    const retryable = networkError !== undefined || response!.status === 429 || response!.status >= 500;
    if (!retryable) return response!;
    if (attempt >= maxRetries) {
      if (networkError) throw new VendorHttpError(networkError, undefined, true);
      const body = await response!.text().catch(() => '');
      const what = response!.status === 429 ? 'rate limited the request' : `answered ${response!.status}`;
      throw new VendorHttpError(`${vendor} ${what} after ${maxRetries + 1} attempts`, response!.status, true, body);
    }
    const hinted = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
    await response?.body?.cancel().catch(() => undefined);
    const backoff = 250 * 2 ** attempt * (0.5 + Math.random());
    await sleep(Math.min(hinted ?? backoff, maxRetryAfterMs));
  }
}
