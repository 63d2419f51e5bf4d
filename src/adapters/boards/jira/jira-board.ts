// Jira Cloud (REST v3) behind the board-provider port. Basic auth with e-mail + API token;
// /rest/api/3/search/jql with nextPageToken paging; comments in Atlassian Document Format;
// transitions chosen by target name or status category, never by hard-coded ids.
import { VendorHttpError, vendorFetch } from '../../http/vendor-http.js';
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
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  maxRetries?: number;
  /** Story-points field of the site (varies per site; customfield_10016 on most). */
  estimateField?: string;
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

function adfText(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: unknown; content?: unknown };
  return (typeof n.text === 'string' ? n.text : '') + (Array.isArray(n.content) ? n.content.map(adfText).join(' ') : '');
}

export function createJiraBoard(connection: JiraConnection, options: JiraBoardOptions): BoardProvider {
  const base = assertProviderUrlAllowed(connection.base_url, options.allowPrivateUrls).toString().replace(/\/+$/, '');
  const estimateField = options.estimateField ?? 'customfield_10016';
  const auth = `Basic ${Buffer.from(`${connection.email}:${connection.api_token}`).toString('base64')}`;

  async function call<T>(method: string, path: string, body?: unknown, what = 'Jira request'): Promise<{ status: number; data: T | undefined }> {
    let response: Response;
    try {
      response = await vendorFetch(
        `${base}${path}`,
        {
          method,
          headers: { authorization: auth, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        },
        { vendor: 'Jira', timeoutMs: options.timeoutMs ?? 10_000, maxRetries: options.maxRetries ?? 3, ...(options.sleep ? { sleep: options.sleep } : {}) },
      );
    } catch (err) {
      if (err instanceof VendorHttpError) {
        throw new BoardProviderError(err.message, { ...(err.status ? { status: err.status } : {}), retryable: true, kind: err.status === 429 ? 'rate_limited' : 'unavailable' });
      }
      throw err;
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (response.ok) return { status: response.status, data: data as T };
    if (response.status === 404) return { status: 404, data: undefined };
    const detail = describeError(data);
    if (response.status === 401 || response.status === 403) {
      throw new BoardProviderError(`Jira rejected the credentials (${response.status})${detail ? `: ${detail}` : ''}`, { status: response.status, retryable: false, kind: 'auth' });
    }
    throw new BoardProviderError(`${what} failed (${response.status})${detail ? `: ${detail}` : ''}`, { status: response.status, retryable: false, kind: 'invalid' });
  }

  function toItem(issue: JiraIssue): BoardItem {
    const f = issue.fields;
    const estimate = f[estimateField];
    return {
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
    };
  }

  const fields = ['summary', 'status', 'assignee', 'labels', 'priority', 'updated', estimateField];
  const notFound = (key: string) => new BoardProviderError(`Jira has no issue ${key} (or the account cannot see it)`, { status: 404, retryable: false, kind: 'not_found' });
  const issuePath = (key: string) => `/rest/api/3/issue/${encodeURIComponent(key)}`;

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
      let nextPageToken: string | undefined;
      do {
        const page = await call<{ issues?: JiraIssue[]; nextPageToken?: string; isLast?: boolean }>(
          'POST',
          '/rest/api/3/search/jql',
          {
            jql: `project = "${projectKey.replace(/"/g, '')}" AND statusCategory != Done ORDER BY Rank ASC`,
            fields,
            maxResults: Math.min(100, limit - items.length),
            ...(nextPageToken ? { nextPageToken } : {}),
          },
          'Searching Jira',
        );
        if (page.status === 404) throw new BoardProviderError(`Jira has no project ${projectKey}`, { status: 404, retryable: false, kind: 'not_found' });
        for (const issue of page.data?.issues ?? []) items.push(toItem(issue));
        nextPageToken = page.data?.isLast === false ? page.data.nextPageToken : undefined;
      } while (nextPageToken && items.length < limit);
      return items.slice(0, limit);
    },
    async getItem(key) {
      const found = await call<JiraIssue>('GET', `${issuePath(key)}?fields=${fields.join(',')}`);
      return found.status === 404 || !found.data ? undefined : toItem(found.data);
    },
    async comment(key, body, marker) {
      const r = await call('POST', `${issuePath(key)}/comment`, { body: adf(body, marker ? `[${marker}]` : '') }, `Commenting on ${key}`);
      if (r.status === 404) throw notFound(key);
    },
    async hasComment(key, marker) {
      for (let startAt = 0; ; ) {
        const page = await call<{ comments?: { body?: unknown }[]; total?: number }>('GET', `${issuePath(key)}/comment?startAt=${startAt}&maxResults=100`);
        if (page.status === 404) throw notFound(key);
        const comments = page.data?.comments ?? [];
        if (comments.some((c) => adfText(c.body).includes(marker))) return true;
        startAt += comments.length;
        if (comments.length === 0 || startAt >= (page.data?.total ?? 0)) return false;
      }
    },
    async transition(key, target: TransitionTarget) {
      const list = await call<{ transitions?: { id: string; name: string; to?: { name?: string; statusCategory?: { key?: string } } }[] }>('GET', `${issuePath(key)}/transitions`);
      if (list.status === 404) throw notFound(key);
      const transitions = list.data?.transitions ?? [];
      const chosen = target.name
        ? transitions.find((t) => (t.to?.name ?? t.name).toLowerCase() === target.name!.toLowerCase())
        : target.category
          ? transitions.find((t) => t.to?.statusCategory?.key === jiraCategory[target.category!])
          : undefined;
      if (!chosen) {
        throw new BoardProviderError(`${key} has no transition to ${target.name ?? target.category ?? 'that status'}`, { retryable: false, kind: 'invalid' });
      }
      await call('POST', `${issuePath(key)}/transitions`, { transition: { id: chosen.id } }, `Moving ${key}`);
    },
    async assign(key, who) {
      let accountId: string | null = null;
      if (who !== null) {
        const found = await call<{ accountId: string; displayName: string; emailAddress?: string }[]>(
          'GET',
          `/rest/api/3/user/assignable/search?issueKey=${encodeURIComponent(key)}&query=${encodeURIComponent(who)}`,
        );
        const users = found.data ?? [];
        const user = users.find((u) => u.accountId === who || u.emailAddress === who || u.displayName === who) ?? (users.length === 1 ? users[0] : undefined);
        if (!user) throw new BoardProviderError(`No assignable Jira user matches '${who}' on ${key}`, { retryable: false, kind: 'invalid' });
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
