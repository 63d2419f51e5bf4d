// A local board for `sprintguard demo`: an HTTP server on 127.0.0.1 that speaks the subset of Jira
// Cloud REST v3 the Jira adapter (../jira/jira-board.ts) uses, over an in-memory project seeded from
// sandbox-project.ts. Writes change that state, so what a run performs shows on the next read.
// Basic auth with credentials made up at start. Endpoints: GET /rest/api/3/myself,
// GET /rest/api/3/project/{key}, POST|GET /rest/api/3/search/jql (project = "KEY" and
// statusCategory != Done; nextPageToken paging), GET|PUT /rest/api/3/issue/{key} (labels add),
// GET|POST …/comment (ADF bodies, startAt paging), GET|POST …/transitions, PUT …/assignee,
// GET|POST …/remotelink (upsert on globalId), GET /rest/api/3/user/assignable/search,
// POST /rest/api/3/issue. Not a product board: nothing is persisted, one project only.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_ISSUES, SANDBOX_PROJECT, SANDBOX_REPOSITORY, SANDBOX_USERS, type SandboxCategory, type SandboxUser } from './sandbox-project.js';

export interface SandboxIssue {
  id: string;
  key: string;
  summary: string;
  issueType: string;
  status: string;
  category: SandboxCategory;
  assignee: SandboxUser | null;
  priority: string | null;
  estimate: number | null;
  labels: string[];
  updated: string;
  comments: { id: string; body: unknown; created: string }[];
  remoteLinks: Map<string, { id: number; url: string; title: string }>;
  description?: unknown;
}

export interface JiraSandbox {
  url: string;
  email: string;
  token: string;
  projectKey: string;
  issues: ReadonlyMap<string, SandboxIssue>;
  close(): Promise<void>;
}

const STATUSES: { id: string; name: string; category: SandboxCategory }[] = [
  { id: '11', name: 'To Do', category: 'new' },
  { id: '21', name: 'In Progress', category: 'indeterminate' },
  { id: '31', name: 'Done', category: 'done' },
];
const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE_SIZE = 50;
const MAX_BODY = 1024 * 1024;
const ESTIMATE_FIELD = 'customfield_10016';

class SandboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

function seedIssues(now: Date): Map<string, SandboxIssue> {
  const issues = new Map<string, SandboxIssue>();
  SANDBOX_ISSUES.forEach((seed, i) => {
    const key = `${SANDBOX_PROJECT.key}-${i + 1}`;
    const remoteLinks = new Map<string, { id: number; url: string; title: string }>();
    for (const pr of seed.pullRequests ?? []) {
      const url = `${SANDBOX_REPOSITORY}/pull/${pr.number}`;
      remoteLinks.set(url, { id: 100 + pr.number, url, title: `#${pr.number} ${pr.title}` });
    }
    issues.set(key, {
      id: String(10001 + i),
      key,
      summary: seed.summary,
      issueType: seed.issueType,
      status: STATUSES.find((s) => s.category === seed.category)!.name,
      category: seed.category,
      assignee: SANDBOX_USERS.find((u) => u.accountId === seed.assignee) ?? null,
      priority: seed.priority ?? null,
      estimate: seed.estimate ?? null,
      labels: [...(seed.labels ?? [])],
      updated: new Date(now.getTime() - (seed.idleDays ?? 1) * DAY_MS).toISOString(),
      comments: [],
      remoteLinks,
    });
  });
  return issues;
}

/** Starts the sandbox on a free loopback port with the seeded project. */
export async function startJiraSandbox(options: { now?: () => Date } = {}): Promise<JiraSandbox> {
  const now = options.now ?? (() => new Date());
  const email = 'demo-bot@sandbox.invalid';
  const token = randomBytes(16).toString('hex');
  const expectedAuth = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
  const issues = seedIssues(now());
  let nextId = 20000;
  let base = '';

  const view = (i: SandboxIssue) => ({
    id: i.id,
    key: i.key,
    self: `${base}/rest/api/3/issue/${i.id}`,
    fields: {
      summary: i.summary,
      issuetype: { name: i.issueType },
      status: { name: i.status, statusCategory: { key: i.category } },
      assignee: i.assignee,
      priority: i.priority ? { name: i.priority } : null,
      labels: i.labels,
      updated: i.updated,
      [ESTIMATE_FIELD]: i.estimate,
      ...(i.description ? { description: i.description } : {}),
    },
  });
  const touch = (i: SandboxIssue) => void (i.updated = now().toISOString());
  const findIssue = (keyOrId: string) => issues.get(keyOrId) ?? [...issues.values()].find((i) => i.id === keyOrId);

  function search(query: Record<string, unknown>) {
    const jql = typeof query.jql === 'string' ? query.jql : '';
    const literal = /project\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_]+))/.exec(jql);
    const project = literal ? (literal[1]?.replace(/\\(.)/g, '$1') ?? literal[2]) : undefined;
    if (project !== undefined && project !== SANDBOX_PROJECT.key) {
      throw new SandboxError(400, `The value '${project}' does not exist for the field 'project'.`);
    }
    const notDone = /statusCategory\s*!=\s*Done/i.test(jql);
    const matching = [...issues.values()].filter((i) => !notDone || i.category !== 'done');
    const start = Number(query.nextPageToken ?? 0) || 0;
    const max = Math.max(1, Math.min(Number(query.maxResults ?? PAGE_SIZE) || PAGE_SIZE, PAGE_SIZE));
    const isLast = start + max >= matching.length;
    return { issues: matching.slice(start, start + max).map(view), isLast, ...(isLast ? {} : { nextPageToken: String(start + max) }) };
  }

  function issueRoute(method: string, issue: SandboxIssue, sub: string, u: URL, body: Record<string, unknown>): [number, unknown?] {
    if (sub === '' && method === 'GET') return [200, view(issue)];
    if (sub === '' && method === 'PUT') {
      const update = body.update as { labels?: { add?: unknown }[] } | undefined;
      for (const op of update?.labels ?? []) {
        if (typeof op.add !== 'string' || /\s/.test(op.add)) throw new SandboxError(400, 'A label must be a string without spaces', 'labels');
        if (!issue.labels.includes(op.add)) issue.labels.push(op.add);
      }
      touch(issue);
      return [204];
    }
    if (sub === '/comment' && method === 'GET') {
      const start = Number(u.searchParams.get('startAt') ?? 0) || 0;
      const max = Math.min(Number(u.searchParams.get('maxResults') ?? PAGE_SIZE) || PAGE_SIZE, PAGE_SIZE);
      const comments = issue.comments.slice(start, start + max);
      return [200, { startAt: start, maxResults: max, total: issue.comments.length, comments }];
    }
    if (sub === '/comment' && method === 'POST') {
      const doc = body.body as { type?: unknown } | undefined;
      if (!doc || doc.type !== 'doc') throw new SandboxError(400, 'Comment body is not valid Atlassian Document Format', 'comment');
      const comment = { id: String(nextId++), body: doc, created: now().toISOString() };
      issue.comments.push(comment);
      touch(issue);
      return [201, comment];
    }
    const offered = () => STATUSES.filter((s) => s.name !== issue.status);
    if (sub === '/transitions' && method === 'GET') {
      return [200, { transitions: offered().map((s) => ({ id: s.id, name: s.name, to: { name: s.name, statusCategory: { key: s.category } } })) }];
    }
    if (sub === '/transitions' && method === 'POST') {
      const id = (body.transition as { id?: unknown } | undefined)?.id;
      const target = offered().find((s) => s.id === id);
      if (!target) throw new SandboxError(400, 'Transition id is not valid for this issue', 'transition');
      issue.status = target.name;
      issue.category = target.category;
      touch(issue);
      return [204];
    }
    if (sub === '/assignee' && method === 'PUT') {
      if (body.accountId === null) issue.assignee = null;
      else {
        const user = SANDBOX_USERS.find((x) => x.accountId === body.accountId);
        if (!user) throw new SandboxError(400, 'User does not exist', 'assignee');
        issue.assignee = user;
      }
      touch(issue);
      return [204];
    }
    if (sub === '/remotelink' && method === 'GET') return [200, [...issue.remoteLinks.entries()].map(([globalId, l]) => ({ id: l.id, globalId, object: { url: l.url, title: l.title } }))];
    if (sub === '/remotelink' && method === 'POST') {
      const object = body.object as { url?: unknown; title?: unknown } | undefined;
      if (typeof object?.url !== 'string' || typeof object.title !== 'string') throw new SandboxError(400, 'url and title are required', 'object');
      const globalId = typeof body.globalId === 'string' ? body.globalId : String(nextId);
      const existing = issue.remoteLinks.get(globalId);
      const link = { id: existing?.id ?? nextId++, url: object.url, title: object.title };
      issue.remoteLinks.set(globalId, link);
      return [existing ? 200 : 201, { id: link.id, self: `${base}/rest/api/3/issue/${issue.id}/remotelink/${link.id}` }];
    }
    return [405, { errorMessages: [`${method} is not supported on this resource`], errors: {} }];
  }

  function createIssue(body: Record<string, unknown>): [number, unknown] {
    const f = (body.fields ?? {}) as { project?: { key?: unknown }; summary?: unknown; labels?: unknown; issuetype?: { name?: unknown }; priority?: { name?: unknown }; description?: unknown };
    if (f.project?.key !== SANDBOX_PROJECT.key) throw new SandboxError(400, 'valid project is required', 'project');
    if (typeof f.summary !== 'string' || !f.summary) throw new SandboxError(400, 'You must specify a summary of the issue.', 'summary');
    const key = `${SANDBOX_PROJECT.key}-${issues.size + 1}`;
    const issue: SandboxIssue = {
      id: String(nextId++),
      key,
      summary: f.summary,
      issueType: typeof f.issuetype?.name === 'string' ? f.issuetype.name : 'Task',
      status: 'To Do',
      category: 'new',
      assignee: null,
      priority: typeof f.priority?.name === 'string' ? f.priority.name : null,
      estimate: null,
      labels: Array.isArray(f.labels) ? f.labels.filter((l): l is string => typeof l === 'string') : [],
      updated: now().toISOString(),
      comments: [],
      remoteLinks: new Map(),
      ...(f.description ? { description: f.description } : {}),
    };
    issues.set(key, issue);
    return [201, { id: issue.id, key, self: `${base}/rest/api/3/issue/${issue.id}` }];
  }

  function route(method: string, u: URL, body: Record<string, unknown>): [number, unknown?] {
    const p = u.pathname;
    let m: RegExpExecArray | null;
    if (method === 'GET' && p === '/rest/api/3/myself') return [200, { accountId: 'acc-demo-bot', displayName: 'Sprintguard demo', emailAddress: email, active: true }];
    if (method === 'GET' && (m = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(p))) {
      const key = decodeURIComponent(m[1]!);
      return key === SANDBOX_PROJECT.key ? [200, { id: '10000', key, name: SANDBOX_PROJECT.name }] : [404, { errorMessages: ['No project could be found'], errors: {} }];
    }
    if (p === '/rest/api/3/search/jql' && (method === 'POST' || method === 'GET')) return [200, search(method === 'POST' ? body : Object.fromEntries(u.searchParams))];
    if (method === 'POST' && p === '/rest/api/3/issue') return createIssue(body);
    if (method === 'GET' && p === '/rest/api/3/user/assignable/search') {
      const q = (u.searchParams.get('query') ?? '').toLowerCase();
      return [200, SANDBOX_USERS.filter((x) => x.accountId === q || x.emailAddress.toLowerCase().includes(q) || x.displayName.toLowerCase().includes(q))];
    }
    if ((m = /^\/rest\/api\/3\/issue\/([^/]+)(\/[a-z]+)?$/.exec(p))) {
      const issue = findIssue(decodeURIComponent(m[1]!));
      if (!issue) return [404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} }];
      return issueRoute(method, issue, m[2] ?? '', u, body);
    }
    return [404, { errorMessages: [`The sandbox board does not implement ${method} ${p}`], errors: {} }];
  }

  const server = http.createServer((req, res) => {
    const send = (status: number, payload?: unknown) => {
      res.writeHead(status, payload === undefined ? {} : { 'content-type': 'application/json' });
      res.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (req.headers.authorization !== expectedAuth) return send(401, { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} });
      try {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed: unknown = raw ? JSON.parse(raw) : {};
        const body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
        const [status, payload] = route(req.method ?? 'GET', new URL(req.url ?? '/', base), body);
        send(status, payload);
      } catch (err) {
        if (err instanceof SandboxError) send(err.status, err.field ? { errorMessages: [], errors: { [err.field]: err.message } } : { errorMessages: [err.message], errors: {} });
        else if (err instanceof SyntaxError) send(400, { errorMessages: ['The request body is not valid JSON'], errors: {} });
        else send(500, { errorMessages: ['The sandbox board failed'], errors: {} });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    email,
    token,
    projectKey: SANDBOX_PROJECT.key,
    issues,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
