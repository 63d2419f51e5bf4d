// A Linear stand-in: a real HTTP server on 127.0.0.1 answering the named GraphQL operations the
// adapter sends (../shared/research/integrations.md §1B), by operation name and variables — it does
// not parse GraphQL. Raw API-key auth; relay paging with a small page size; Linear's rate-limit
// shape (HTTP 400, errors[].extensions.type "ratelimited", retry-after header).
//
//   const linear = await startLinearStandIn();        // { url, apiKey }
//   linear.seedIssue({ identifier: 'ENG-1', title: 'Crash on save', stateType: 'started' });
//   linear.failNext(1, 'ratelimited', 1);
//   linear.writes()                                    // mutations received, in order
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LinearIssue {
  id: string;
  identifier: string;
  title: string;
  team: string;
  state: { id: string; name: string; type: string };
  priority: number;
  estimate: number | null;
  assignee: { id: string; name: string; email: string } | null;
  labels: string[];
  updatedAt: string;
  sortOrder: number;
  comments: { id: string; body: string }[];
  attachments: { url: string; title: string }[];
}

const STATES = [
  { id: 'st-todo', name: 'Todo', type: 'unstarted' },
  { id: 'st-doing', name: 'In Progress', type: 'started' },
  { id: 'st-done', name: 'Done', type: 'completed' },
  { id: 'st-backlog', name: 'Backlog', type: 'backlog' },
];

export async function startLinearStandIn(options: { apiKey?: string; pageSize?: number } = {}) {
  const apiKey = options.apiKey ?? 'lin_api_standin_secret';
  const pageSize = options.pageSize ?? 2;
  const issues = new Map<string, LinearIssue>();
  const teams = new Set<string>();
  const labels = new Map<string, string>(); // name → id
  const users = [
    { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
    { id: 'u-bob', name: 'Bob Builder', email: 'bob@example.com' },
  ];
  const requests: { operation: string; variables: Record<string, unknown> }[] = [];
  const faults: { kind: 'ratelimited' | 'server'; retryAfter?: number }[] = [];
  let nextId = 1;
  const counters = new Map<string, number>();

  const view = (i: LinearIssue) => ({
    id: i.id,
    identifier: i.identifier,
    title: i.title,
    url: `https://linear.app/acme/issue/${i.identifier}`,
    priority: i.priority,
    estimate: i.estimate,
    sortOrder: i.sortOrder,
    branchName: `ada/${i.identifier.toLowerCase()}`,
    updatedAt: i.updatedAt,
    state: i.state,
    assignee: i.assignee,
    labels: { nodes: i.labels.map((name) => ({ id: labels.get(name) ?? name, name })) },
    team: { id: `team-${i.team}`, key: i.team },
  });
  const find = (idOrKey: unknown) => [...issues.values()].find((i) => i.id === idOrKey || i.identifier === idOrKey);
  const page = <T,>(all: T[], after: unknown, first: unknown) => {
    const start = typeof after === 'string' ? Number(after) : 0;
    const size = Math.min(typeof first === 'number' ? first : 50, pageSize);
    const nodes = all.slice(start, start + size);
    return { nodes, pageInfo: { hasNextPage: start + size < all.length, endCursor: String(start + size) } };
  };

  function answer(operation: string, v: Record<string, unknown>): unknown {
    switch (operation) {
      case 'Viewer':
        return { viewer: { id: 'u-bot', name: 'Sprintguard Bot', email: 'bot@example.com' } };
      case 'TeamByKey':
        return { teams: { nodes: teams.has(String(v.key)) ? [{ id: `team-${String(v.key)}`, key: v.key, name: `Team ${String(v.key)}` }] : [] } };
      case 'ActiveIssues': {
        const active = [...issues.values()]
          .filter((i) => i.team === v.teamKey && ['triage', 'backlog', 'unstarted', 'started'].includes(i.state.type))
          .sort((a, b) => (a.priority || 5) - (b.priority || 5) || a.sortOrder - b.sortOrder);
        return { issues: page(active.map(view), v.after, v.first) };
      }
      case 'Issue': {
        const i = find(v.id);
        if (!i) throw Object.assign(new Error('Entity not found'), { type: 'invalid input' });
        return { issue: view(i) };
      }
      case 'IssueComments': {
        const i = find(v.id);
        if (!i) throw Object.assign(new Error('Entity not found'), { type: 'invalid input' });
        return { issue: { comments: page(i.comments, v.after, v.first) } };
      }
      case 'CommentCreate': {
        const input = v.input as { issueId: string; body: string };
        const i = find(input.issueId);
        if (!i) throw Object.assign(new Error('Entity not found'), { type: 'invalid input' });
        const c = { id: `c-${nextId++}`, body: input.body };
        i.comments.push(c);
        return { commentCreate: { success: true, comment: { id: c.id } } };
      }
      case 'WorkflowStates':
        return { workflowStates: { nodes: STATES } };
      case 'IssueUpdate': {
        const i = find(v.id);
        if (!i) throw Object.assign(new Error('Entity not found'), { type: 'invalid input' });
        const input = v.input as { stateId?: string; assigneeId?: string | null; addedLabelIds?: string[] };
        if (input.stateId) i.state = STATES.find((s) => s.id === input.stateId) ?? i.state;
        if (input.assigneeId !== undefined) i.assignee = input.assigneeId === null ? null : (users.find((u) => u.id === input.assigneeId) ?? null);
        for (const id of input.addedLabelIds ?? []) {
          const name = [...labels].find(([, lid]) => lid === id)?.[0];
          if (name && !i.labels.includes(name)) i.labels.push(name);
        }
        i.updatedAt = new Date().toISOString();
        return { issueUpdate: { success: true, issue: { id: i.id } } };
      }
      case 'Users': {
        const q = (typeof v.query === 'string' ? v.query : '').toLowerCase();
        return { users: { nodes: users.filter((u) => u.email.toLowerCase() === q || u.name.toLowerCase() === q || u.id === q) } };
      }
      case 'IssueLabels': {
        const id = labels.get(String(v.name).toLowerCase());
        return { issueLabels: { nodes: id ? [{ id, name: String(v.name).toLowerCase() }] : [] } };
      }
      case 'IssueLabelCreate': {
        const input = v.input as { name: string };
        const id = `l-${nextId++}`;
        labels.set(input.name.toLowerCase(), id);
        return { issueLabelCreate: { success: true, issueLabel: { id, name: input.name } } };
      }
      case 'IssueCreate': {
        const input = v.input as { teamId: string; title: string; description?: string; priority?: number; labelIds?: string[] };
        const team = input.teamId.replace(/^team-/, '');
        const created = api.seedIssue({ identifier: `${team}-${(counters.get(team) ?? 0) + 1}`, title: input.title, team, priority: input.priority ?? 0 });
        return { issueCreate: { success: true, issue: { id: created.id, identifier: created.identifier, url: `https://linear.app/acme/issue/${created.identifier}` } } };
      }
      case 'AttachmentLinkURL': {
        const i = find(v.issueId);
        if (!i) throw Object.assign(new Error('Entity not found'), { type: 'invalid input' });
        if (!i.attachments.some((a) => a.url === v.url)) i.attachments.push({ url: String(v.url), title: String(v.title) });
        return { attachmentLinkURL: { success: true } };
      }
      default:
        throw Object.assign(new Error(`stand-in does not know operation ${operation}`), { type: 'invalid input' });
    }
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      let body: { query?: string; variables?: Record<string, unknown> };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return send(400, { errors: [{ message: 'Invalid JSON', extensions: { type: 'invalid input' } }] });
      }
      const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(body.query ?? '')?.[1] ?? '';
      const variables = body.variables ?? {};
      requests.push({ operation, variables });
      const fault = faults.shift();
      if (fault?.kind === 'ratelimited') {
        return send(400, { errors: [{ message: 'Rate limit exceeded', extensions: { type: 'ratelimited' } }] }, fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {});
      }
      if (fault?.kind === 'server') return send(503, { errors: [{ message: 'Service unavailable' }] });
      if (req.headers.authorization !== apiKey) {
        return send(400, { errors: [{ message: 'Authentication required, not authenticated', extensions: { type: 'authentication error', userPresentableMessage: 'You need to authenticate' } }] });
      }
      try {
        send(200, { data: answer(operation, variables) });
      } catch (err) {
        const e = err as Error & { type?: string };
        send(200, { data: null, errors: [{ message: e.message, extensions: { type: e.type ?? 'internal error' } }] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;

  const api = {
    url,
    apiKey,
    requests,
    issues,
    users,
    writes: () => requests.filter((r) => /Create$|Update$|^AttachmentLinkURL$/.test(r.operation)),
    failNext(n: number, kind: 'ratelimited' | 'server' = 'ratelimited', retryAfterSeconds?: number) {
      for (let i = 0; i < n; i++) faults.push({ kind, ...(retryAfterSeconds !== undefined ? { retryAfter: retryAfterSeconds } : {}) });
    },
    seedTeam(key: string) {
      teams.add(key);
    },
    seedIssue(seed: { identifier: string; title: string; team?: string; stateType?: string; priority?: number; estimate?: number | null; assignee?: LinearIssue['assignee']; labels?: string[]; updatedAt?: string }): LinearIssue {
      const team = seed.team ?? seed.identifier.split('-')[0]!;
      teams.add(team);
      const n = Number(seed.identifier.split('-')[1]);
      if (Number.isFinite(n)) counters.set(team, Math.max(counters.get(team) ?? 0, n));
      for (const l of seed.labels ?? []) if (!labels.has(l)) labels.set(l, `l-${nextId++}`);
      const issue: LinearIssue = {
        id: `iss-${nextId++}`,
        identifier: seed.identifier,
        title: seed.title,
        team,
        state: STATES.find((s) => s.type === (seed.stateType ?? 'unstarted'))!,
        priority: seed.priority ?? 0,
        estimate: seed.estimate ?? null,
        assignee: seed.assignee ?? null,
        labels: seed.labels ?? [],
        updatedAt: seed.updatedAt ?? new Date().toISOString(),
        sortOrder: issues.size + 1,
        comments: [],
        attachments: [],
      };
      issues.set(issue.identifier, issue);
      return issue;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

export type LinearStandIn = Awaited<ReturnType<typeof startLinearStandIn>>;
