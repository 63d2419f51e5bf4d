// The GitHub and GitLab adapters against stand-ins speaking their REST wire formats (real sockets;
// only the waits between retries are recorded instead of slept): paging by Link header and by
// x-next-page, the fields read, the limits, rate-limited answers waited out, and errors that never
// carry the token.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderUrlError } from '../../src/adapters/boards/url-policy.js';
import { createSourceControlProvider } from '../../src/adapters/source-control/create-source-control.js';
import { SourceControlError, type SourceControlConnection } from '../../src/adapters/source-control/source-control.js';
import { nextLink } from '../../src/adapters/source-control/github.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/stand-ins/github-stand-in.js';
import { startGitLabStandIn, type GitLabStandIn } from '../support/stand-ins/gitlab-stand-in.js';

let gh: GitHubStandIn;
let gl: GitLabStandIn;
let waits: number[] = [];

const provider = (connection: SourceControlConnection, maxRetries = 3) =>
  createSourceControlProvider(connection, { allowPrivateUrls: true, maxRetries, sleep: async (ms) => void waits.push(ms) });
const github = (over: Partial<SourceControlConnection> = {}, maxRetries = 3) =>
  provider({ provider: 'github', repository: 'acme/api', token: gh.token, base_url: gh.url, ...over }, maxRetries);
const gitlab = (over: Partial<SourceControlConnection> = {}) => provider({ provider: 'gitlab', repository: 'acme/platform/api', token: gl.token, base_url: gl.url, ...over });
const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a failure'), (e: unknown) => e as SourceControlError);

beforeAll(async () => {
  gh = await startGitHubStandIn({ pageSizeCap: 2 });
  gl = await startGitLabStandIn();
  const old = new Date(Date.now() - 90 * 24 * 3600_000).toISOString();
  gh.seedPull('acme/api', { number: 1, title: 'Ancient', head: 'ENG-1-old', body: null, updated_at: old });
  gh.seedPull('acme/api', { number: 2, title: 'ENG-2: add export', head: 'feature/ENG-2-export', body: 'Also touches ENG-3', state: 'closed', merged_at: new Date().toISOString() });
  gh.seedPull('acme/api', { number: 3, title: 'Refactor', head: 'chore/cleanup', body: null });
  gh.seedPull('acme/api', { number: 4, title: 'ENG-4 docs', head: 'docs', body: 'text' });
  gh.seedPull('acme/api', { number: 5, title: 'Newest', head: 'ENG-5', body: '' });
  gl.seedMergeRequest('acme/platform/api', { iid: 1, title: 'Old MR', source_branch: 'x', description: null, updated_at: old });
  for (let iid = 2; iid <= 6; iid++) gl.seedMergeRequest('acme/platform/api', { iid, title: `ENG-${iid} change`, source_branch: `feature/ENG-${iid}`, description: iid === 3 ? null : `MR ${iid}`, state: iid === 2 ? 'merged' : 'opened' });
});
afterAll(async () => {
  await gh?.close();
  await gl?.close();
});
beforeEach(() => {
  waits = [];
  gh.clearRequests();
  gl.requests.length = 0;
});

describe('GitHub', () => {
  it('follows the Link header page by page, newest update first, and maps the fields', async () => {
    const pulls = await github().listRecentPullRequests({ limit: 100 });
    expect(pulls.map((p) => p.number)).toEqual([5, 4, 3, 2, 1]);
    expect(gh.pullsRequests().map((r) => new URL(r.path, gh.url).searchParams.get('page'))).toEqual([null, '2', '3']);
    expect(gh.requests[0]!.path).toBe('/repos/acme/api/pulls?state=all&sort=updated&direction=desc&per_page=100');
    expect(gh.requests.every((r) => r.authorized)).toBe(true);
    expect(pulls.find((p) => p.number === 2)).toEqual({
      number: 2,
      title: 'ENG-2: add export',
      branch: 'feature/ENG-2-export',
      body: 'Also touches ENG-3',
      url: 'https://github.com/acme/api/pull/2',
      repository: 'acme/api',
      state: 'merged',
      updatedAt: expect.stringMatching(/^\d{4}-/) as string,
    });
    expect(pulls.find((p) => p.number === 3)!.body).toBe('');
  });

  it('stops at the limit and at the first pull request older than updatedSince, without reading further pages', async () => {
    expect((await github().listRecentPullRequests({ limit: 3 })).map((p) => p.number)).toEqual([5, 4, 3]);
    expect(gh.pullsRequests()).toHaveLength(2);
    gh.clearRequests();
    const since = new Date(Date.now() - 30 * 24 * 3600_000);
    expect((await github().listRecentPullRequests({ limit: 100, updatedSince: since })).map((p) => p.number)).toEqual([5, 4, 3, 2]);
    expect(gh.pullsRequests()).toHaveLength(3);
  });

  it('waits out a spent primary rate limit (403, x-ratelimit-remaining 0, x-ratelimit-reset) and goes on', async () => {
    gh.rateLimitNext(1, { status: 403, resetInSeconds: 2 });
    const pulls = await github().listRecentPullRequests({ limit: 100 });
    expect(pulls).toHaveLength(5);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[0]).toBeLessThanOrEqual(2000);
    expect(gh.requests.map((r) => r.status)).toEqual([403, 200, 200, 200]);
  });

  it('waits out a 429 with retry-after (secondary limit) for the time GitHub asks', async () => {
    gh.rateLimitNext(1, { status: 429, retryAfter: 3, resetInSeconds: 600 });
    expect(await github().listRecentPullRequests({ limit: 1 })).toHaveLength(1);
    expect(waits).toEqual([3000]);
  });

  it('gives up with a rate_limited error when the limit does not reset within the retries', async () => {
    gh.rateLimitNext(2, { status: 403, resetInSeconds: 1 });
    const err = await failure(github({}, 1).listRecentPullRequests({ limit: 1 }));
    expect(err).toBeInstanceOf(SourceControlError);
    expect(err.details).toMatchObject({ status: 429, kind: 'rate_limited', retryable: true });
    expect(err.message).toMatch(/GitHub rate limited the request after 2 attempts/);
  });

  it('fails at once, naming the reset, when the limit resets later than it is willing to wait', async () => {
    gh.rateLimitNext(1, { status: 403, resetInSeconds: 3600 });
    const err = await failure(github().listRecentPullRequests({ limit: 1 }));
    expect(err.details).toMatchObject({ status: 429, kind: 'rate_limited', retryable: true });
    expect(err.message).toMatch(/^GitHub's rate limit is spent until \d{4}-\d\d-\d\dT.*; try again then$/);
    expect(waits).toEqual([]);
    expect(gh.requests).toHaveLength(1);
  });

  it('a wrong token is an auth error that never names the token; an unknown repository is not_found', async () => {
    const bad = await failure(github({ token: 'ghp_wrongSecretValue' }).listRecentPullRequests({ limit: 5 }));
    expect(bad).toBeInstanceOf(SourceControlError);
    expect(bad.details).toMatchObject({ status: 401, kind: 'auth' });
    expect(bad.message).not.toContain('ghp_wrongSecretValue');
    const missing = await failure(github({ repository: 'acme/nope' }).listRecentPullRequests({ limit: 5 }));
    expect(missing.details).toMatchObject({ status: 404, kind: 'not_found' });
    expect(missing.message).toContain('acme/nope');
    expect((await failure(github({ repository: '../x' }).listRecentPullRequests({ limit: 5 }))).details.kind).toBe('invalid');
  });

  it('follows only next links on the configured host', () => {
    expect(nextLink('<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=5>; rel="last"')).toBe('https://api.github.com/x?page=2');
    expect(nextLink('<https://api.github.com/x?page=1>; rel="prev"')).toBeUndefined();
    expect(nextLink(null)).toBeUndefined();
  });

  it('applies the provider URL policy before any request', () => {
    expect(() => createSourceControlProvider({ provider: 'github', repository: 'acme/api', token: 't', base_url: gh.url }, { allowPrivateUrls: false })).toThrow(ProviderUrlError);
    expect(() => createSourceControlProvider({ provider: 'gitlab', repository: 'a/b', token: 't', base_url: 'ftp://gitlab.example.com' }, { allowPrivateUrls: false })).toThrow(ProviderUrlError);
  });
});

describe('GitLab', () => {
  it('pages by x-next-page with the project path url-encoded, and maps merge requests', async () => {
    const since = new Date(Date.now() - 30 * 24 * 3600_000);
    const source = createSourceControlProvider(
      { provider: 'gitlab', repository: 'acme/platform/api', token: gl.token, base_url: gl.url },
      { allowPrivateUrls: true, sleep: async (ms) => void waits.push(ms) },
    );
    // per_page follows the limit; a limit of 2 reads two per page.
    const firstTwo = await source.listRecentPullRequests({ limit: 2, updatedSince: since });
    expect(firstTwo.map((p) => p.number)).toEqual([6, 5]);
    gl.requests.length = 0;
    const mrs = await gitlab().listRecentPullRequests({ limit: 100, updatedSince: since });
    expect(mrs.map((p) => p.number)).toEqual([6, 5, 4, 3, 2]);
    const path = gl.requests[0]!.path;
    expect(path.startsWith('/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests?')).toBe(true);
    const q = new URL(path, gl.url).searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ state: 'all', order_by: 'updated_at', sort: 'desc', per_page: '100', page: '1', updated_after: since.toISOString() });
    expect(mrs.find((p) => p.number === 2)).toMatchObject({
      title: 'ENG-2 change',
      branch: 'feature/ENG-2',
      body: 'MR 2',
      url: 'https://gitlab.example.com/acme/platform/api/-/merge_requests/2',
      repository: 'acme/platform/api',
      state: 'merged',
    });
    expect(mrs.find((p) => p.number === 3)!.body).toBe('');
  });

  it('reads every page when they are small', async () => {
    const mrs = await gitlab().listRecentPullRequests({ limit: 2 });
    expect(mrs).toHaveLength(2);
    gl.requests.length = 0;
    const all = await createSourceControlProvider({ provider: 'gitlab', repository: 'acme/platform/api', token: gl.token, base_url: `${gl.url}/api/v4` }, { allowPrivateUrls: true }).listRecentPullRequests({ limit: 6 });
    expect(all.map((p) => p.number)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(gl.requests).toHaveLength(1);
  });

  it('waits out a 429 with Retry-After, and one with only RateLimit-Reset', async () => {
    gl.rateLimitNext(1, { retryAfter: 2 });
    expect(await gitlab().listRecentPullRequests({ limit: 1 })).toHaveLength(1);
    expect(waits).toEqual([2000]);
    waits = [];
    gl.rateLimitNext(1, { resetInSeconds: 4 });
    expect(await gitlab().listRecentPullRequests({ limit: 1 })).toHaveLength(1);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
    expect(waits[0]).toBeLessThanOrEqual(4000);
    expect(gl.requests.map((r) => r.status)).toEqual([429, 200, 429, 200]);
  });

  it('a wrong token and an unknown project are clear errors without the token', async () => {
    const bad = await failure(gitlab({ token: 'glpat-wrongSecret' }).listRecentPullRequests({ limit: 5 }));
    expect(bad.details).toMatchObject({ status: 401, kind: 'auth' });
    expect(bad.message).not.toContain('glpat-wrongSecret');
    expect((await failure(gitlab({ repository: 'acme/none' }).listRecentPullRequests({ limit: 5 }))).details).toMatchObject({ status: 404, kind: 'not_found' });
    expect((await failure(gitlab({ repository: 'acme' }).listRecentPullRequests({ limit: 5 }))).details.kind).toBe('invalid');
  });
});
