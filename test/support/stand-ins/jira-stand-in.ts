// A Jira Cloud stand-in: a real HTTP server on 127.0.0.1 speaking the REST v3 wire format the
// adapter uses (docs/integrations.md). In-memory projects, issues, users,
// comments (ADF), transitions and remote links; basic auth checked; small pages; fault injection.
// Routes: GET /rest/api/3/myself, GET /rest/api/3/project/{key}, GET|POST /rest/api/3/search/jql
// (JQL subset: project = "KEY", statusCategory != Done, ORDER BY Rank), GET /rest/api/3/issue/{key},
// PUT /rest/api/3/issue/{key} (update.labels add), GET|POST …/comment (startAt paging), GET|POST
// …/transitions (To Do / In Progress / Done, none to the current status), PUT …/assignee,
// POST …/remotelink (upsert on globalId: 201 then 200), GET /rest/api/3/user/assignable/search,
// POST /rest/api/3/issue. Anything else answers 404 "No stand-in route".
//
//   const jira = await startJiraStandIn({ pageSize?: 2, email?, token?, delayMs? });
//   createJiraBoard({ board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token },
//                   { allowPrivateUrls: true, sleep: async () => {} });   // no real waiting on retries
//   jira.seedProject('ENG')                            // projects also appear when an issue is seeded
//   jira.seedIssue({ key: 'ENG-1', summary: 'Fix login', statusCategory?: 'new' | 'indeterminate' | 'done',
//                    status?, assignee?: jira.users[0], priority?: 'High', estimate?: 3, labels?, rank?, updated? })
//   jira.seedComment('ENG-1', 'text')                  // a comment already on the issue (reconciliation tests)
//   jira.users                                         // Ada Lovelace (acc-ada), Bob Builder (acc-bob)
//   jira.issues.get('ENG-1')                           // live state: status, assignee, labels, comments, remoteLinks…
//   jira.failNext(2, 429, 1)                           // next 2 requests: 429 + Retry-After: 1 (+ X-RateLimit-* headers)
//   jira.failNext(1, 503)                              // next request: 503 (no Retry-After)
//   jira.slowNext(1, 500)                              // next request answers 500 ms late (timeouts)
//   jira.setDelay(ms) / jira.setWriteDelay(ms)         // every request / every write answers late
//   jira.requests                                      // every request: { method, path (+query), body, authorized, status }
//   jira.writes()                                      // the requests that could change something, in order
//   jira.clearRequests()                               // forget what was recorded (between steps of a test)
//   await jira.close();
// Wrong credentials answer 401 with Jira's body; faults are served before the credentials are checked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type JiraCategory = 'new' | 'indeterminate' | 'done';

export interface StandInIssue {
  id: string;
  key: string;
  summary: string;
  status: string;
  statusCategory: JiraCategory;
  assignee: { accountId: string; displayName: string; emailAddress?: string } | null;
  priority: string | null;
  estimate: number | null;
  labels: string[];
  updated: string;
  rank: number;
  comments: { id: string; body: unknown; text: string }[];
  remoteLinks: Map<string, { url: string; title: string }>;
  issueType: string;
  description?: unknown;
}

export interface RecordedRequest {
  method: string;
  /** Path and query string. */
  path: string;
  body: unknown;
  /** The Authorization header carried the stand-in's credentials. */
  authorized: boolean;
  /** Status of the answer (set once it is sent). */
  status?: number;
}

const STATUSES: { name: string; category: JiraCategory }[] = [
  { name: 'To Do', category: 'new' },
  { name: 'In Progress', category: 'indeterminate' },
  { name: 'Done', category: 'done' },
];

export interface JiraStandInOptions {
  email?: string;
  token?: string;
  pageSize?: number;
  /** Delay every response by this many ms (timeouts, crash windows). */
  delayMs?: number;
}

export async function startJiraStandIn(options: JiraStandInOptions = {}) {
  const email = options.email ?? 'bot@example.com';
  const token = options.token ?? 'jira-token-s3cret';
  const pageSize = options.pageSize ?? 2;
  const issues = new Map<string, StandInIssue>();
  const projects = new Set<string>();
  const users = [
    { accountId: 'acc-ada', displayName: 'Ada Lovelace', emailAddress: 'ada@example.com' },
    { accountId: 'acc-bob', displayName: 'Bob Builder', emailAddress: 'bob@example.com' },
  ];
  const requests: RecordedRequest[] = [];
  const faults: { status: number; retryAfter?: number | string; delayMs?: number }[] = [];
  let nextId = 10000;
  let delayMs = options.delayMs ?? 0;
  let writeDelayMs = 0;

  const text = (adf: unknown): string => {
    if (!adf || typeof adf !== 'object') return '';
    const node = adf as { text?: string; content?: unknown[] };
    return (node.text ?? '') + (node.content ?? []).map(text).join(' ');
  };

  const view = (i: StandInIssue) => ({
    id: i.id,
    key: i.key,
    self: `${url}/rest/api/3/issue/${i.id}`,
    fields: {
      summary: i.summary,
      status: { name: i.status, statusCategory: { key: i.statusCategory } },
      assignee: i.assignee,
      priority: i.priority ? { name: i.priority } : null,
      labels: i.labels,
      updated: i.updated,
      customfield_10016: i.estimate,
      issuetype: { name: i.issueType },
    },
  });

  const send = (res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const notFound = (res: http.ServerResponse) => send(res, 404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, rawBody: string): Promise<void> {
    const u = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      return send(res, 400, { errorMessages: ['Invalid JSON'], errors: {} });
    }
    const expected = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
    const entry: RecordedRequest = { method, path: u.pathname + u.search, body, authorized: req.headers.authorization === expected };
    requests.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    const isWrite = method !== 'GET' && u.pathname !== '/rest/api/3/search/jql';
    const fault = faults.shift();
    const delay = delayMs + (isWrite ? writeDelayMs : 0) + (fault?.delayMs ?? 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (fault && fault.status === 429) {
      // Jira's rate-limit answer (developer.atlassian.com/cloud/jira/platform/rate-limiting).
      return send(res, 429, { errorMessages: ['Rate limit exceeded.'] }, {
        ...(fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {}),
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': new Date(Date.now() + 60_000).toISOString(),
        'ratelimit-reason': 'jira-burst-based',
      });
    }
    if (fault && fault.status >= 400) {
      return send(res, fault.status, { errorMessages: ['Service unavailable'] }, fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {});
    }
    if (!entry.authorized) return send(res, 401, { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} });

    const p = u.pathname;
    let m: RegExpExecArray | null;
    if (method === 'GET' && p === '/rest/api/3/myself') return send(res, 200, { accountId: 'acc-bot', displayName: 'Sprintguard Bot', emailAddress: email, active: true });
    if (method === 'GET' && (m = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(p))) {
      return projects.has(m[1]!) ? send(res, 200, { id: '1', key: m[1], name: `Project ${m[1]}` }) : send(res, 404, { errorMessages: ['No project could be found'], errors: {} });
    }
    if (p === '/rest/api/3/search/jql') {
      const q = method === 'POST' ? (body as Record<string, unknown>) : Object.fromEntries(u.searchParams);
      const jql = typeof q.jql === 'string' ? q.jql : '';
      // A quoted JQL literal (backslash escapes) or a bare key.
      const literal = /project\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_]+))/.exec(jql);
      const project = literal ? (literal[1]?.replace(/\\(.)/g, '$1') ?? literal[2]) : undefined;
      const notDone = /statusCategory\s*!=\s*Done/i.test(jql);
      const matching = [...issues.values()]
        .filter((i) => (!project || i.key.startsWith(`${project}-`)) && (!notDone || i.statusCategory !== 'done'))
        .sort((a, b) => a.rank - b.rank);
      const start = q.nextPageToken ? Number(q.nextPageToken) : 0;
      const max = Math.min(Number(q.maxResults ?? 50), pageSize);
      const page = matching.slice(start, start + max);
      const isLast = start + max >= matching.length;
      return send(res, 200, { issues: page.map(view), isLast, ...(isLast ? {} : { nextPageToken: String(start + max) }) });
    }
    if ((m = /^\/rest\/api\/3\/issue\/([^/]+)(\/.*)?$/.exec(p))) {
      const issue = [...issues.values()].find((i) => i.key === m![1] || i.id === m![1]);
      const sub = m[2] ?? '';
      if (!issue) return notFound(res);
      if (method === 'GET' && sub === '') return send(res, 200, view(issue));
      if (sub === '/comment' && method === 'POST') {
        const b = body as { body?: unknown };
        const c = { id: String(nextId++), body: b.body, text: text(b.body) };
        issue.comments.push(c);
        issue.updated = new Date().toISOString();
        return send(res, 201, { id: c.id, body: c.body });
      }
      if (sub === '/comment' && method === 'GET') {
        const start = Number(u.searchParams.get('startAt') ?? 0);
        const max = Math.min(Number(u.searchParams.get('maxResults') ?? 50), pageSize);
        return send(res, 200, { startAt: start, maxResults: max, total: issue.comments.length, comments: issue.comments.slice(start, start + max).map((c) => ({ id: c.id, body: c.body })) });
      }
      if (sub === '/transitions' && method === 'GET') {
        return send(res, 200, { transitions: STATUSES.filter((s) => s.name !== issue.status).map((s, i) => ({ id: String(11 + i), name: s.name, to: { name: s.name, statusCategory: { key: s.category } } })) });
      }
      if (sub === '/transitions' && method === 'POST') {
        const id = (body as { transition?: { id?: string } }).transition?.id;
        const target = STATUSES.filter((s) => s.name !== issue.status).find((_, i) => String(11 + i) === id);
        if (!target) return send(res, 400, { errorMessages: ['Transition id is not valid'], errors: {} });
        issue.status = target.name;
        issue.statusCategory = target.category;
        return send(res, 204);
      }
      if (sub === '/assignee' && method === 'PUT') {
        const accountId = (body as { accountId?: string | null }).accountId;
        if (accountId === null) issue.assignee = null;
        else {
          const user = users.find((x) => x.accountId === accountId);
          if (!user) return send(res, 400, { errorMessages: [], errors: { assignee: 'User does not exist' } });
          issue.assignee = user;
        }
        return send(res, 204);
      }
      if (sub === '' && method === 'PUT') {
        const adds = ((body as { update?: { labels?: { add?: string }[] } }).update?.labels ?? []).map((l) => l.add).filter((l): l is string => !!l);
        for (const label of adds) if (!issue.labels.includes(label)) issue.labels.push(label);
        return send(res, 204);
      }
      if (sub === '/remotelink' && method === 'POST') {
        const b = body as { globalId?: string; object?: { url?: string; title?: string } };
        if (!b.object?.url || !b.object.title) return send(res, 400, { errorMessages: [], errors: { object: 'url and title are required' } });
        const existed = b.globalId ? issue.remoteLinks.has(b.globalId) : false;
        issue.remoteLinks.set(b.globalId ?? String(nextId++), { url: b.object.url, title: b.object.title });
        return send(res, existed ? 200 : 201, { id: nextId++, self: `${url}${p}` });
      }
      return send(res, 405, { errorMessages: ['Method not allowed'] });
    }
    if (method === 'GET' && p === '/rest/api/3/user/assignable/search') {
      const q = (u.searchParams.get('query') ?? '').toLowerCase();
      return send(res, 200, users.filter((x) => x.emailAddress.toLowerCase().includes(q) || x.displayName.toLowerCase().includes(q) || x.accountId === q));
    }
    if (method === 'POST' && p === '/rest/api/3/issue') {
      const f = (body as { fields?: { project?: { key?: string }; summary?: string; labels?: string[]; issuetype?: { name?: string }; priority?: { name?: string }; description?: unknown } }).fields ?? {};
      if (!f.summary) return send(res, 400, { errorMessages: [], errors: { summary: 'You must specify a summary of the issue.' } });
      const project = f.project?.key ?? '';
      if (!projects.has(project)) return send(res, 400, { errorMessages: [], errors: { project: 'valid project is required' } });
      const created = api.seedIssue({ key: `${project}-${nextKey(project)}`, summary: f.summary, labels: f.labels ?? [], priority: f.priority?.name ?? null, issueType: f.issuetype?.name ?? 'Task' });
      created.description = f.description;
      return send(res, 201, { id: created.id, key: created.key, self: `${url}/rest/api/3/issue/${created.id}` });
    }
    return send(res, 404, { errorMessages: [`No stand-in route for ${method} ${p}`] });
  }

  const counters = new Map<string, number>();
  const nextKey = (project: string) => {
    const n = (counters.get(project) ?? 0) + 1;
    counters.set(project, n);
    return n;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      handle(req, res, raw).catch((err: unknown) => send(res, 500, { errorMessages: [String(err)] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api = {
    url,
    email,
    token,
    requests,
    issues,
    users,
    /** Every request that could change something (not GET), in order. */
    writes: () => requests.filter((r) => r.method !== 'GET' && !(r.method === 'POST' && r.path.startsWith('/rest/api/3/search/jql'))),
    /** The next n requests answer `status` (429 by default); retryAfter is seconds or an HTTP date. */
    failNext(n: number, status = 429, retryAfter?: number | string) {
      for (let i = 0; i < n; i++) faults.push({ status, ...(retryAfter !== undefined ? { retryAfter } : {}) });
    },
    /** The next n requests answer normally, but ms late. */
    slowNext(n: number, ms: number) {
      for (let i = 0; i < n; i++) faults.push({ status: 0, delayMs: ms });
    },
    clearRequests() {
      requests.length = 0;
    },
    seedComment(key: string, text: string) {
      const issue = issues.get(key);
      if (!issue) throw new Error(`no seeded issue ${key}`);
      const body = { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
      issue.comments.push({ id: String(nextId++), body, text });
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** Delay only requests that change something (the call is still applied after the delay). */
    setWriteDelay(ms: number) {
      writeDelayMs = ms;
    },
    seedProject(key: string) {
      projects.add(key);
    },
    seedIssue(seed: Partial<Omit<StandInIssue, 'comments' | 'remoteLinks'>> & { key: string; summary: string }): StandInIssue {
      const project = seed.key.split('-')[0]!;
      projects.add(project);
      const n = Number(seed.key.split('-')[1]);
      if (Number.isFinite(n)) counters.set(project, Math.max(counters.get(project) ?? 0, n));
      const category = seed.statusCategory ?? 'new';
      const issue: StandInIssue = {
        id: String(nextId++),
        key: seed.key,
        summary: seed.summary,
        status: seed.status ?? STATUSES.find((s) => s.category === category)!.name,
        statusCategory: category,
        assignee: seed.assignee ?? null,
        priority: seed.priority ?? null,
        estimate: seed.estimate ?? null,
        labels: seed.labels ?? [],
        updated: seed.updated ?? new Date().toISOString(),
        rank: seed.rank ?? issues.size + 1,
        comments: [],
        remoteLinks: new Map(),
        issueType: seed.issueType ?? 'Task',
      };
      issues.set(issue.key, issue);
      return issue;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return api;
}

export type JiraStandIn = Awaited<ReturnType<typeof startJiraStandIn>>;
