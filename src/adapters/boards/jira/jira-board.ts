// Jira Cloud (REST v3) behind the board-provider port. Basic auth with e-mail + API token;
// /rest/api/3/search/jql with nextPageToken paging; comments in Atlassian Document Format;
// transitions chosen by target name or status category, never by hard-coded ids.
import { VendorHttpError, vendorFetch } from '../../outbound-http/vendor-http.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readBoundedText, ResponseTooLargeError } from '../../outbound-http/bounded-body.js';
import { capBoardItem } from '../board-text-limits.js';
import { assertProviderUrlAllowed } from '../url-policy.js';
import {
  BoardProviderError,
  type BoardItem,
  type BoardProvider,
  type JiraConnection,
  type NewBoardItem,
  type StatusCategory,
  type TransitionTarget,
} from '../board-provider.js';

export interface JiraBoardOptions {
  /** ALLOW_PRIVATE_PROVIDER_URLS (default false: https on a public host only). */
  allowPrivateUrls?: boolean;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first on 429 / 5xx / network errors (default 3). */
  maxRetries?: number;
  /** Story-points field of the site (varies per site; customfield_10016 on most). */
  estimateField?: string;
  /** Largest answer read, in bytes (default 8 MiB); a larger one fails the call. */
  maxResponseBytes?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

interface JiraIssue {
  id: string;
  key: string;
  fields: {
    summary?: string;
    status?: { name?: string; statusCategory?: { key?: string } };
    assignee?: { accountId: string; displayName: string; emailAddress?: string } | null;
    priority?: { name?: string } | null;
    labels?: string[];
    updated?: string;
    [field: string]: unknown;
  };
}

const categoryOf = (key: string | undefined): StatusCategory => (key === 'done' ? 'done' : key === 'indeterminate' ? 'in_progress' : 'todo');
const jiraCategory: Record<StatusCategory, string> = { todo: 'new', in_progress: 'indeterminate', done: 'done' };
const PRIORITY_NAMES = ['Highest', 'High', 'Medium', 'Low'];
const ISSUE_TYPES = { story: 'Story', bug: 'Bug', task: 'Task' } as const;

/** A paragraph document in Atlassian Document Format (v3 rejects plain strings). */
function adf(...paragraphs: string[]) {
  return {
    type: 'doc',
    version: 1,
    content: paragraphs.filter(Boolean).map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  };
}

/** The text we append to a comment so hasComment can find it; the closing bracket keeps act-1 from matching act-12. */
export function jiraMarkerText(marker: string): string {
  return `[${marker.startsWith('sprintguard:') ? marker : `sprintguard:${marker}`}]`;
}

/** JQL string literal: quotes and backslashes escaped, so a key cannot widen the query. */
const jqlString = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

function adfText(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: unknown; content?: unknown };
  return (typeof n.text === 'string' ? n.text : '') + (Array.isArray(n.content) ? n.content.map(adfText).join(' ') : '');
}

export function createJiraBoard(connection: JiraConnection, options: JiraBoardOptions = {}): BoardProvider {
  const base = assertProviderUrlAllowed(connection.base_url, options.allowPrivateUrls ?? false).toString().replace(/\/+$/, '');
  const estimateField = options.estimateField ?? 'customfield_10016';
  const auth = `Basic ${Buffer.from(`${connection.email}:${connection.api_token}`).toString('base64')}`;

  async function call<T>(method: string, path: string, body?: unknown, what = 'Jira request', repeatable = true): Promise<{ status: number; data: T | undefined }> {
    let response: Response;
    try {
      response = await vendorFetch(
        `${base}${path}`,
        {
          method,
          headers: { authorization: auth, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        },
        {
          vendor: 'Jira',
          timeoutMs: options.timeoutMs ?? 10_000,
          maxRetries: options.maxRetries ?? 3,
          repeatable,
          ...(options.fetch ? { fetch: options.fetch } : {}),
          ...(options.sleep ? { sleep: options.sleep } : {}),
        },
      );
    } catch (err) {
      if (err instanceof VendorHttpError) {
        const kind = err.status === 429 ? 'rate_limited' : 'unavailable';
        throw new BoardProviderError(`${what}: ${err.message}`, { ...(err.status ? { status: err.status } : {}), retryable: err.retryable, kind, ...(err.maybeApplied ? { maybeApplied: true } : {}) });
      }
      throw err;
    }
    let text: string;
    try {
      text = await readBoundedText(response, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, { vendor: 'Jira' });
    } catch (err) {
      if (err instanceof ResponseTooLargeError) throw new BoardProviderError(`${what}: ${err.message}`, { status: response.status, retryable: false, kind: 'invalid' });
      throw err;
    }
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (response.ok) return { status: response.status, data: data as T };
    if (response.status === 404) return { status: 404, data: undefined };
    const detail = describeError(data);
    if (response.status === 401) {
      throw new BoardProviderError('Jira rejected the credentials (401): check the e-mail and the API token', { status: 401, retryable: false, kind: 'auth' });
    }
    if (response.status === 403) {
      throw new BoardProviderError(`Jira rejected the credentials for this request (403): the account lacks a permission${detail ? `: ${detail}` : ''}`, { status: 403, retryable: false, kind: 'auth' });
    }
    throw new BoardProviderError(`${what} failed (${response.status})${detail ? `: ${detail}` : ''}`, { status: response.status, retryable: false, kind: 'invalid' });
  }

  function toItem(issue: JiraIssue): BoardItem {
    const f = issue.fields;
    const estimate = f[estimateField];
    return capBoardItem({
      id: issue.id,
      key: issue.key,
      title: f.summary ?? '',
      url: `${base}/browse/${issue.key}`,
      status: f.status?.name ?? '',
      statusCategory: categoryOf(f.status?.statusCategory?.key),
      assignee: f.assignee ? { id: f.assignee.accountId, name: f.assignee.displayName, ...(f.assignee.emailAddress ? { email: f.assignee.emailAddress } : {}) } : null,
      estimate: typeof estimate === 'number' ? estimate : null,
      priority: f.priority?.name ?? null,
      labels: f.labels ?? [],
      updatedAt: f.updated ? new Date(f.updated).toISOString() : new Date(0).toISOString(),
    });
  }

  const fields = ['summary', 'status', 'assignee', 'labels', 'priority', 'updated', estimateField];
  const notFound = (key: string) => new BoardProviderError(`Jira has no issue ${key} (or the account cannot see it)`, { status: 404, retryable: false, kind: 'not_found' });
  const issuePath = (key: string) => `/rest/api/3/issue/${encodeURIComponent(key)}`;

  async function getItem(key: string): Promise<BoardItem | undefined> {
    const found = await call<JiraIssue>('GET', `${issuePath(key)}?fields=${fields.join(',')}`, undefined, `Reading ${key}`);
    return found.status === 404 || !found.data ? undefined : toItem(found.data);
  }

  return {
    kind: 'jira',
    async testConnection(projectKey) {
      const me = await call<{ displayName?: string; emailAddress?: string }>('GET', '/rest/api/3/myself', undefined, 'Reading the Jira account');
      if (me.status === 404) throw new BoardProviderError('The base URL does not look like a Jira Cloud site', { status: 404, retryable: false, kind: 'not_found' });
      if (projectKey) {
        const project = await call('GET', `/rest/api/3/project/${encodeURIComponent(projectKey)}`);
        if (project.status === 404) throw new BoardProviderError(`Jira has no project ${projectKey} (or the account cannot see it)`, { status: 404, retryable: false, kind: 'not_found' });
      }
      return { account: me.data?.emailAddress ?? me.data?.displayName ?? connection.email };
    },
    async listActiveItems(projectKey, opts) {
      const limit = opts?.limit ?? 500;
      const items: BoardItem[] = [];
      if (limit <= 0) return items;
      const jql = `project = ${jqlString(projectKey)} AND statusCategory != Done ORDER BY Rank ASC`;
      let nextPageToken: string | undefined;
      do {
        let page: Awaited<ReturnType<typeof call<{ issues?: JiraIssue[]; nextPageToken?: string | null; isLast?: boolean }>>>;
        try {
          page = await call('POST', '/rest/api/3/search/jql', { jql, fields, maxResults: Math.min(100, limit - items.length), ...(nextPageToken ? { nextPageToken } : {}) }, `Searching ${projectKey}`);
        } catch (err) {
          // Jira answers an unknown (or invisible) project in JQL with 400 "The value 'X' does not exist for the field 'project'."
          if (err instanceof BoardProviderError && err.details.status === 400 && /does not exist for the field 'project'/i.test(err.message)) {
            throw new BoardProviderError(`Jira has no project ${projectKey} (or the account cannot see it)`, { status: 400, retryable: false, kind: 'not_found' });
          }
          throw err;
        }
        if (page.status === 404) throw new BoardProviderError(`Jira has no project ${projectKey}`, { status: 404, retryable: false, kind: 'not_found' });
        for (const issue of page.data?.issues ?? []) items.push(toItem(issue));
        // isLast is authoritative; a missing token on a page that is not last would loop, so it ends too.
        nextPageToken = page.data?.isLast === true ? undefined : (page.data?.nextPageToken ?? undefined);
      } while (nextPageToken && items.length < limit);
      return items.slice(0, limit);
    },
    getItem,
    async comment(key, body, marker) {
      // Not repeated blindly: a second POST would post a second comment.
      const r = await call('POST', `${issuePath(key)}/comment`, { body: adf(body, marker ? jiraMarkerText(marker) : '') }, `Commenting on ${key}`, false);
      if (r.status === 404) throw notFound(key);
    },
    async hasComment(key, marker) {
      const wanted = jiraMarkerText(marker);
      for (let startAt = 0; ; ) {
        const page = await call<{ comments?: { body?: unknown }[]; total?: number }>(
          'GET',
          `${issuePath(key)}/comment?startAt=${startAt}&maxResults=100`,
          undefined,
          `Reading comments of ${key}`,
        );
        if (page.status === 404) throw notFound(key);
        const comments = page.data?.comments ?? [];
        if (comments.some((c) => adfText(c.body).includes(wanted))) return true;
        startAt += comments.length;
        if (comments.length === 0 || startAt >= (page.data?.total ?? 0)) return false;
      }
    },
    async transition(key, target: TransitionTarget) {
      type Transition = { id: string; name: string; to?: { name?: string; statusCategory?: { key?: string } } };
      const list = await call<{ transitions?: Transition[] }>('GET', `${issuePath(key)}/transitions`, undefined, `Reading the transitions of ${key}`);
      if (list.status === 404) throw notFound(key);
      const transitions = list.data?.transitions ?? [];
      const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();
      // The target status name first (the transition's own name as a second guess), then the category.
      const chosen =
        (target.name ? (transitions.find((t) => same(t.to?.name, target.name!)) ?? transitions.find((t) => same(t.name, target.name!))) : undefined) ??
        (target.category ? transitions.find((t) => t.to?.statusCategory?.key === jiraCategory[target.category!]) : undefined);
      if (!chosen) {
        // Jira offers no transition to the status the issue is already in: a repeated move is done, not an error.
        const current = await getItem(key);
        if (!current) throw notFound(key);
        if ((target.name && same(current.status, target.name)) || (target.category && target.category === current.statusCategory)) return;
        const offered = transitions.map((t) => t.to?.name ?? t.name).join(', ') || 'none';
        const wanted = [target.name && `'${target.name}'`, target.category].filter(Boolean).join(' or ') || 'no status given';
        throw new BoardProviderError(`${key} (now ${current.status}) has no transition to ${wanted}; Jira offers: ${offered}`, { retryable: false, kind: 'invalid' });
      }
      const moved = await call('POST', `${issuePath(key)}/transitions`, { transition: { id: chosen.id } }, `Moving ${key}`);
      if (moved.status === 404) throw notFound(key);
    },
    async assign(key, who) {
      let accountId: string | null = null;
      if (who !== null) {
        const found = await call<{ accountId: string; displayName: string; emailAddress?: string }[]>(
          'GET',
          `/rest/api/3/user/assignable/search?issueKey=${encodeURIComponent(key)}&query=${encodeURIComponent(who)}`,
          undefined,
          'Finding the assignee',
        );
        if (found.status === 404) throw notFound(key);
        const users = found.data ?? [];
        const lower = who.toLowerCase();
        const user =
          users.find((u) => u.accountId === who) ??
          users.find((u) => u.emailAddress?.toLowerCase() === lower) ??
          users.find((u) => u.displayName.toLowerCase() === lower) ??
          (users.length === 1 ? users[0] : undefined);
        if (!user) {
          const why = users.length > 1 ? `${users.length} assignable Jira users match` : 'No assignable Jira user matches';
          throw new BoardProviderError(`${why} '${who}' on ${key}`, { retryable: false, kind: 'invalid' });
        }
        accountId = user.accountId;
      }
      const r = await call('PUT', `${issuePath(key)}/assignee`, { accountId }, `Assigning ${key}`);
      if (r.status === 404) throw notFound(key);
    },
    async addLabel(key, label) {
      // Jira labels cannot contain spaces.
      const r = await call('PUT', issuePath(key), { update: { labels: [{ add: label.replace(/\s+/g, '-') }] } }, `Labelling ${key}`);
      if (r.status === 404) throw notFound(key);
    },
    async createItem(projectKey, item: NewBoardItem) {
      const r = await call<{ id: string; key: string }>(
        'POST',
        '/rest/api/3/issue',
        {
          fields: {
            project: { key: projectKey },
            issuetype: { name: ISSUE_TYPES[item.kind ?? 'task'] },
            summary: item.title,
            ...(item.description ? { description: adf(...item.description.split(/\n{2,}/)) } : {}),
            ...(item.labels?.length ? { labels: item.labels.map((l) => l.replace(/\s+/g, '-')) } : {}),
            ...(item.priority ? { priority: { name: PRIORITY_NAMES[Math.min(Math.max(item.priority, 1), 4) - 1] } } : {}),
          },
        },
        `Creating an issue in ${projectKey}`,
        false, // a second POST would create a second issue
      );
      if (!r.data) throw new BoardProviderError(`Jira did not create the issue in ${projectKey}`, { status: r.status, retryable: false, kind: 'invalid' });
      return { id: r.data.id, key: r.data.key, url: `${base}/browse/${r.data.key}` };
    },
    async linkPullRequest(key, link) {
      // A remote link keyed by globalId is an upsert: repeating it is harmless.
      const r = await call('POST', `${issuePath(key)}/remotelink`, { globalId: link.globalId, object: { url: link.url, title: link.title } }, `Linking ${key}`);
      if (r.status === 404) throw notFound(key);
    },
  };
}

function describeError(data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  const d = data as { errorMessages?: unknown; errors?: unknown };
  const messages = Array.isArray(d.errorMessages) ? d.errorMessages.filter((m): m is string => typeof m === 'string') : [];
  const fields = d.errors && typeof d.errors === 'object' ? Object.entries(d.errors as Record<string, unknown>).map(([k, v]) => `${k}: ${String(v)}`) : [];
  return [...messages, ...fields].join('; ').slice(0, 500);
}
