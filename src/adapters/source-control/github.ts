// GitHub REST: GET /repos/{owner}/{repo}/pulls?state=all&sort=updated&direction=desc&per_page=…,
// following the Link header's rel="next" (docs.github.com/rest/pulls/pulls#list-pull-requests,
// docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api). The list has no "since"
// filter: newest update first, so paging stops at the first pull request older than `updatedSince`.
import { collectPullRequests, text } from './source-control-http.js';
import { BOARD_TEXT_LIMITS, capText } from '../boards/board-text-limits.js';
import {
  SourceControlError,
  type ListPullRequestsOptions,
  type SourceControlConnection,
  type SourceControlOptions,
  type SourceControlProvider,
} from './source-control.js';

interface GitHubPull {
  number?: unknown;
  title?: unknown;
  body?: unknown;
  html_url?: unknown;
  state?: unknown;
  merged_at?: unknown;
  updated_at?: unknown;
  head?: { ref?: unknown } | null;
}

/** `owner/repo`, each part as GitHub allows it (letters, digits, `-`, `_`, `.`; never `.` or `..`, which would climb the path). */
const REPOSITORY = /^(?!\.{1,2}\/)[A-Za-z0-9_.-]+\/(?!\.{1,2}$)[A-Za-z0-9_.-]+$/;

/** The rel="next" target of a Link header, if any. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (m && m[2]!.split(/\s+/).includes('next')) return m[1];
  }
  return undefined;
}

export function createGitHubSource(connection: SourceControlConnection, base: URL, options: SourceControlOptions): SourceControlProvider {
  const repository = connection.repository.trim();
  const root = base.toString().replace(/\/+$/, '');
  const headers = {
    authorization: `Bearer ${connection.token}`,
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'sprintguard',
  };
  const maxPages = options.maxPages ?? 10;

  return {
    kind: 'github',
    repository,
    async listRecentPullRequests(list: ListPullRequestsOptions) {
      if (!REPOSITORY.test(repository)) {
        throw new SourceControlError(`GitHub repository '${repository.slice(0, 100)}' is not owner/repo`, { retryable: false, kind: 'invalid' });
      }
      const perPage = Math.min(100, Math.max(1, list.limit));
      return collectPullRequests<GitHubPull>(
        {
          vendor: 'GitHub',
          repository,
          headers,
          firstUrl: `${root}/repos/${repository}/pulls?state=all&sort=updated&direction=desc&per_page=${perPage}`,
          maxPages,
          toSummary: (raw) =>
            typeof raw.number !== 'number'
              ? undefined
              : {
                  number: raw.number,
                  title: capText(text(raw.title), BOARD_TEXT_LIMITS.title),
                  branch: text(raw.head?.ref),
                  body: capText(text(raw.body), BOARD_TEXT_LIMITS.body),
                  url: text(raw.html_url),
                  repository,
                  state: text(raw.merged_at) ? 'merged' : text(raw.state),
                  updatedAt: text(raw.updated_at),
                },
          nextUrl: (call) => followable(nextLink(call.headers.get('link'))),
        },
        list,
        options,
      );
    },
  };

  /** Only a next page on the configured API host is followed: the token must not go anywhere else. */
  function followable(next: string | undefined): string | undefined {
    if (!next) return undefined;
    try {
      const target = new URL(next);
      return target.origin === base.origin ? target.toString() : undefined;
    } catch {
      return undefined;
    }
  }
}
