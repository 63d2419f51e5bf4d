// Linear (GraphQL) behind the board-provider port. A personal API key goes in Authorization as is
// (no "Bearer"). Any response carrying `errors` is a failure, whatever its HTTP status; Linear
// reports rate limiting as errors[].extensions.type "ratelimited" (often with HTTP 400).
import { VendorHttpError, vendorFetch } from '../../http/vendor-http.js';
import { assertProviderUrlAllowed } from '../url-policy.js';
import {
  BoardProviderError,
  type BoardItem,
  type BoardProvider,
  type LinearConnection,
  type NewBoardItem,
  type StatusCategory,
} from '../board-provider.js';

export interface LinearBoardOptions {
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

const ISSUE_FIELDS = `id identifier title url priority estimate sortOrder branchName updatedAt
  state { id name type } assignee { id name email } labels { nodes { id name } } team { id key }`;

const Q = {
  viewer: `query Viewer { viewer { id name email } }`,
  teamByKey: `query TeamByKey($key: String!) { teams(filter: { key: { eq: $key } }) { nodes { id key name } } }`,
  activeIssues: `query ActiveIssues($teamKey: String!, $first: Int!, $after: String) {
    issues(first: $first, after: $after,
      filter: { team: { key: { eq: $teamKey } }, state: { type: { in: ["triage", "backlog", "unstarted", "started"] } } },
      sort: [{ priority: { order: Ascending, noPriorityFirst: false } }, { manual: { order: Ascending } }]) {
      nodes { ${ISSUE_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
  issue: `query Issue($id: String!) { issue(id: $id) { ${ISSUE_FIELDS} } }`,
  comments: `query IssueComments($id: String!, $first: Int!, $after: String) {
    issue(id: $id) { comments(first: $first, after: $after) { nodes { id body } pageInfo { hasNextPage endCursor } } } }`,
  commentCreate: `mutation CommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success comment { id } } }`,
  states: `query WorkflowStates($teamId: ID!) { workflowStates(filter: { team: { id: { eq: $teamId } } }) { nodes { id name type } } }`,
  issueUpdate: `mutation IssueUpdate($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { id } } }`,
  users: `query Users($query: String!) { users(filter: { or: [{ email: { eq: $query } }, { name: { eqIgnoreCase: $query } }, { id: { eq: $query } }] }) { nodes { id name email } } }`,
  labels: `query IssueLabels($name: String!) { issueLabels(filter: { name: { eqIgnoreCase: $name } }) { nodes { id name } } }`,
  labelCreate: `mutation IssueLabelCreate($input: IssueLabelCreateInput!) { issueLabelCreate(input: $input) { success issueLabel { id name } } }`,
  issueCreate: `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id identifier url } } }`,
  attach: `mutation AttachmentLinkURL($issueId: String!, $url: String!, $title: String) { attachmentLinkURL(issueId: $issueId, url: $url, title: $title) { success } }`,
};

interface LinearIssueNode {
  id: string;
  identifier: string;
  title: string;
  url?: string;
  priority?: number;
  estimate?: number | null;
  branchName?: string;
  updatedAt?: string;
  state?: { id: string; name: string; type: string };
  assignee?: { id: string; name: string; email?: string } | null;
  labels?: { nodes: { id: string; name: string }[] };
  team?: { id: string; key: string };
}

const PRIORITY_NAMES: Record<number, string> = { 1: 'Urgent', 2: 'High', 3: 'Medium', 4: 'Low' };
const categoryOf = (type: string | undefined): StatusCategory =>
  type === 'started' ? 'in_progress' : type === 'completed' || type === 'canceled' || type === 'duplicate' ? 'done' : 'todo';
const stateTypeFor: Record<StatusCategory, string> = { todo: 'unstarted', in_progress: 'started', done: 'completed' };

export function createLinearBoard(connection: LinearConnection, options: LinearBoardOptions): BoardProvider {
  const endpoint = assertProviderUrlAllowed(connection.api_url ?? 'https://api.linear.app/graphql', options.allowPrivateUrls).toString();

  async function gql<T>(document: string, variables: Record<string, unknown>, what: string): Promise<T> {
    const maxRetries = options.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await vendorFetch(
          endpoint,
          { method: 'POST', headers: { authorization: connection.api_key, 'content-type': 'application/json' }, body: JSON.stringify({ query: document, variables }) },
          { vendor: 'Linear', timeoutMs: options.timeoutMs ?? 10_000, maxRetries, ...(options.sleep ? { sleep: options.sleep } : {}) },
        );
      } catch (err) {
        if (err instanceof VendorHttpError) {
          throw new BoardProviderError(err.message, { ...(err.status ? { status: err.status } : {}), retryable: true, kind: err.status === 429 ? 'rate_limited' : 'unavailable' });
        }
        throw err;
      }
      let body: { data?: T | null; errors?: { message?: string; extensions?: { type?: string; userPresentableMessage?: string } }[] } | undefined;
      try {
        body = (await response.json()) as typeof body;
      } catch {
        throw new BoardProviderError(`${what}: Linear answered ${response.status} without JSON`, { status: response.status, retryable: false, kind: 'unavailable' });
      }
      const error = body?.errors?.[0];
      if (!error) {
        if (!response.ok || !body?.data) throw new BoardProviderError(`${what}: Linear answered ${response.status}`, { status: response.status, retryable: false, kind: 'invalid' });
        return body.data;
      }
      const type = error.extensions?.type;
      if (type === 'ratelimited') {
        // Linear signals rate limits in the body (HTTP 400 or 200), which vendorFetch cannot see.
        if (attempt >= maxRetries) throw new BoardProviderError(`Linear rate limited the request after ${maxRetries + 1} attempts`, { status: response.status, retryable: true, kind: 'rate_limited' });
        const seconds = Number(response.headers.get('retry-after'));
        const wait = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, 30_000) : 500 * 2 ** attempt;
        await (options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))))(wait);
        continue;
      }
      if (type === 'authentication error' || response.status === 401) {
        throw new BoardProviderError('Linear rejected the API key', { status: response.status, retryable: false, kind: 'auth' });
      }
      const message = error.extensions?.userPresentableMessage ?? error.message ?? 'unknown error';
      const notFound = /not found/i.test(message);
      throw new BoardProviderError(`${what}: ${message}`, { status: response.status, retryable: false, kind: notFound ? 'not_found' : 'invalid' });
    }
  }

  function toItem(n: LinearIssueNode): BoardItem {
    return {
      id: n.id,
      key: n.identifier,
      title: n.title,
      ...(n.url ? { url: n.url } : {}),
      status: n.state?.name ?? '',
      statusCategory: categoryOf(n.state?.type),
      assignee: n.assignee ? { id: n.assignee.id, name: n.assignee.name, ...(n.assignee.email ? { email: n.assignee.email } : {}) } : null,
      estimate: typeof n.estimate === 'number' ? n.estimate : null,
      priority: n.priority ? (PRIORITY_NAMES[n.priority] ?? null) : null,
      labels: (n.labels?.nodes ?? []).map((l) => l.name),
      updatedAt: n.updatedAt ?? new Date(0).toISOString(),
      ...(n.branchName ? { branchName: n.branchName } : {}),
    };
  }

  async function issue(key: string): Promise<LinearIssueNode | undefined> {
    try {
      return (await gql<{ issue: LinearIssueNode | null }>(Q.issue, { id: key }, `Reading ${key}`)).issue ?? undefined;
    } catch (err) {
      if (err instanceof BoardProviderError && err.details.kind === 'not_found') return undefined;
      throw err;
    }
  }
  async function requireIssue(key: string): Promise<LinearIssueNode> {
    const found = await issue(key);
    if (!found) throw new BoardProviderError(`Linear has no issue ${key}`, { retryable: false, kind: 'not_found' });
    return found;
  }
  async function teamId(key: string): Promise<string> {
    const team = (await gql<{ teams: { nodes: { id: string }[] } }>(Q.teamByKey, { key }, 'Reading the team')).teams.nodes[0];
    if (!team) throw new BoardProviderError(`Linear has no team ${key} (or the key cannot see it)`, { retryable: false, kind: 'not_found' });
    return team.id;
  }
  const update = (id: string, input: Record<string, unknown>, what: string) => gql(Q.issueUpdate, { id, input }, what);

  return {
    kind: 'linear',
    async testConnection(projectKey) {
      const { viewer } = await gql<{ viewer: { name: string; email?: string } }>(Q.viewer, {}, 'Reading the Linear account');
      if (projectKey) await teamId(projectKey);
      return { account: viewer.email ?? viewer.name };
    },
    async listActiveItems(teamKey, opts) {
      const limit = opts?.limit ?? 500;
      const items: BoardItem[] = [];
      let after: string | undefined;
      for (;;) {
        const { issues } = await gql<{ issues: { nodes: LinearIssueNode[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(
          Q.activeIssues,
          { teamKey, first: Math.min(50, limit - items.length), ...(after ? { after } : {}) },
          'Listing issues',
        );
        items.push(...issues.nodes.map(toItem));
        if (!issues.pageInfo.hasNextPage || items.length >= limit) break;
        after = issues.pageInfo.endCursor;
      }
      return items.slice(0, limit);
    },
    async getItem(key) {
      const found = await issue(key);
      return found ? toItem(found) : undefined;
    },
    async comment(key, body, marker) {
      const target = await requireIssue(key);
      await gql(Q.commentCreate, { input: { issueId: target.id, body: marker ? `${body}\n\n[${marker}]` : body } }, `Commenting on ${key}`);
    },
    async hasComment(key, marker) {
      await requireIssue(key);
      let after: string | undefined;
      for (;;) {
        const { issue: found } = await gql<{ issue: { comments: { nodes: { body: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } | null }>(
          Q.comments,
          { id: key, first: 50, ...(after ? { after } : {}) },
          `Reading comments of ${key}`,
        );
        const comments = found?.comments;
        if (!comments) return false;
        if (comments.nodes.some((c) => c.body.includes(marker))) return true;
        if (!comments.pageInfo.hasNextPage) return false;
        after = comments.pageInfo.endCursor;
      }
    },
    async transition(key, target) {
      const found = await requireIssue(key);
      const { workflowStates } = await gql<{ workflowStates: { nodes: { id: string; name: string; type: string }[] } }>(Q.states, { teamId: found.team?.id ?? '' }, 'Reading workflow states');
      const state = target.name
        ? workflowStates.nodes.find((s) => s.name.toLowerCase() === target.name!.toLowerCase())
        : target.category
          ? workflowStates.nodes.find((s) => s.type === stateTypeFor[target.category!])
          : undefined;
      if (!state) throw new BoardProviderError(`${key} has no state ${target.name ?? target.category ?? ''}`, { retryable: false, kind: 'invalid' });
      await update(found.id, { stateId: state.id }, `Moving ${key}`);
    },
    async assign(key, who) {
      const found = await requireIssue(key);
      let assigneeId: string | null = null;
      if (who !== null) {
        const { users } = await gql<{ users: { nodes: { id: string }[] } }>(Q.users, { query: who }, 'Finding the user');
        if (!users.nodes[0]) throw new BoardProviderError(`No Linear user matches '${who}'`, { retryable: false, kind: 'invalid' });
        assigneeId = users.nodes[0].id;
      }
      await update(found.id, { assigneeId }, `Assigning ${key}`);
    },
    async addLabel(key, label) {
      const found = await requireIssue(key);
      const existing = (await gql<{ issueLabels: { nodes: { id: string }[] } }>(Q.labels, { name: label }, 'Finding the label')).issueLabels.nodes[0];
      const labelId =
        existing?.id ??
        (await gql<{ issueLabelCreate: { issueLabel: { id: string } } }>(Q.labelCreate, { input: { name: label, teamId: found.team?.id } }, 'Creating the label')).issueLabelCreate.issueLabel.id;
      // addedLabelIds avoids a read-modify-write race on the label list.
      await update(found.id, { addedLabelIds: [labelId] }, `Labelling ${key}`);
    },
    async createItem(teamKey, item: NewBoardItem) {
      const team = await teamId(teamKey);
      const labelIds: string[] = [];
      for (const name of [...(item.labels ?? []), ...(item.kind ? [item.kind] : [])]) {
        const found = (await gql<{ issueLabels: { nodes: { id: string }[] } }>(Q.labels, { name }, 'Finding the label')).issueLabels.nodes[0];
        labelIds.push(found?.id ?? (await gql<{ issueLabelCreate: { issueLabel: { id: string } } }>(Q.labelCreate, { input: { name, teamId: team } }, 'Creating the label')).issueLabelCreate.issueLabel.id);
      }
      const { issueCreate } = await gql<{ issueCreate: { issue: { id: string; identifier: string; url?: string } } }>(
        Q.issueCreate,
        {
          input: {
            teamId: team,
            title: item.title,
            ...(item.description ? { description: item.description } : {}),
            ...(item.priority ? { priority: Math.min(Math.max(item.priority, 1), 4) } : {}),
            ...(labelIds.length ? { labelIds } : {}),
          },
        },
        `Creating an issue in ${teamKey}`,
      );
      return { id: issueCreate.issue.id, key: issueCreate.issue.identifier, ...(issueCreate.issue.url ? { url: issueCreate.issue.url } : {}) };
    },
    async linkPullRequest(key, link) {
      // attachmentLinkURL is idempotent per issue and URL.
      await gql(Q.attach, { issueId: key, url: link.url, title: link.title }, `Linking ${key}`);
    },
  };
}
