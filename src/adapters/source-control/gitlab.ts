// GitLab REST v4: GET /api/v4/projects/{url-encoded full path}/merge_requests?state=all&
// order_by=updated_at&sort=desc&updated_after=…&per_page=…&page=…, paging by the `x-next-page`
// header (empty on the last page; docs.gitlab.com/api/rest/#pagination). `x-total` may be absent on
// large sets, so it is never relied on. The token goes in `PRIVATE-TOKEN`.
import type { PullRequestSummary } from '../../domain/cycles/cycle.js';
import {
  listingError,
  sourceControlGet,
  SourceControlError,
  text,
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
      const pulls: PullRequestSummary[] = [];
      let page: string | undefined = '1';
      for (let n = 0; page && n < maxPages; n++) {
        query.set('page', page);
        const call = await sourceControlGet(`${api}/projects/${encodeURIComponent(repository)}/merge_requests?${query.toString()}`, headers, 'GitLab', options);
        if (call.status !== 200) throw listingError('GitLab', repository, call);
        if (!Array.isArray(call.data)) {
          throw new SourceControlError(`GitLab answered an unexpected listing for ${repository}`, { status: call.status, retryable: false, kind: 'invalid' });
        }
        for (const raw of call.data as GitLabMergeRequest[]) {
          const updatedAt = text(raw.updated_at);
          // updated_after already filters; this guards a server that ignores it.
          if (list.updatedSince && Date.parse(updatedAt) < list.updatedSince.getTime()) return pulls;
          if (typeof raw.iid !== 'number') continue;
          pulls.push({
            number: raw.iid,
            title: text(raw.title),
            branch: text(raw.source_branch),
            body: text(raw.description),
            url: text(raw.web_url),
            repository,
            state: text(raw.state),
            updatedAt,
          });
          if (pulls.length >= list.limit) return pulls;
        }
        const next = call.headers.get('x-next-page')?.trim();
        page = next && /^\d+$/.test(next) ? next : undefined;
      }
      return pulls;
    },
  };
}
