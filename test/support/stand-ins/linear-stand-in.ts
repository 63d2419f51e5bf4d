// A Linear stand-in: a real HTTP server on 127.0.0.1:<ephemeral> answering the named GraphQL
// operations the adapter (src/adapters/boards/linear/linear-board.ts) sends. It does not parse
// GraphQL: it dispatches on the operation name (/^\s*(query|mutation)\s+(\w+)/) and reads the
// variables, so a new document in the adapter needs a new case here. Wire behaviour copied from
// Linear (docs/integrations.md): the raw API key in Authorization (no "Bearer"),
// a wrong key → HTTP 400 + errors[].extensions.type "authentication error"; rate limits → HTTP 400
// + extensions.type "ratelimited" + retry-after / x-ratelimit-* headers; a missing entity →
// errors "Entity not found: Issue" (type "invalid input"); relay paging with a small page size.
//
//   const linear = await startLinearStandIn({ apiKey?, pageSize? = 2 });
//   linear.url, linear.apiKey                  // the /graphql endpoint and the key it accepts
//   linear.seedTeam('ENG')                     // teams also appear when an issue is seeded
//   linear.seedIssue({ title, team: 'ENG', identifier?, stateType? | stateName?, priority?, estimate?,
//                      assignee?, labels?, updatedAt?, sortOrder? })   // → the stored issue
//   linear.users                                // Ada Lovelace, Bob Builder (uuid ids, as in Linear)
//   linear.issues.get('ENG-1')                  // { state, assignee, labels, comments, attachments, … }
//   linear.labels                               // id → { id, name, teamKey | null }
//   linear.failNext(n, 'ratelimited', retryAfterSeconds?)   // next n requests rate limited (HTTP 400 + errors)
//   linear.failNext(n, 'http429', retryAfterSeconds?)       // the same body and headers, but HTTP 429
//   linear.failNext(n, 'server')                // next n requests answer 503
//   linear.failNext(n, 'slow', delaySeconds = 2)            // next n requests answer late
//   linear.requests                             // every request: { operation, variables }
//   linear.writes()                             // the mutations among them, in order
//   linear.clearRequests()                      // forget what was recorded (between steps of a test)
//   linear.seedComment('ENG-1', 'markdown')     // a comment already on the issue (reconciliation tests)
//   await linear.close()
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LinearStandInUser {
  id: string;
  name: string;
  email: string;
}

export interface LinearIssue {
  id: string;
  identifier: string;
  title: string;
  description?: string;
  team: string;
  state: { id: string; name: string; type: string };
  priority: number;
  estimate: number | null;
  assignee: LinearStandInUser | null;
  /** Label names. */
  labels: string[];
  updatedAt: string;
  sortOrder: number;
  comments: { id: string; body: string }[];
  attachments: { id: string; url: string; title: string }[];
}

export interface LinearSeedIssue {
  title: string;
  /** Team key; taken from the identifier's prefix when absent. */
  team?: string;
  /** Default `${team}-<next number>`. */
  identifier?: string;
  /** triage | backlog | unstarted | started | completed | canceled (default unstarted). */
  stateType?: string;
  /** A state by name (wins over stateType). */
  stateName?: string;
  /** 0 none, 1 urgent … 4 low. */
  priority?: number;
  estimate?: number | null;
  assignee?: LinearStandInUser | null;
  labels?: string[];
  updatedAt?: string;
  sortOrder?: number;
}

type FaultKind = 'ratelimited' | 'http429' | 'server' | 'slow';

/** Every team has the same workflow (ids are per team, as in Linear). */
const WORKFLOW = [
  { name: 'Triage', type: 'triage' },
  { name: 'Backlog', type: 'backlog' },
  { name: 'Todo', type: 'unstarted' },
  { name: 'In Progress', type: 'started' },
  { name: 'In Review', type: 'started' },
  { name: 'Done', type: 'completed' },
  { name: 'Canceled', type: 'canceled' },
];
const stateId = (team: string, name: string) => `st-${team}-${name.toLowerCase().replace(/\s+/g, '-')}`;
const statesOf = (team: string) => WORKFLOW.map((s) => ({ id: stateId(team, s.name), ...s }));
const teamId = (key: string) => `team-${key}`;
const ADA_ID = '00000000-0000-4000-8000-000000000ada';
const BOB_ID = '00000000-0000-4000-8000-000000000b0b';

class GraphQLFailure extends Error {
  constructor(
    message: string,
    readonly type: string,
    readonly userPresentableMessage?: string,
  ) {
    super(message);
  }
}
const notFound = (entity: string) => new GraphQLFailure(`Entity not found: ${entity}`, 'invalid input', `Could not find referenced ${entity}.`);

/** Values compared in a Linear filter ({ or: [{ email: { eqIgnoreCase } }, { id: { eq } }, …] }). */
function filterValues(filter: unknown): { field: string; value: string }[] {
  if (!filter || typeof filter !== 'object') return [];
  const f = filter as Record<string, unknown>;
  const out: { field: string; value: string }[] = [];
  for (const [field, cmp] of Object.entries(f)) {
    if (field === 'or' || field === 'and') {
      for (const sub of Array.isArray(cmp) ? cmp : []) out.push(...filterValues(sub));
    } else if (cmp && typeof cmp === 'object') {
      const c = cmp as { eq?: unknown; eqIgnoreCase?: unknown };
      const value = c.eq ?? c.eqIgnoreCase;
      if (typeof value === 'string') out.push({ field, value });
    }
  }
  return out;
}

export async function startLinearStandIn(options: { apiKey?: string; pageSize?: number } = {}) {
  const apiKey = options.apiKey ?? 'lin_api_standin_secret';
  const pageSize = options.pageSize ?? 2;
  const issues = new Map<string, LinearIssue>();
  const teams = new Set<string>();
  const labels = new Map<string, { id: string; name: string; teamKey: string | null }>();
  const users: LinearStandInUser[] = [
    { id: ADA_ID, name: 'Ada Lovelace', email: 'ada@example.com' },
    { id: BOB_ID, name: 'Bob Builder', email: 'bob@example.com' },
  ];
  const requests: { operation: string; variables: Record<string, unknown> }[] = [];
  const mutations: { operation: string; variables: Record<string, unknown> }[] = [];
  const faults: { kind: FaultKind; seconds?: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const counters = new Map<string, number>();
  let nextId = 1;

  const labelByName = (name: string, teamKey: string | null) =>
    [...labels.values()].find((l) => l.name.toLowerCase() === name.toLowerCase() && (l.teamKey === null || l.teamKey === teamKey));
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
    labels: { nodes: i.labels.map((name) => ({ id: labelByName(name, i.team)?.id ?? name, name })) },
    team: { id: teamId(i.team), key: i.team },
  });
  const find = (idOrKey: unknown) => issues.get(String(idOrKey)) ?? [...issues.values()].find((i) => i.id === idOrKey);
  const mustFind = (idOrKey: unknown) => find(idOrKey) ?? raise(notFound('Issue'));
  const raise = (e: Error): never => {
    throw e;
  };
  /** Relay connection over `all`; cursors are offsets. Never more than pageSize per page. */
  const page = <T>(all: T[], after: unknown, first: unknown) => {
    const start = typeof after === 'string' && after !== '' ? Number(after) : 0;
    const size = Math.min(typeof first === 'number' ? first : 50, pageSize);
    const nodes = all.slice(start, start + size);
    return { nodes, pageInfo: { hasNextPage: start + size < all.length, endCursor: nodes.length ? String(start + nodes.length) : null } };
  };
  const touch = (i: LinearIssue) => (i.updatedAt = new Date().toISOString());

  function answer(operation: string, v: Record<string, unknown>): unknown {
    switch (operation) {
      case 'Viewer':
        return { viewer: { id: 'u-bot', name: 'Sprintguard Bot', email: 'bot@example.com' } };
      case 'TeamByKey': {
        const key = String(v.key);
        return { teams: { nodes: teams.has(key) ? [{ id: teamId(key), key, name: `Team ${key}` }] : [] } };
      }
      case 'ActiveIssues': {
        // Linear's order for sort [priority (no priority last), manual].
        const active = [...issues.values()]
          .filter((i) => i.team === v.teamKey && ['triage', 'backlog', 'unstarted', 'started'].includes(i.state.type))
          .sort((a, b) => (a.priority || 5) - (b.priority || 5) || a.sortOrder - b.sortOrder);
        return { issues: page(active.map(view), v.after, v.first) };
      }
      case 'Issue':
        return { issue: view(mustFind(v.id)) };
      case 'IssueComments':
        return { issue: { comments: page(mustFind(v.id).comments, v.after, v.first) } };
      case 'CommentCreate': {
        const input = v.input as { issueId: string; body: string };
        const i = mustFind(input.issueId);
        const comment = { id: `c-${nextId++}`, body: input.body };
        i.comments.push(comment);
        return { commentCreate: { success: true, comment: { id: comment.id } } };
      }
      case 'WorkflowStates': {
        const key = [...teams].find((t) => teamId(t) === v.teamId);
        return { workflowStates: { nodes: key ? statesOf(key) : [] } };
      }
      case 'IssueUpdate': {
        const i = mustFind(v.id);
        const input = v.input as { stateId?: string; assigneeId?: string | null; addedLabelIds?: string[] };
        if (input.stateId !== undefined) i.state = statesOf(i.team).find((s) => s.id === input.stateId) ?? raise(notFound('WorkflowState'));
        if (input.assigneeId !== undefined) i.assignee = input.assigneeId === null ? null : (users.find((u) => u.id === input.assigneeId) ?? raise(notFound('User')));
        for (const id of input.addedLabelIds ?? []) {
          const label = labels.get(id) ?? raise(notFound('IssueLabel'));
          if (label.teamKey !== null && label.teamKey !== i.team) raise(new GraphQLFailure('Label belongs to another team', 'invalid input'));
          if (!i.labels.includes(label.name)) i.labels.push(label.name);
        }
        touch(i);
        return { issueUpdate: { success: true, issue: { id: i.id } } };
      }
      case 'Users': {
        const wanted = filterValues(v.filter);
        const matches = (u: LinearStandInUser) =>
          wanted.some(({ field, value }) =>
            field === 'id' ? u.id === value : field === 'email' ? u.email.toLowerCase() === value.toLowerCase() : ['name', 'displayName'].includes(field) && u.name.toLowerCase() === value.toLowerCase(),
          );
        return { users: { nodes: users.filter(matches) } };
      }
      case 'IssueLabels': {
        const name = String(v.name).toLowerCase();
        const nodes = [...labels.values()].filter((l) => l.name.toLowerCase() === name).map((l) => ({ id: l.id, name: l.name, team: l.teamKey ? { id: teamId(l.teamKey) } : null }));
        return { issueLabels: { nodes } };
      }
      case 'IssueLabelCreate': {
        const input = v.input as { name: string; teamId?: string };
        const teamKey = input.teamId ? ([...teams].find((t) => teamId(t) === input.teamId) ?? raise(notFound('Team'))) : null;
        if (labelByName(input.name, teamKey)) raise(new GraphQLFailure('Duplicate label name', 'invalid input'));
        const label = { id: `l-${nextId++}`, name: input.name, teamKey };
        labels.set(label.id, label);
        return { issueLabelCreate: { success: true, issueLabel: { id: label.id, name: label.name } } };
      }
      case 'IssueCreate': {
        const input = v.input as { teamId: string; title: string; description?: string; priority?: number; labelIds?: string[] };
        const team = [...teams].find((t) => teamId(t) === input.teamId) ?? raise(notFound('Team'));
        const names = (input.labelIds ?? []).map((id) => (labels.get(id) ?? raise(notFound('IssueLabel'))).name);
        const created = api.seedIssue({ title: input.title, team, priority: input.priority ?? 0, labels: names });
        if (input.description) created.description = input.description;
        return { issueCreate: { success: true, issue: { id: created.id, identifier: created.identifier, url: `https://linear.app/acme/issue/${created.identifier}` } } };
      }
      case 'AttachmentLinkURL': {
        const i = mustFind(v.issueId);
        // Idempotent per issue + URL, as Linear documents.
        let attachment = i.attachments.find((a) => a.url === v.url);
        if (!attachment) {
          attachment = { id: `a-${nextId++}`, url: String(v.url), title: String(v.title ?? v.url) };
          i.attachments.push(attachment);
        }
        return { attachmentLinkURL: { success: true, attachment: { id: attachment.id } } };
      }
      default:
        throw new GraphQLFailure(`the stand-in does not know operation '${operation}'`, 'graphql error');
    }
  }

  function handle(req: http.IncomingMessage, raw: string, send: (status: number, body: unknown, headers?: Record<string, string>) => void) {
    let body: { query?: string; variables?: Record<string, unknown> };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return send(400, { errors: [{ message: 'Invalid JSON', extensions: { type: 'invalid input' } }] });
    }
    const match = /^\s*(query|mutation)\s+(\w+)/.exec(body.query ?? '');
    const request = { operation: match?.[2] ?? '', variables: body.variables ?? {} };
    requests.push(request);
    if (match?.[1] === 'mutation') mutations.push(request);

    const fault = faults.shift();
    if (fault?.kind === 'ratelimited' || fault?.kind === 'http429') {
      const headers: Record<string, string> = {
        'x-ratelimit-requests-limit': '1500',
        'x-ratelimit-requests-remaining': '0',
        'x-ratelimit-requests-reset': String(Date.now() + (fault.seconds ?? 60) * 1000),
        ...(fault.seconds !== undefined ? { 'retry-after': String(fault.seconds) } : {}),
      };
      const status = fault.kind === 'http429' ? 429 : 400;
      return send(status, { errors: [{ message: 'Rate limit exceeded', extensions: { type: 'ratelimited', userPresentableMessage: 'Rate limit exceeded' } }] }, headers);
    }
    if (fault?.kind === 'server') return send(503, { errors: [{ message: 'Service unavailable', extensions: { type: 'internal error' } }] });

    const respond = () => {
      if (req.headers.authorization !== apiKey) {
        return send(400, { errors: [{ message: 'Authentication required', extensions: { type: 'authentication error', userPresentableMessage: 'You need to authenticate' } }] });
      }
      try {
        send(200, { data: answer(request.operation, request.variables) });
      } catch (err) {
        if (!(err instanceof GraphQLFailure)) throw err;
        const extensions = { type: err.type, ...(err.userPresentableMessage ? { userPresentableMessage: err.userPresentableMessage } : {}) };
        send(200, { data: null, errors: [{ message: err.message, extensions }] });
      }
    };
    if (fault?.kind !== 'slow') return respond();
    const timer = setTimeout(() => {
      timers.delete(timer);
      respond();
    }, (fault.seconds ?? 2) * 1000);
    timers.add(timer);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () =>
      handle(req, raw, (status, body, headers = {}) => {
        if (res.destroyed) return; // the client gave up (slow fault)
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(body));
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;

  const api = {
    url,
    apiKey,
    requests,
    issues,
    users,
    labels,
    writes: () => [...mutations],
    failNext(n: number, kind: FaultKind = 'ratelimited', seconds?: number) {
      for (let i = 0; i < n; i++) faults.push({ kind, ...(seconds !== undefined ? { seconds } : {}) });
    },
    clearRequests() {
      requests.length = 0;
      mutations.length = 0;
    },
    seedComment(identifier: string, body: string) {
      const issue = issues.get(identifier);
      if (!issue) throw new Error(`no seeded issue ${identifier}`);
      issue.comments.push({ id: `c-${nextId++}`, body });
    },
    seedTeam(key: string) {
      teams.add(key);
    },
    seedIssue(seed: LinearSeedIssue): LinearIssue {
      const team = seed.team ?? seed.identifier?.split('-')[0];
      if (!team) throw new Error('seedIssue needs a team or an identifier');
      teams.add(team);
      const number = seed.identifier ? Number(seed.identifier.split('-')[1]) : (counters.get(team) ?? 0) + 1;
      if (Number.isFinite(number)) counters.set(team, Math.max(counters.get(team) ?? 0, number));
      const identifier = seed.identifier ?? `${team}-${number}`;
      for (const name of seed.labels ?? []) {
        if (!labelByName(name, team)) {
          const id = `l-${nextId++}`;
          labels.set(id, { id, name, teamKey: null });
        }
      }
      const states = statesOf(team);
      const state = seed.stateName
        ? states.find((s) => s.name.toLowerCase() === seed.stateName!.toLowerCase())
        : states.find((s) => s.type === (seed.stateType ?? 'unstarted'));
      if (!state) throw new Error(`no workflow state ${seed.stateName ?? seed.stateType}`);
      const issue: LinearIssue = {
        id: `iss-${nextId++}`,
        identifier,
        title: seed.title,
        team,
        state,
        priority: seed.priority ?? 0,
        estimate: seed.estimate ?? null,
        assignee: seed.assignee ?? null,
        labels: [...(seed.labels ?? [])],
        updatedAt: seed.updatedAt ?? new Date().toISOString(),
        sortOrder: seed.sortOrder ?? issues.size + 1,
        comments: [],
        attachments: [],
      };
      issues.set(identifier, issue);
      return issue;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

export type LinearStandIn = Awaited<ReturnType<typeof startLinearStandIn>>;
