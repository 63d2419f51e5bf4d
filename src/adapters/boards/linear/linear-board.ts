// Linear (GraphQL) behind the board-provider port: plain fetch with a handful of named documents
// (docs/integrations.md; the SDK is 8 MB and breaks its API almost weekly).
// Vendor quirks this file is built around:
// - A personal API key goes in Authorization as is (no "Bearer").
// - Any response carrying `errors` is a failure, whatever its HTTP status. Linear reports rate limits
//   in the body (errors[].extensions.type "ratelimited", usually HTTP 400) with a retry-after header,
//   which vendorFetch cannot see, so gql() retries those itself; vendorFetch retries 429/5xx/network.
// - Relay paging (first/after); `first` stays ≤ 50 because query complexity multiplies by page size.
// - Issue ids accept the identifier ("ENG-12") as well as the uuid, so most calls need no lookup.
import { backoffDelay, sleep as timerSleep } from '../../../lib/retry.js';
import { VendorHttpError, retryAfterMs, vendorFetch } from '../../outbound-http/vendor-http.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readBoundedJson, ResponseTooLargeError } from '../../outbound-http/bounded-body.js';
import { capBoardItem } from '../board-text-limits.js';
import { assertProviderUrlAllowed } from '../url-policy.js';
import {
  BoardProviderError,
  type BoardItem,
  type BoardProvider,
  type LinearConnection,
  type NewBoardItem,
  type StatusCategory,
  type TransitionTarget,
} from '../board-provider.js';

export interface LinearBoardOptions {
  /** Largest answer read, in bytes (default 8 MiB); a larger one fails the call. */
  maxResponseBytes?: number;
  /** ALLOW_PRIVATE_PROVIDER_URLS (default false: https on a public host only). */
  allowPrivateUrls?: boolean;
  timeoutMs?: number;
  /** Attempts after the first, for rate limits and server errors (default 3). */
  maxRetries?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_URL = 'https://api.linear.app/graphql';
const PAGE = 50;
const MAX_RETRY_AFTER_MS = 30_000;

const ISSUE_FIELDS = `id identifier title url priority estimate sortOrder branchName updatedAt
  state { id name type } assignee { id name email } labels { nodes { id name } } team { id key }`;

const DOCUMENTS = {
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
  users: `query Users($filter: UserFilter!) { users(filter: $filter) { nodes { id name email } } }`,
  labels: `query IssueLabels($name: String!) { issueLabels(filter: { name: { eqIgnoreCase: $name } }) { nodes { id name team { id } } } }`,
  labelCreate: `mutation IssueLabelCreate($input: IssueLabelCreateInput!) { issueLabelCreate(input: $input) { success issueLabel { id name } } }`,
  issueCreate: `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id identifier url } } }`,
  attach: `mutation AttachmentLinkURL($issueId: String!, $url: String!, $title: String) {
    attachmentLinkURL(issueId: $issueId, url: $url, title: $title) { success attachment { id } } }`,
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

interface Connection<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

interface GraphQLError {
  message?: string;
  extensions?: { type?: string; userPresentableMessage?: string };
}

const PRIORITY_NAMES: Record<number, string> = { 1: 'Urgent', 2: 'High', 3: 'Medium', 4: 'Low' };
const ACTIVE_TYPES = new Set(['triage', 'backlog', 'unstarted', 'started']);
const categoryOf = (type: string | undefined): StatusCategory =>
  type === 'started' ? 'in_progress' : type && !ACTIVE_TYPES.has(type) ? 'done' : 'todo';
const stateTypeFor: Record<StatusCategory, string> = { todo: 'unstarted', in_progress: 'started', done: 'completed' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The closing bracket keeps marker act-1 from matching a comment of act-12. */
const markerText = (marker: string) => `[${marker}]`;
const defaultSleep = (ms: number) => timerSleep(ms);

export function createLinearBoard(connection: LinearConnection, options: LinearBoardOptions = {}): BoardProvider {
  const endpoint = assertProviderUrlAllowed(connection.api_url ?? DEFAULT_URL, options.allowPrivateUrls ?? false).toString();
  const maxRetries = options.maxRetries ?? 3;
  const sleep = options.sleep ?? defaultSleep;

  /** One GraphQL call. Every failure becomes a BoardProviderError whose message never holds the key. */
  async function gql<T>(document: string, variables: Record<string, unknown>, what: string, repeatable = true): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await vendorFetch(
          endpoint,
          {
            method: 'POST',
            headers: { authorization: connection.api_key, 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ query: document, variables }),
          },
          { vendor: 'Linear', timeoutMs: options.timeoutMs ?? 10_000, maxRetries, maxRetryAfterMs: MAX_RETRY_AFTER_MS, sleep, repeatable, ...(options.fetch ? { fetch: options.fetch } : {}) },
        );
      } catch (err) {
        if (!(err instanceof VendorHttpError)) throw err;
        const kind = err.status === 429 ? 'rate_limited' : 'unavailable';
        throw new BoardProviderError(`${what}: ${err.message}`, { ...(err.status ? { status: err.status } : {}), retryable: true, kind, ...(err.maybeApplied ? { maybeApplied: true } : {}) });
      }
      const status = response.status;
      let body: { data?: T | null; errors?: GraphQLError[] } | undefined;
      try {
        body = await readBoundedJson<NonNullable<typeof body>>(response, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, { vendor: 'Linear' });
      } catch (err) {
        if (err instanceof ResponseTooLargeError) throw new BoardProviderError(`${what}: ${err.message}`, { status, retryable: false, kind: 'invalid' });
        body = undefined;
      }
      const error = body?.errors?.[0];
      const type = error?.extensions?.type?.toLowerCase();
      if (type === 'ratelimited') {
        if (attempt >= maxRetries) {
          throw new BoardProviderError(`${what}: Linear rate limited the request after ${maxRetries + 1} attempts`, { status, retryable: true, kind: 'rate_limited' });
        }
        const hinted = retryAfterMs(response.headers.get('retry-after'));
        await sleep(Math.min(hinted ?? backoffDelay(attempt, { initialMs: 500, maxMs: MAX_RETRY_AFTER_MS, jitter: 0.5 }), MAX_RETRY_AFTER_MS));
        continue;
      }
      if (type === 'authentication error' || status === 401) {
        throw new BoardProviderError('Linear rejected the API key', { status, retryable: false, kind: 'auth' });
      }
      if (type === 'forbidden' || status === 403) {
        throw new BoardProviderError(`${what}: the Linear API key may not do this`, { status, retryable: false, kind: 'auth' });
      }
      if (error) {
        // Linear: message "Entity not found: Issue", userPresentableMessage "Could not find referenced Issue."
        const texts = [error.message ?? '', error.extensions?.userPresentableMessage ?? ''];
        const notFound = texts.some((t) => /not found|could not find/i.test(t));
        const shown = error.extensions?.userPresentableMessage ?? error.message ?? 'unknown error';
        throw new BoardProviderError(`${what}: ${shown}`, { status, retryable: false, kind: notFound ? 'not_found' : 'invalid' });
      }
      if (!body?.data) {
        throw new BoardProviderError(`${what}: Linear answered ${status} without data`, { status, retryable: false, kind: 'unavailable' });
      }
      return body.data;
    }
  }

  /** Mutations answer { success }; false means Linear refused without an error. */
  /** `repeatable: false` for a mutation that would act twice if sent twice (creating a comment or an issue). */
  async function mutate(document: string, variables: Record<string, unknown>, field: string, what: string, repeatable = true): Promise<Record<string, unknown>> {
    const data = await gql<Record<string, { success?: boolean } & Record<string, unknown>>>(document, variables, what, repeatable);
    const result = data[field];
    if (!result?.success) throw new BoardProviderError(`${what}: Linear did not accept the change`, { retryable: false, kind: 'invalid' });
    return result;
  }

  /** Relay paging: yields each page's nodes until hasNextPage is false (the caller may stop early). */
  async function* paged<D, T>(document: string, variables: Record<string, unknown>, what: string, pick: (data: D) => Connection<T> | undefined, first = PAGE) {
    let after: string | undefined;
    for (;;) {
      const data = await gql<D>(document, { ...variables, first: Math.min(first, PAGE), ...(after ? { after } : {}) }, what);
      const page = pick(data);
      if (!page) return;
      yield page.nodes;
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
      after = page.pageInfo.endCursor;
    }
  }

  function toItem(n: LinearIssueNode): BoardItem {
    return capBoardItem({
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
    });
  }

  async function findIssue(key: string): Promise<LinearIssueNode | undefined> {
    try {
      return (await gql<{ issue: LinearIssueNode | null }>(DOCUMENTS.issue, { id: key }, `Reading ${key}`)).issue ?? undefined;
    } catch (err) {
      if (err instanceof BoardProviderError && err.details.kind === 'not_found') return undefined;
      throw err;
    }
  }
  async function requireIssue(key: string): Promise<LinearIssueNode & { team: { id: string; key: string } }> {
    const found = await findIssue(key);
    if (!found) throw new BoardProviderError(`Linear has no issue ${key}`, { retryable: false, kind: 'not_found' });
    if (!found.team) throw new BoardProviderError(`Linear did not say which team owns ${key}`, { retryable: false, kind: 'unavailable' });
    return found as LinearIssueNode & { team: { id: string; key: string } };
  }
  async function teamId(key: string): Promise<string> {
    const team = (await gql<{ teams: { nodes: { id: string }[] } }>(DOCUMENTS.teamByKey, { key }, `Reading team ${key}`)).teams.nodes[0];
    if (!team) throw new BoardProviderError(`Linear has no team ${key} (or the API key cannot see it)`, { retryable: false, kind: 'not_found' });
    return team.id;
  }
  /** A workspace label or one of the team's (a label of another team cannot go on this issue); created on the team when missing. */
  async function labelId(name: string, team: string): Promise<string> {
    const { issueLabels } = await gql<{ issueLabels: { nodes: { id: string; team?: { id: string } | null }[] } }>(DOCUMENTS.labels, { name }, `Finding label ${name}`);
    const usable = issueLabels.nodes.find((l) => l.team?.id === team) ?? issueLabels.nodes.find((l) => !l.team);
    if (usable) return usable.id;
    const created = await mutate(DOCUMENTS.labelCreate, { input: { name, teamId: team } }, 'issueLabelCreate', `Creating label ${name}`);
    return (created.issueLabel as { id: string }).id;
  }
  const update = (id: string, input: Record<string, unknown>, what: string) => mutate(DOCUMENTS.issueUpdate, { id, input }, 'issueUpdate', what);

  return {
    kind: 'linear',

    async testConnection(projectKey) {
      const { viewer } = await gql<{ viewer: { name: string; email?: string } }>(DOCUMENTS.viewer, {}, 'Reading the Linear account');
      if (projectKey) await teamId(projectKey);
      return { account: viewer.email || viewer.name };
    },

    async listActiveItems(teamKey, opts) {
      const limit = opts?.limit ?? 500;
      const items: BoardItem[] = [];
      if (limit <= 0) return items;
      // Linear sorts: priority ascending with "no priority" (0) last, then the manual board order.
      const pages = paged(DOCUMENTS.activeIssues, { teamKey }, `Listing ${teamKey} issues`, (d: { issues: Connection<LinearIssueNode> }) => d.issues, limit);
      for await (const nodes of pages) {
        items.push(...nodes.map(toItem));
        if (items.length >= limit) break;
      }
      return items.slice(0, limit);
    },

    async getItem(key) {
      const found = await findIssue(key);
      return found ? toItem(found) : undefined;
    },

    async comment(key, body, marker) {
      // A final "[marker]" line stays visible in Linear's markdown (HTML comments are stripped).
      await mutate(DOCUMENTS.commentCreate, { input: { issueId: key, body: marker ? `${body}\n\n${markerText(marker)}` : body } }, 'commentCreate', `Commenting on ${key}`, false);
    },

    async hasComment(key, marker) {
      type Data = { issue: { comments: Connection<{ body: string }> } | null };
      for await (const nodes of paged(DOCUMENTS.comments, { id: key }, `Reading comments of ${key}`, (d: Data) => d.issue?.comments)) {
        if (nodes.some((c) => c.body.includes(markerText(marker)))) return true;
      }
      return false;
    },

    async transition(key, target: TransitionTarget) {
      const found = await requireIssue(key);
      const { workflowStates } = await gql<{ workflowStates: { nodes: { id: string; name: string; type: string }[] } }>(
        DOCUMENTS.states,
        { teamId: found.team.id },
        `Reading the workflow of ${found.team.key}`,
      );
      const states = workflowStates.nodes;
      const state =
        (target.name ? states.find((s) => s.name.toLowerCase() === target.name!.toLowerCase()) : undefined) ??
        (target.category ? states.find((s) => s.type === stateTypeFor[target.category!]) : undefined);
      if (!state) {
        const wanted = [target.name && `'${target.name}'`, target.category].filter(Boolean).join(' or ') || 'no state given';
        throw new BoardProviderError(`${key}: team ${found.team.key} has no workflow state ${wanted}`, { retryable: false, kind: 'invalid' });
      }
      if (found.state?.id === state.id) return;
      await update(found.id, { stateId: state.id }, `Moving ${key}`);
    },

    async assign(key, who) {
      let assigneeId: string | null = null;
      if (who !== null) {
        const filter = {
          or: [{ email: { eqIgnoreCase: who } }, { name: { eqIgnoreCase: who } }, { displayName: { eqIgnoreCase: who } }, ...(UUID.test(who) ? [{ id: { eq: who } }] : [])],
        };
        const { users } = await gql<{ users: { nodes: { id: string; name: string; email?: string }[] } }>(DOCUMENTS.users, { filter }, 'Finding the assignee');
        const lower = who.toLowerCase();
        const user =
          users.nodes.find((u) => u.id === who) ?? users.nodes.find((u) => u.email?.toLowerCase() === lower) ?? (users.nodes.length === 1 ? users.nodes[0] : undefined);
        if (!user) {
          const why = users.nodes.length > 1 ? `${users.nodes.length} Linear users match` : 'No Linear user matches';
          throw new BoardProviderError(`${why} '${who}'`, { retryable: false, kind: 'invalid' });
        }
        assigneeId = user.id;
      }
      await update(key, { assigneeId }, `Assigning ${key}`);
    },

    async addLabel(key, label) {
      const found = await requireIssue(key);
      const id = await labelId(label, found.team.id);
      // addedLabelIds avoids a read-modify-write race on the label list.
      await update(found.id, { addedLabelIds: [id] }, `Labelling ${key}`);
    },

    async createItem(teamKey, item: NewBoardItem) {
      const team = await teamId(teamKey);
      const names = [...new Set([...(item.labels ?? []), ...(item.kind ? [item.kind] : [])])];
      const labelIds: string[] = [];
      for (const name of names) labelIds.push(await labelId(name, team));
      const created = await mutate(
        DOCUMENTS.issueCreate,
        {
          input: {
            teamId: team,
            title: item.title,
            ...(item.description ? { description: item.description } : {}),
            ...(item.priority ? { priority: Math.min(Math.max(Math.round(item.priority), 1), 4) } : {}),
            ...(labelIds.length ? { labelIds } : {}),
          },
        },
        'issueCreate',
        `Creating an issue in ${teamKey}`,
        false,
      );
      const issue = created.issue as { id: string; identifier: string; url?: string };
      return { id: issue.id, key: issue.identifier, ...(issue.url ? { url: issue.url } : {}) };
    },

    async linkPullRequest(key, link) {
      // attachmentLinkURL is idempotent per issue and URL, so the globalId is not needed here.
      await mutate(DOCUMENTS.attach, { issueId: key, url: link.url, title: link.title }, 'attachmentLinkURL', `Linking ${key}`);
    },
  };
}
