// The source-control port for cycle P: recent pull requests (GitHub) or merge requests (GitLab) of one
// repository, newest update first. Adapters: github.ts (REST, Link-header paging), gitlab.ts (REST v4,
// x-next-page paging). Both go through vendorFetch (timeouts, bounded retries, 429 + Retry-After)
// after `rateLimitAsRetryAfter` has turned each vendor's own rate-limit answer into a plain
// 429 + Retry-After, so "rate-limit handling as for the boards" is literally the boards' code path.
// A credential never reaches an error message: errors name the vendor, the status and the repository.
import type { PullRequestSummary } from '../../domain/cycles/cycle.js';
import { assertProviderUrlAllowed } from '../boards/url-policy.js';
import { VendorHttpError, vendorFetch, type VendorFetchOptions } from '../outbound-http/vendor-http.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readBoundedText, readErrorExcerpt, ResponseTooLargeError } from '../outbound-http/bounded-body.js';
import { createGitHubSource } from './github.js';
import { createGitLabSource } from './gitlab.js';

export type { PullRequestSummary };

export type SourceControlKind = 'github' | 'gitlab';

export interface SourceControlConnection {
  provider: SourceControlKind;
  /** `owner/repo` (GitHub) or the project's full path `group/sub/project` (GitLab). */
  repository: string;
  token: string;
  /** GitHub: the API root (default https://api.github.com; Enterprise: https://host/api/v3). GitLab: the instance (default https://gitlab.com). */
  base_url?: string;
}

export interface ListPullRequestsOptions {
  /** Most pull requests returned (newest update first). */
  limit: number;
  /** Pull requests last updated before this are not read (paging stops at the first one). */
  updatedSince?: Date;
}

export interface SourceControlProvider {
  readonly kind: SourceControlKind;
  readonly repository: string;
  listRecentPullRequests(options: ListPullRequestsOptions): Promise<PullRequestSummary[]>;
}

/** A source-control call failed; the message is safe to show (never a credential). */
export class SourceControlError extends Error {
  override readonly name = 'SourceControlError';
  constructor(
    message: string,
    readonly details: { status?: number; retryable: boolean; kind: 'auth' | 'not_found' | 'rate_limited' | 'invalid' | 'unavailable' },
  ) {
    super(message);
  }
}

export interface SourceControlOptions {
  /** ALLOW_PRIVATE_PROVIDER_URLS: lets tests and development use local stand-ins. */
  allowPrivateUrls: boolean;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first on rate limits and server errors (default 3). */
  maxRetries?: number;
  /** Longest single wait for a rate limit to reset (default 30 s, as for the boards); a later reset fails the read at once. */
  maxRateLimitWaitMs?: number;
  /** Most pages read for one listing (default 10), whatever the vendor keeps offering. */
  maxPages?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const DEFAULT_BASE: Record<SourceControlKind, string> = { github: 'https://api.github.com', gitlab: 'https://gitlab.com' };

/** Throws ProviderUrlError (url-policy) when the connection's base URL is not allowed. */
export function createSourceControlProvider(connection: SourceControlConnection, options: SourceControlOptions): SourceControlProvider {
  const base = assertProviderUrlAllowed(connection.base_url ?? DEFAULT_BASE[connection.provider], options.allowPrivateUrls);
  return connection.provider === 'github' ? createGitHubSource(connection, base, options) : createGitLabSource(connection, base, options);
}

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
