// The Jira adapter against a stand-in speaking Jira Cloud's REST v3 wire format (real sockets, so
// timeouts and retries are the real ones; only the waits between retries are recorded, not slept).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BoardProviderError } from '../../src/adapters/boards/board-provider.js';
import { createBoardProvider } from '../../src/adapters/boards/create-board-provider.js';
import { createJiraBoard } from '../../src/adapters/boards/jira/jira-board.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

let jira: JiraStandIn;
let waits: number[] = [];
const board = (over: { token?: string; maxRetries?: number; timeoutMs?: number; estimateField?: string } = {}) =>
  createJiraBoard(
    { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: over.token ?? jira.token },
    {
      allowPrivateUrls: true,
      sleep: async (ms) => void waits.push(ms),
      maxRetries: over.maxRetries ?? 3,
      timeoutMs: over.timeoutMs ?? 5_000,
      ...(over.estimateField ? { estimateField: over.estimateField } : {}),
    },
  );
const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a failure'), (e: unknown) => e as BoardProviderError);

beforeAll(async () => {
  jira = await startJiraStandIn({ pageSize: 2 });
  jira.seedIssue({ key: 'ENG-1', summary: 'Login fails', statusCategory: 'indeterminate', priority: 'High', estimate: 3, assignee: jira.users[0]!, rank: 2 });
  jira.seedIssue({ key: 'ENG-2', summary: 'Add dark mode', rank: 1 });
  jira.seedIssue({ key: 'ENG-3', summary: 'Old thing', statusCategory: 'done', rank: 3 });
  jira.seedIssue({ key: 'ENG-4', summary: 'Docs', rank: 4, labels: ['docs'] });
  jira.seedIssue({ key: 'ENG-5', summary: 'Perf', rank: 5 });
  jira.seedIssue({ key: 'OPS-1', summary: 'Other project' });
});
afterAll(async () => jira?.close());
beforeEach(() => {
  waits = [];
  jira.clearRequests();
});

describe('Jira board adapter: reads', () => {
  it('tests the connection (and the project) with basic auth, writing nothing', async () => {
    expect(await board().testConnection('ENG')).toEqual({ account: jira.email });
    expect(await board().testConnection()).toEqual({ account: jira.email });
    expect(jira.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /rest/api/3/myself', 'GET /rest/api/3/project/ENG', 'GET /rest/api/3/myself']);
    expect(jira.requests.every((r) => r.authorized)).toBe(true);
    expect(await failure(board().testConnection('NOPE'))).toMatchObject({ details: { kind: 'not_found' } });
    expect(jira.writes()).toEqual([]);
  });

  it('lists active items ranked, across pages (nextPageToken), mapped to board items', async () => {
    const items = await board().listActiveItems('ENG');
    expect(items.map((i) => i.key)).toEqual(['ENG-2', 'ENG-1', 'ENG-4', 'ENG-5']);
    expect(items[1]).toEqual({
      id: expect.any(String),
      key: 'ENG-1',
      title: 'Login fails',
      url: `${jira.url}/browse/ENG-1`,
      status: 'In Progress',
      statusCategory: 'in_progress',
      assignee: { id: 'acc-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
      estimate: 3,
      priority: 'High',
      labels: [],
      updatedAt: expect.any(String),
    });
    expect(items[0]).toMatchObject({ statusCategory: 'todo', assignee: null, estimate: null, priority: null });
    const searches = jira.requests.filter((r) => r.path === '/rest/api/3/search/jql');
    expect(searches).toHaveLength(2);
    expect(searches[0]!.body).toMatchObject({
      jql: 'project = "ENG" AND statusCategory != Done ORDER BY Rank ASC',
      fields: expect.arrayContaining(['summary', 'status', 'assignee', 'labels', 'priority', 'updated', 'customfield_10016']),
    });
    expect(searches[1]!.body).toMatchObject({ nextPageToken: expect.any(String) });
    expect(jira.writes()).toEqual([]);
  });

  it('stops paging at the limit', async () => {
    expect((await board().listActiveItems('ENG', { limit: 3 })).map((i) => i.key)).toEqual(['ENG-2', 'ENG-1', 'ENG-4']);
    expect(await board().listActiveItems('ENG', { limit: 1 })).toHaveLength(1);
    expect(jira.requests.filter((r) => r.path === '/rest/api/3/search/jql')).toHaveLength(3);
  });

  it('escapes the project key in JQL', async () => {
    expect(await board().listActiveItems('ENG" OR project = "OPS')).toEqual([]);
    expect((jira.requests[0]!.body as { jql: string }).jql).toBe('project = "ENG\\" OR project = \\"OPS" AND statusCategory != Done ORDER BY Rank ASC');
  });

  it('reads the estimate from a configured story-points field', async () => {
    const item = await board({ estimateField: 'customfield_10028' }).getItem('ENG-1');
    expect(item?.estimate).toBeNull();
    expect(jira.requests[0]!.path).toContain('customfield_10028');
  });

  it('reads one item; a missing one is undefined, and writes to it are not_found', async () => {
    expect(await board().getItem('ENG-1')).toMatchObject({ key: 'ENG-1', title: 'Login fails' });
    expect(await board().getItem('ENG-404')).toBeUndefined();
    const b = board();
    for (const write of [
      () => b.comment('ENG-404', 'hi'),
      () => b.transition('ENG-404', { category: 'done' }),
      () => b.addLabel('ENG-404', 'x'),
      () => b.linkPullRequest('ENG-404', { globalId: 'g', url: 'https://github.com/a/b/pull/1', title: 'PR' }),
      () => b.hasComment('ENG-404', 'm'),
    ]) {
      expect(await failure(write())).toMatchObject({ details: { kind: 'not_found', retryable: false } });
    }
  });
});

describe('Jira board adapter: writes', () => {
  it('comments in ADF with a marker that hasComment finds again, across comment pages', async () => {
    jira.seedComment('ENG-5', 'first');
    jira.seedComment('ENG-5', 'second [sprintguard:run-1:act-12]');
    const b = board();
    await b.comment('ENG-5', 'Please estimate', 'run-1:act-1');
    const posted = jira.writes()[0]!;
    expect(posted).toMatchObject({ method: 'POST', path: '/rest/api/3/issue/ENG-5/comment' });
    expect(posted.body).toEqual({
      body: {
        type: 'doc',
        version: 1,
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Please estimate' }] },
          { type: 'paragraph', content: [{ type: 'text', text: '[sprintguard:run-1:act-1]' }] },
        ],
      },
    });
    jira.clearRequests();
    expect(await b.hasComment('ENG-5', 'run-1:act-1')).toBe(true);
    expect(jira.requests.filter((r) => r.path.includes('/comment?'))).toHaveLength(2); // third comment on page 2
    expect(await b.hasComment('ENG-5', 'sprintguard:run-1:act-1')).toBe(true);
    // act-1 must not be found in act-12's marker, nor act-9 anywhere.
    expect(await b.hasComment('ENG-5', 'run-1:act-9')).toBe(false);
    jira.issues.get('ENG-5')!.comments.splice(2);
    expect(await b.hasComment('ENG-5', 'run-1:act-1')).toBe(false);
    expect(jira.writes()).toEqual([]);
  });

  it('labels (spaces made dashes), assigns by e-mail, name or id, and unassigns', async () => {
    const b = board();
    await b.addLabel('ENG-2', 'needs triage');
    expect(jira.writes()[0]).toMatchObject({ method: 'PUT', path: '/rest/api/3/issue/ENG-2', body: { update: { labels: [{ add: 'needs-triage' }] } } });
    await b.assign('ENG-2', 'BOB@example.com');
    expect((await b.getItem('ENG-2'))?.assignee).toEqual({ id: 'acc-bob', name: 'Bob Builder', email: 'bob@example.com' });
    await b.assign('ENG-2', 'Ada Lovelace');
    expect((await b.getItem('ENG-2'))?.assignee?.id).toBe('acc-ada');
    await b.assign('ENG-2', null);
    expect(jira.writes().at(-1)).toMatchObject({ method: 'PUT', path: '/rest/api/3/issue/ENG-2/assignee', body: { accountId: null } });
    const item = await b.getItem('ENG-2');
    expect(item).toMatchObject({ labels: ['needs-triage'], assignee: null });
    const writes = jira.writes().length;
    expect(await failure(b.assign('ENG-2', 'nobody@example.com'))).toMatchObject({ details: { kind: 'invalid' }, message: /No assignable Jira user matches 'nobody@example.com'/ });
    expect(await failure(b.assign('ENG-2', 'example.com'))).toMatchObject({ message: /2 assignable Jira users match/ });
    expect(jira.writes()).toHaveLength(writes);
  });

  it('transitions by target name (case-insensitive) or category; a repeated move is harmless', async () => {
    const b = board();
    await b.transition('ENG-4', { category: 'in_progress' });
    expect(jira.writes()).toEqual([expect.objectContaining({ method: 'POST', path: '/rest/api/3/issue/ENG-4/transitions', body: { transition: { id: expect.any(String) } } })]);
    expect(await b.getItem('ENG-4')).toMatchObject({ status: 'In Progress', statusCategory: 'in_progress' });
    await b.transition('ENG-4', { name: 'dOnE' });
    expect((await b.getItem('ENG-4'))?.status).toBe('Done');
    jira.clearRequests();
    await b.transition('ENG-4', { name: 'Done' });
    await b.transition('ENG-4', { category: 'done' });
    expect(jira.writes()).toEqual([]);
    // An unknown name falls back to the category.
    await b.transition('ENG-4', { name: 'Reopened', category: 'todo' });
    expect((await b.getItem('ENG-4'))?.statusCategory).toBe('todo');
  });

  it('says clearly when no transition matches, and writes nothing', async () => {
    jira.clearRequests();
    const err = await failure(board().transition('ENG-2', { name: 'Blocked' }));
    expect(err).toBeInstanceOf(BoardProviderError);
    expect(err.details).toMatchObject({ kind: 'invalid', retryable: false });
    expect(err.message).toMatch(/ENG-2 \(now To Do\) has no transition to 'Blocked'; Jira offers: In Progress, Done/);
    expect(jira.writes()).toEqual([]);
  });

  it('creates items with type, priority, labels and an ADF description', async () => {
    const created = await board().createItem('ENG', { title: 'New from backlog', kind: 'bug', priority: 2, labels: ['imported'], description: 'Steps\n\nto reproduce' });
    expect(created).toEqual({ id: expect.any(String), key: expect.stringMatching(/^ENG-\d+$/), url: `${jira.url}/browse/${created.key}` });
    expect(jira.issues.get(created.key)).toMatchObject({ summary: 'New from backlog', issueType: 'Bug', priority: 'High', labels: ['imported'] });
    expect(jira.issues.get(created.key)!.description).toEqual({
      type: 'doc',
      version: 1,
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Steps' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'to reproduce' }] },
      ],
    });
    const plain = await board().createItem('ENG', { title: 'Plain' });
    expect(jira.issues.get(plain.key)).toMatchObject({ issueType: 'Task', priority: null });
    for (const [priority, name] of [[1, 'Highest'], [3, 'Medium'], [4, 'Low']] as const) {
      const c = await board().createItem('ENG', { title: `P${priority}`, kind: 'story', priority });
      expect(jira.issues.get(c.key)).toMatchObject({ issueType: 'Story', priority: name });
    }
    const err = await failure(board().createItem('ZZZ', { title: 'Nowhere' }));
    expect(err).toMatchObject({ details: { kind: 'invalid', status: 400 }, message: /project: valid project is required/ });
  });

  it('links pull requests idempotently (remote link upsert on globalId)', async () => {
    const link = { globalId: 'github-pr:acme/web#42', url: 'https://github.com/acme/web/pull/42', title: 'PR #42' };
    await board().linkPullRequest('ENG-1', link);
    await board().linkPullRequest('ENG-1', link);
    expect(jira.issues.get('ENG-1')!.remoteLinks.size).toBe(1);
    expect(jira.writes().map((w) => w.status)).toEqual([201, 200]);
    expect(jira.writes()[0]!.body).toMatchObject({ globalId: link.globalId, object: { url: link.url, title: link.title } });
  });
});

describe('Jira board adapter: failures', () => {
  it('honours 429 with Retry-After (seconds or HTTP date), then succeeds', async () => {
    jira.failNext(2, 429, 1);
    expect(await board().testConnection()).toEqual({ account: jira.email });
    expect(waits).toEqual([1000, 1000]);
    expect(jira.requests.map((r) => r.status)).toEqual([429, 429, 200]);
    waits = [];
    jira.failNext(1, 429, new Date(Date.now() + 5_000).toUTCString());
    await board().testConnection();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(2_000);
    expect(waits[0]).toBeLessThanOrEqual(5_000);
  });

  it('retries 5xx with backoff, then succeeds; a retried write is applied once', async () => {
    jira.failNext(2, 503);
    await board().addLabel('ENG-1', 'retried');
    expect(waits).toHaveLength(2);
    expect(waits[1]!).toBeGreaterThan(0);
    expect(jira.issues.get('ENG-1')!.labels.filter((l) => l === 'retried')).toHaveLength(1);
  });

  it('gives up as rate_limited once the retries are spent', async () => {
    jira.failNext(3, 429, 1);
    const err = await failure(board({ maxRetries: 2 }).testConnection());
    expect(err).toBeInstanceOf(BoardProviderError);
    expect(err.details).toEqual({ kind: 'rate_limited', status: 429, retryable: true });
    expect(err.message).toMatch(/rate limited the request after 3 attempts/);
    expect(jira.requests).toHaveLength(3);
  });

  it('reports 5xx that outlast the retries as unavailable', async () => {
    jira.failNext(2, 502);
    const err = await failure(board({ maxRetries: 1 }).getItem('ENG-1'));
    expect(err.details).toEqual({ kind: 'unavailable', status: 502, retryable: true });
  });

  it('reports rejected credentials as auth, without the token, and writes nothing', async () => {
    const b = board({ token: 'wrong-token-xyz' });
    const err = await failure(b.testConnection());
    expect(err.details).toEqual({ kind: 'auth', status: 401, retryable: false });
    expect(err.message).toMatch(/Jira rejected the credentials/);
    const encoded = Buffer.from(`${jira.email}:wrong-token-xyz`).toString('base64');
    expect(err.message).not.toContain('wrong-token-xyz');
    expect(err.message).not.toContain(encoded);
    expect(JSON.stringify(err)).not.toContain('wrong-token-xyz');
    const before = jira.issues.get('ENG-1')!.comments.length;
    expect(await failure(b.comment('ENG-1', 'hello'))).toMatchObject({ details: { kind: 'auth' } });
    expect(jira.issues.get('ENG-1')!.comments).toHaveLength(before);
    expect(jira.requests).toHaveLength(2); // not retried
  });

  it('times out a provider that does not answer', async () => {
    jira.slowNext(1, 500);
    const err = await failure(board({ timeoutMs: 100, maxRetries: 0 }).testConnection());
    expect(err.details).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(err.message).toMatch(/did not answer within 100 ms/);
    // A slow first answer is retried and the second one succeeds.
    jira.slowNext(1, 500);
    expect(await board({ timeoutMs: 200, maxRetries: 1 }).testConnection()).toEqual({ account: jira.email });
  });

  it('never posts a comment twice: a timed-out POST is not repeated, and the error says it may have landed', async () => {
    jira.setWriteDelay(300); // Jira applies the comment, but answers after the client gave up
    try {
      const err = await failure(board({ timeoutMs: 100, maxRetries: 3 }).comment('ENG-5', 'Slow board', 'act-slow'));
      expect(err.details).toMatchObject({ retryable: true, maybeApplied: true });
    } finally {
      jira.setWriteDelay(0);
    }
    expect(jira.writes().filter((w) => w.path.endsWith('/comment'))).toHaveLength(1);
    // The one POST lands late; the executor's look (hasComment) finds it.
    const deadline = Date.now() + 5_000;
    while (!(await board().hasComment('ENG-5', 'act-slow'))) {
      if (Date.now() > deadline) throw new Error('the delayed comment never landed');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(jira.writes().filter((w) => w.path.endsWith('/comment'))).toHaveLength(1);
  });

  it('retries an idempotent write (a label) after a 5xx, and a comment after a 429', async () => {
    jira.failNext(1, 503);
    await board().addLabel('ENG-5', 'again');
    jira.failNext(1, 429, 1);
    await board().comment('ENG-5', 'After the limit');
    expect(jira.writes().map((w) => w.status)).toEqual([503, 204, 429, 201]);
  });

  it('reports an unreachable site as unavailable', async () => {
    const gone = await startJiraStandIn();
    const url = gone.url;
    await gone.close();
    const b = createJiraBoard({ board_type: 'jira', base_url: url, email: 'a', api_token: 't' }, { allowPrivateUrls: true, maxRetries: 1, sleep: async () => undefined });
    expect(await failure(b.testConnection())).toMatchObject({ details: { kind: 'unavailable', retryable: true }, message: /could not be reached/ });
  });
});

describe('board provider factory', () => {
  it('builds the Jira adapter and applies the URL policy', async () => {
    const connection = { board_type: 'jira' as const, base_url: jira.url, email: jira.email, api_token: jira.token };
    const provider = createBoardProvider(connection, { allowPrivateUrls: true });
    expect(provider.kind).toBe('jira');
    expect(await provider.testConnection()).toEqual({ account: jira.email });
    expect(() => createBoardProvider(connection, { allowPrivateUrls: false })).toThrow(/https/);
    expect(() => createBoardProvider({ ...connection, base_url: 'https://10.0.0.8' }, { allowPrivateUrls: false })).toThrow(/private or loopback/);
    expect(createBoardProvider({ board_type: 'linear', api_key: 'k' }, { allowPrivateUrls: false }).kind).toBe('linear');
    expect(() => createBoardProvider({ board_type: 'linear', api_key: 'k', api_url: 'http://127.0.0.1:1/graphql' }, { allowPrivateUrls: false })).toThrow(/https/);
  });

  it('refuses a private base URL when private URLs are not allowed (the default)', () => {
    expect(() => createJiraBoard({ board_type: 'jira', base_url: jira.url, email: 'a', api_token: 'b' })).toThrow(/https/);
  });
});
