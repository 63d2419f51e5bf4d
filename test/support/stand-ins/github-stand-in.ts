// A GitHub REST stand-in: a real HTTP server on 127.0.0.1 speaking the wire format the adapter uses
// (docs/cycle-p.md; docs.github.com/rest/pulls/pulls#list-pull-requests).
// Route: GET /repos/{owner}/{repo}/pulls?state=all&sort=updated&direction=desc&per_page=N&page=P,
// newest update first, with a Link header (rel="next", "last", "first", "prev") as GitHub writes it
// and the x-ratelimit-* headers on every answer. Bearer token checked (401 "Bad credentials");
// unknown repository 404 "Not Found". Rate-limit faults answer 403 or 429 with
// x-ratelimit-remaining: 0 and x-ratelimit-reset (epoch seconds), optionally retry-after.
//
//   const gh = await startGitHubStandIn({ token?, pageSizeCap? });
//   gh.seedPull('acme/api', { number: 7, title: 'ENG-1: fix', head: 'feature/ENG-2-x', body: 'Fixes ENG-3', updated_at? })
//   gh.rateLimitNext(1, { status: 403, resetInSeconds: 2 })   // primary limit spent
//   gh.rateLimitNext(1, { status: 429, retryAfter: 1 })        // secondary limit
//   gh.requests                                                 // { method, path (+query), authorized, status }
//   await gh.close();
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInPull {
  number: number;
  title: string;
  head: string;
  base?: string;
  body: string | null;
  state?: 'open' | 'closed';
  merged_at?: string | null;
  draft?: boolean;
  updated_at: string;
  user?: string;
}

export interface GitHubRecordedRequest {
  method: string;
  path: string;
  authorized: boolean;
  status?: number;
}

interface RateLimitFault {
  status: 403 | 429;
  retryAfter?: number;
  resetInSeconds?: number;
}

export async function startGitHubStandIn(options: { token?: string; pageSizeCap?: number } = {}) {
  const token = options.token ?? 'ghp_standinToken0123456789';
  const cap = options.pageSizeCap ?? 100;
  const repos = new Map<string, StandInPull[]>();
  const requests: GitHubRecordedRequest[] = [];
  const faults: RateLimitFault[] = [];
  // Recent by default, so a lookback window measured from the real clock includes seeded pulls.
  let clock = Date.now() - 24 * 60 * 60 * 1000;

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-github-media-type': 'github.v3; format=json',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-resource': 'core',
      ...headers,
    });
    res.end(JSON.stringify(body));
  };

  const view = (repo: string, p: StandInPull) => ({
    url: `${url}/repos/${repo}/pulls/${p.number}`,
    id: 1_000_000 + p.number,
    html_url: `https://github.com/${repo}/pull/${p.number}`,
    number: p.number,
    state: p.state ?? 'open',
    locked: false,
    title: p.title,
    user: { login: p.user ?? 'octocat', id: 1, type: 'User' },
    body: p.body,
    created_at: p.updated_at,
    updated_at: p.updated_at,
    closed_at: p.state === 'closed' ? p.updated_at : null,
    merged_at: p.merged_at ?? null,
    draft: p.draft ?? false,
    head: { label: `${repo.split('/')[0]}:${p.head}`, ref: p.head, sha: 'a'.repeat(40) },
    base: { label: `${repo.split('/')[0]}:${p.base ?? 'main'}`, ref: p.base ?? 'main', sha: 'b'.repeat(40) },
  });

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const u = new URL(req.url ?? '/', url);
    const entry: GitHubRecordedRequest = { method: req.method ?? 'GET', path: u.pathname + u.search, authorized: req.headers.authorization === `Bearer ${token}` };
    requests.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    const fault = faults.shift();
    if (fault) {
      // docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit
      return send(
        res,
        fault.status,
        { message: 'API rate limit exceeded for user ID 1.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api', status: String(fault.status) },
        {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': '5000',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + (fault.resetInSeconds ?? 60)),
          ...(fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {}),
        },
      );
    }
    const rate = { 'x-ratelimit-remaining': '4999', 'x-ratelimit-used': '1', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) };
    if (!entry.authorized) return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' }, rate);
    const m = /^\/repos\/([^/]+)\/([^/]+)\/pulls$/.exec(u.pathname);
    if (req.method !== 'GET' || !m) return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' }, rate);
    const repo = `${m[1]}/${m[2]}`;
    const pulls = repos.get(repo);
    if (!pulls) return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests', status: '404' }, rate);
    const state = u.searchParams.get('state') ?? 'open';
    const matching = pulls
      .filter((p) => state === 'all' || (p.state ?? 'open') === state)
      .sort((a, b) => (u.searchParams.get('direction') === 'asc' ? 1 : -1) * (Date.parse(a.updated_at) - Date.parse(b.updated_at)));
    const perPage = Math.min(Number(u.searchParams.get('per_page') ?? 30), cap);
    const page = Math.max(1, Number(u.searchParams.get('page') ?? 1));
    const last = Math.max(1, Math.ceil(matching.length / perPage));
    const link = (n: number) => {
      const target = new URL(u.toString());
      target.searchParams.set('page', String(n));
      return target.toString();
    };
    const rels: string[] = [];
    if (page < last) rels.push(`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
    if (page > 1) rels.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
    send(res, 200, matching.slice((page - 1) * perPage, page * perPage).map((p) => view(repo, p)), { ...rate, ...(rels.length ? { link: rels.join(', ') } : {}) });
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
    /** Adds a pull request to a repository (created on first use); updated_at defaults to a later time each call. */
    seedPull(repo: string, pull: Omit<StandInPull, 'updated_at'> & { updated_at?: string }): StandInPull {
      clock += 60_000;
      const seeded = { ...pull, updated_at: pull.updated_at ?? new Date(clock).toISOString() };
      repos.set(repo, [...(repos.get(repo) ?? []), seeded]);
      return seeded;
    },
    /** An empty repository (listing answers []). */
    seedRepo(repo: string) {
      if (!repos.has(repo)) repos.set(repo, []);
    },
    /** The next n requests answer with a spent rate limit. */
    rateLimitNext(n: number, fault: RateLimitFault) {
      for (let i = 0; i < n; i++) faults.push(fault);
    },
    pullsRequests: () => requests.filter((r) => /\/pulls(\?|$)/.test(r.path)),
    clearRequests() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type GitHubStandIn = Awaited<ReturnType<typeof startGitHubStandIn>>;
