// GitLab REST v4: GET /api/v4/projects/{url-encoded full path}/merge_requests?state=all&
// order_by=updated_at&sort=desc&updated_after=…&per_page=…&page=…, paging by the `x-next-page`
// header (empty on the last page; docs.gitlab.com/api/rest/#pagination). `x-total` may be absent on
// large sets, so it is never relied on. The token goes in `PRIVATE-TOKEN`.
import { collectPullRequests, text } from './source-control-http.js';
import { BOARD_TEXT_LIMITS, capText } from '../boards/board-text-limits.js';
import {
  SourceControlError,
  type ListPullRequestsOptions,
  type SourceControlConnection,
  type SourceControlOptions,
  type SourceControlProvider,
} from './source-control.js';

interface GitLabMergeRequest {
  iid?: unknown;
  title?: unknown;
  description?: unknown;
  source_branch?: unknown;
  web_url?: unknown;
  state?: unknown;
  updated_at?: unknown;
}

/** A project path: groups and project separated by `/`, no empty or dot-only segment. */
const PROJECT_PATH = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/;

export function createGitLabSource(connection: SourceControlConnection, base: URL, options: SourceControlOptions): SourceControlProvider {
  const repository = connection.repository.trim();
  // The instance root; a base URL already ending in /api/v4 is accepted as the same thing.
  const api = `${base.toString().replace(/\/+$/, '').replace(/\/api\/v4$/, '')}/api/v4`;
  const headers = { 'private-token': connection.token, accept: 'application/json' };
  const maxPages = options.maxPages ?? 10;

  return {
    kind: 'gitlab',
    repository,
    async listRecentPullRequests(list: ListPullRequestsOptions) {
      if (!PROJECT_PATH.test(repository)) {
        throw new SourceControlError(`GitLab project '${repository.slice(0, 100)}' is not a full path such as group/project`, { retryable: false, kind: 'invalid' });
      }
      const perPage = Math.min(100, Math.max(1, list.limit));
      const query = new URLSearchParams({ state: 'all', order_by: 'updated_at', sort: 'desc', per_page: String(perPage) });
      if (list.updatedSince) query.set('updated_after', list.updatedSince.toISOString());
      const listing = `${api}/projects/${encodeURIComponent(repository)}/merge_requests`;
      const pageUrl = (page: string) => {
        query.set('page', page);
        return `${listing}?${query.toString()}`;
      };
      // updated_after already filters; collectPullRequests also stops at an older one, for a server that ignores it.
      return collectPullRequests<GitLabMergeRequest>(
        {
          vendor: 'GitLab',
          repository,
          headers,
          firstUrl: pageUrl('1'),
          maxPages,
          toSummary: (raw) =>
            typeof raw.iid !== 'number'
              ? undefined
              : {
                  number: raw.iid,
                  title: capText(text(raw.title), BOARD_TEXT_LIMITS.title),
                  branch: text(raw.source_branch),
                  body: capText(text(raw.description), BOARD_TEXT_LIMITS.body),
                  url: text(raw.web_url),
                  repository,
                  state: text(raw.state),
                  updatedAt: text(raw.updated_at),
                },
          nextUrl: (call) => {
            const next = call.headers.get('x-next-page')?.trim();
            return next && /^\d+$/.test(next) ? pageUrl(next) : undefined;
          },
        },
        list,
        options,
      );
    },
  };
}
