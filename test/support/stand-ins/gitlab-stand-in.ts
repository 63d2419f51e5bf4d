// A GitLab REST v4 stand-in: a real HTTP server on 127.0.0.1 speaking the wire format the adapter
// uses (docs/cycle-p.md; docs.gitlab.com/api/merge_requests,
// docs.gitlab.com/api/rest/#pagination). Route: GET /api/v4/projects/{url-encoded full path}/
// merge_requests?state=all&order_by=updated_at&sort=desc&updated_after=…&per_page=N&page=P, newest
// first, with x-page, x-per-page, x-next-page (empty on the last page), x-prev-page, x-total and
// x-total-pages headers and a Link header. PRIVATE-TOKEN checked (401 "401 Unauthorized");
// unknown project 404 "404 Project Not Found". A rate-limit fault answers 429 with Retry-After and
// RateLimit-* headers (or RateLimit-Reset only, as gitlab.com sometimes does).
//
//   const gl = await startGitLabStandIn({ token? });
//   gl.seedMergeRequest('acme/platform/api', { iid: 4, title: 'ENG-1 fix', source_branch: 'ENG-2-x', description: null })
//   gl.rateLimitNext(1, { retryAfter: 1 })
//   gl.requests
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInMergeRequest {
  iid: number;
  title: string;
  source_branch: string;
  target_branch?: string;
  description: string | null;
  state?: 'opened' | 'closed' | 'merged' | 'locked';
  updated_at: string;
}

export interface GitLabRecordedRequest {
  method: string;
  /** Raw path (percent-encoding kept) and query. */
  path: string;
  authorized: boolean;
  status?: number;
}

export async function startGitLabStandIn(options: { token?: string } = {}) {
  const token = options.token ?? 'glpat-standinToken0123';
  const projects = new Map<string, StandInMergeRequest[]>();
  const requests: GitLabRecordedRequest[] = [];
  const faults: { retryAfter?: number; resetInSeconds?: number }[] = [];
  let clock = Date.now() - 24 * 60 * 60 * 1000;

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const view = (path: string, mr: StandInMergeRequest) => ({
    id: 50_000 + mr.iid,
    iid: mr.iid,
    project_id: 77,
    title: mr.title,
    description: mr.description,
    state: mr.state ?? 'opened',
    created_at: mr.updated_at,
    updated_at: mr.updated_at,
    source_branch: mr.source_branch,
    target_branch: mr.target_branch ?? 'main',
    author: { id: 1, username: 'tanuki', name: 'Tanuki' },
    web_url: `https://gitlab.example.com/${path}/-/merge_requests/${mr.iid}`,
  });

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const raw = req.url ?? '/';
    const u = new URL(raw, url);
    const entry: GitLabRecordedRequest = { method: req.method ?? 'GET', path: raw, authorized: req.headers['private-token'] === token };
    requests.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    const fault = faults.shift();
    if (fault) {
      const reset = String(Math.floor(Date.now() / 1000) + (fault.resetInSeconds ?? 60));
      return send(res, 429, { message: 'Retry later' }, {
        ...(fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {}),
        'ratelimit-limit': '2000',
        'ratelimit-observed': '2001',
        'ratelimit-remaining': '0',
        'ratelimit-reset': reset,
        'ratelimit-resettime': new Date(Number(reset) * 1000).toUTCString(),
      });
    }
    if (!entry.authorized) return send(res, 401, { message: '401 Unauthorized' });
    // The project id is one path segment: its slashes arrive percent-encoded (%2F).
    const m = /^\/api\/v4\/projects\/([^/?]+)\/merge_requests$/.exec(raw.split('?')[0]!);
    if (req.method !== 'GET' || !m) return send(res, 404, { error: '404 Not Found' });
    const path = decodeURIComponent(m[1]!);
    const mrs = projects.get(path);
    if (!mrs) return send(res, 404, { message: '404 Project Not Found' });
    const after = u.searchParams.get('updated_after');
    const matching = mrs
      .filter((mr) => !after || Date.parse(mr.updated_at) >= Date.parse(after))
      .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
    const perPage = Math.min(Number(u.searchParams.get('per_page') ?? 20), 100);
    const page = Math.max(1, Number(u.searchParams.get('page') ?? 1));
    const pages = Math.max(1, Math.ceil(matching.length / perPage));
    const link = (n: number) => {
      const target = new URL(u.toString());
      target.searchParams.set('page', String(n));
      return target.toString();
    };
    const rels = [`<${link(1)}>; rel="first"`, `<${link(pages)}>; rel="last"`];
    if (page < pages) rels.unshift(`<${link(page + 1)}>; rel="next"`);
    if (page > 1) rels.unshift(`<${link(page - 1)}>; rel="prev"`);
    send(res, 200, matching.slice((page - 1) * perPage, page * perPage).map((mr) => view(path, mr)), {
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': page < pages ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
      'x-total': String(matching.length),
      'x-total-pages': String(pages),
      link: rels.join(', '),
    });
  }

  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    token,
    requests,
    seedMergeRequest(path: string, mr: Omit<StandInMergeRequest, 'updated_at'> & { updated_at?: string }): StandInMergeRequest {
      clock += 60_000;
      const seeded = { ...mr, updated_at: mr.updated_at ?? new Date(clock).toISOString() };
      projects.set(path, [...(projects.get(path) ?? []), seeded]);
      return seeded;
    },
    /** The next n requests answer 429; without retryAfter only RateLimit-Reset says when to come back. */
    rateLimitNext(n: number, fault: { retryAfter?: number; resetInSeconds?: number } = {}) {
      for (let i = 0; i < n; i++) faults.push(fault);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type GitLabStandIn = Awaited<ReturnType<typeof startGitLabStandIn>>;
