// The source-control port for cycle P: recent pull requests (GitHub) or merge requests (GitLab) of one
// repository, newest update first. Types and the error only: the adapters are github.ts and
// gitlab.ts, their shared HTTP code is source-control-http.ts, and create-source-control.ts picks one.
// A credential never reaches an error message: errors name the vendor, the status and the repository.
import type { PullRequestSummary } from '../../domain/cycles/cycle.js';

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
