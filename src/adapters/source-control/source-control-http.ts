// The HTTP code GitHub and GitLab share. Both go through vendorFetch (timeouts, bounded retries,
// 429 + Retry-After) after `rateLimitAsRetryAfter` has turned each vendor's own rate-limit answer into
// a plain 429 + Retry-After, so rate limits are handled by the boards' own code path.
import { DEFAULT_MAX_RESPONSE_BYTES, readBoundedText, readErrorExcerpt, ResponseTooLargeError } from '../outbound-http/bounded-body.js';
import type { PullRequestSummary } from '../../domain/cycles/cycle.js';
import { VendorHttpError, vendorFetch, type VendorFetchOptions } from '../outbound-http/vendor-http.js';
import { SourceControlError, type ListPullRequestsOptions, type SourceControlOptions } from './source-control.js';

/** A secondary rate limit without any hint: GitHub asks for at least a minute. */
const SECONDARY_LIMIT_WAIT_S = 60;

/**
 * Set on an answer whose rate limit resets later than we are willing to wait: the read fails at once
 * with a rate_limited error naming the reset, instead of holding a trigger request for minutes.
 */
const RESETS_AT = 'x-sprintguard-rate-limit-resets-at';

/**
 * GitHub answers a spent rate limit with 403 or 429, `x-ratelimit-remaining: 0` and
 * `x-ratelimit-reset` (epoch seconds), or a secondary limit with `retry-after`; GitLab answers 429
 * with `Retry-After` or only `RateLimit-Reset` (gitlab-org/gitlab#365728). Both become 429 +
 * Retry-After (seconds), which vendorFetch waits out, as it does for the boards. A 403 without these
 * signals is a permission problem and stays a 403. A wait longer than `maxWaitMs` becomes a 403
 * carrying RESETS_AT, which vendorFetch hands back without retrying.
 */
export function rateLimitAsRetryAfter(inner: typeof fetch, now: () => number, maxWaitMs: number): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status !== 403 && response.status !== 429) return response;
    const h = response.headers;
    const remaining = h.get('x-ratelimit-remaining') ?? h.get('ratelimit-remaining');
    const reset = h.get('x-ratelimit-reset') ?? h.get('ratelimit-reset');
    const retryAfter = h.get('retry-after');
    const limited = response.status === 429 || retryAfter !== null || remaining === '0';
    if (!limited) return response;
    let waitS = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
    if (waitS === undefined && reset !== null && /^\d+$/.test(reset)) waitS = Math.max(1, Math.ceil(Number(reset) - now() / 1000));
    waitS ??= SECONDARY_LIMIT_WAIT_S;
    const body = await readErrorExcerpt(response);
    const headers = new Headers(h);
    if (waitS * 1000 > maxWaitMs) {
      headers.set(RESETS_AT, new Date(now() + waitS * 1000).toISOString());
      return new Response(body, { status: 403, headers });
    }
    headers.set('retry-after', String(waitS));
    return new Response(body, { status: 429, headers });
  };
}

export interface SourceControlCall {
  status: number;
  headers: Headers;
  data: unknown;
}

/** One GET through vendorFetch with the rate-limit normalisation; vendor failures become SourceControlError. */
export async function sourceControlGet(
  url: string,
  headers: Record<string, string>,
  vendor: string,
  options: SourceControlOptions,
): Promise<SourceControlCall> {
  const now = options.now ?? Date.now;
  const maxWaitMs = options.maxRateLimitWaitMs ?? 30_000;
  const fetchOptions: VendorFetchOptions = {
    vendor,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRetries: options.maxRetries ?? 3,
    maxRetryAfterMs: maxWaitMs,
    fetch: rateLimitAsRetryAfter(options.fetch ?? fetch, now, maxWaitMs),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  };
  let response: Response;
  try {
    response = await vendorFetch(url, { method: 'GET', headers }, fetchOptions);
  } catch (err) {
    if (err instanceof VendorHttpError) {
      throw new SourceControlError(err.message, { ...(err.status ? { status: err.status } : {}), retryable: err.retryable, kind: err.status === 429 ? 'rate_limited' : 'unavailable' });
    }
    throw err;
  }
  const resetsAt = response.headers.get(RESETS_AT);
  if (resetsAt) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceControlError(`${vendor}'s rate limit is spent until ${resetsAt}; try again then`, { status: 429, retryable: true, kind: 'rate_limited' });
  }
  let raw: string;
  try {
    raw = await readBoundedText(response, DEFAULT_MAX_RESPONSE_BYTES, { vendor });
  } catch (err) {
    if (err instanceof ResponseTooLargeError) throw new SourceControlError(err.message, { status: response.status, retryable: false, kind: 'invalid' });
    throw err;
  }
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : undefined;
  } catch {
    data = undefined;
  }
  return { status: response.status, headers: response.headers, data };
}

/** The vendor's own error text (`{message}` on both), bounded, for messages. */
export function vendorMessage(data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  const m = (data as { message?: unknown }).message;
  return typeof m === 'string' ? m.slice(0, 300) : '';
}

/** Maps a non-2xx answer of a listing to an error naming what to fix. */
export function listingError(vendor: string, repository: string, call: SourceControlCall): SourceControlError {
  const detail = vendorMessage(call.data);
  const suffix = detail ? `: ${detail}` : '';
  switch (call.status) {
    case 401:
      return new SourceControlError(`${vendor} rejected the token (401): check source_control.token`, { status: 401, retryable: false, kind: 'auth' });
    case 403:
      return new SourceControlError(`${vendor} refused access to ${repository} (403)${suffix}`, { status: 403, retryable: false, kind: 'auth' });
    case 404:
      return new SourceControlError(`${vendor} has no repository ${repository} (or the token cannot see it)`, { status: 404, retryable: false, kind: 'not_found' });
    default:
      return new SourceControlError(`Listing pull requests of ${repository} on ${vendor} failed (${call.status})${suffix}`, { status: call.status, retryable: false, kind: 'invalid' });
  }
}

/** Reads a field as text (null and absent become ''). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface ListingPages<Raw> {
  vendor: string;
  repository: string;
  headers: Record<string, string>;
  firstUrl: string;
  maxPages: number;
  /** The summary of one listed item; undefined skips it. */
  toSummary: (raw: Raw) => PullRequestSummary | undefined;
  /** The next page's URL from an answer, or undefined on the last page. */
  nextUrl: (call: SourceControlCall) => string | undefined;
}

/**
 * Reads a newest-update-first listing page by page, until `list.limit` pull requests, the first one
 * updated before `list.updatedSince`, the last page, or `maxPages` pages.
 */
export async function collectPullRequests<Raw>(pages: ListingPages<Raw>, list: ListPullRequestsOptions, options: SourceControlOptions): Promise<PullRequestSummary[]> {
  const pulls: PullRequestSummary[] = [];
  let url: string | undefined = pages.firstUrl;
  for (let page = 0; url && page < pages.maxPages; page++) {
    const call = await sourceControlGet(url, pages.headers, pages.vendor, options);
    if (call.status !== 200) throw listingError(pages.vendor, pages.repository, call);
    if (!Array.isArray(call.data)) {
      throw new SourceControlError(`${pages.vendor} answered an unexpected listing for ${pages.repository}`, { status: call.status, retryable: false, kind: 'invalid' });
    }
    for (const raw of call.data as Raw[]) {
      const summary = pages.toSummary(raw);
      if (!summary) continue;
      if (list.updatedSince && Date.parse(summary.updatedAt) < list.updatedSince.getTime()) return pulls;
      pulls.push(summary);
      if (pulls.length >= list.limit) return pulls;
    }
    url = pages.nextUrl(call);
  }
  return pulls;
}
