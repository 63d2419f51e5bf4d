// The Linear adapter against a stand-in that speaks Linear's GraphQL wire format on a real socket:
// every port method, relay paging, rate limits in the body, timeouts, a rejected key, not found.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BoardProviderError } from '../../src/adapters/boards/board-provider.js';
import { createLinearBoard } from '../../src/adapters/boards/linear/linear-board.js';
import { startLinearStandIn, type LinearStandIn } from '../support/stand-ins/linear-stand-in.js';

let linear: LinearStandIn;
let sleeps: number[];

const board = (over: { apiKey?: string; maxRetries?: number; timeoutMs?: number } = {}) =>
  createLinearBoard(
    { board_type: 'linear', api_key: over.apiKey ?? linear.apiKey, api_url: linear.url },
    {
      allowPrivateUrls: true,
      maxRetries: over.maxRetries ?? 3,
      ...(over.timeoutMs ? { timeoutMs: over.timeoutMs } : {}),
      sleep: async (ms) => void sleeps.push(ms),
    },
  );
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('expected a BoardProviderError'),
    (err: unknown) => {
      expect(err).toBeInstanceOf(BoardProviderError);
      return err as BoardProviderError;
    },
  );
const since = (n: number) => linear.requests.slice(n);

beforeAll(async () => {
  linear = await startLinearStandIn({ pageSize: 2 });
  const [ada] = linear.users;
  linear.seedIssue({ identifier: 'ENG-1', team: 'ENG', title: 'Crash on save', stateType: 'started', priority: 1, estimate: 3, assignee: ada!, labels: ['bug'], updatedAt: '2026-01-02T03:04:05.000Z' });
  linear.seedIssue({ identifier: 'ENG-2', team: 'ENG', title: 'No priority yet', priority: 0 });
  linear.seedIssue({ identifier: 'ENG-3', team: 'ENG', title: 'Shipped', stateType: 'completed', priority: 2 });
  linear.seedIssue({ identifier: 'ENG-4', team: 'ENG', title: 'Medium thing', priority: 3, labels: ['docs'] });
  linear.seedIssue({ identifier: 'ENG-5', team: 'ENG', title: 'Urgent, second on the board', priority: 1, stateType: 'triage' });
  linear.seedIssue({ identifier: 'ENG-6', team: 'ENG', title: 'Low, in the backlog', priority: 4, stateType: 'backlog' });
  linear.seedIssue({ identifier: 'ENG-7', team: 'ENG', title: 'Won\'t do', stateName: 'Canceled', priority: 1 });
  linear.seedIssue({ identifier: 'OPS-1', team: 'OPS', title: 'Another team', priority: 1 });
});
afterAll(async () => linear?.close());
beforeEach(() => {
  sleeps = [];
});

describe('Linear board adapter', () => {
  it('refuses a private URL unless allowed', () => {
    expect(() => createLinearBoard({ board_type: 'linear', api_key: 'k', api_url: linear.url }, { allowPrivateUrls: false })).toThrow(/https/);
  });

  it('tests the connection (and the team) with the raw key', async () => {
    expect(await board().testConnection()).toEqual({ account: 'bot@example.com' });
    expect(await board().testConnection('ENG')).toEqual({ account: 'bot@example.com' });
    const err = await failure(board().testConnection('NOPE'));
    expect(err.details).toMatchObject({ kind: 'not_found', retryable: false });
    expect(err.message).toMatch(/NOPE/);
  });

  it('lists active items: priority order with none last, then board order, across pages', async () => {
    const before = linear.requests.length;
    const items = await board().listActiveItems('ENG');
    expect(items.map((i) => i.key)).toEqual(['ENG-1', 'ENG-5', 'ENG-4', 'ENG-6', 'ENG-2']);
    const pages = since(before).filter((r) => r.operation === 'ActiveIssues');
    expect(pages).toHaveLength(3); // page size 2
    expect(pages[0]!.variables).toMatchObject({ teamKey: 'ENG', first: 50 });
    expect(pages[0]!.variables).not.toHaveProperty('after');
    expect(pages[1]!.variables).toMatchObject({ after: '2' });

    expect(items[0]).toEqual({
      id: linear.issues.get('ENG-1')!.id,
      key: 'ENG-1',
      title: 'Crash on save',
      url: 'https://linear.app/acme/issue/ENG-1',
      status: 'In Progress',
      statusCategory: 'in_progress',
      assignee: { id: linear.users[0]!.id, name: 'Ada Lovelace', email: 'ada@example.com' },
      estimate: 3,
      priority: 'Urgent',
      labels: ['bug'],
      updatedAt: '2026-01-02T03:04:05.000Z',
      branchName: 'ada/eng-1',
    });
    expect(items.find((i) => i.key === 'ENG-5')).toMatchObject({ statusCategory: 'todo', status: 'Triage' });
    expect(items.find((i) => i.key === 'ENG-6')).toMatchObject({ statusCategory: 'todo', priority: 'Low' });
    expect(items.find((i) => i.key === 'ENG-2')).toMatchObject({ priority: null, estimate: null, assignee: null, labels: [] });
  });

  it('stops paging at the limit', async () => {
    const before = linear.requests.length;
    expect((await board().listActiveItems('ENG', { limit: 3 })).map((i) => i.key)).toEqual(['ENG-1', 'ENG-5', 'ENG-4']);
    const pages = since(before).filter((r) => r.operation === 'ActiveIssues');
    expect(pages.map((p) => p.variables.first)).toEqual([3, 3]);
    expect(await board().listActiveItems('NOPE')).toEqual([]);
  });

  it('reads one item; a missing one is undefined', async () => {
    expect(await board().getItem('ENG-3')).toMatchObject({ key: 'ENG-3', statusCategory: 'done', status: 'Done', priority: 'High' });
    expect(await board().getItem('ENG-7')).toMatchObject({ statusCategory: 'done', status: 'Canceled' });
    expect(await board().getItem('ENG-99')).toBeUndefined();
  });

  it('comments with a marker that hasComment finds again, across comment pages', async () => {
    const b = board();
    for (let n = 1; n <= 4; n++) await b.comment('ENG-2', `note ${n}`);
    await b.comment('ENG-2', 'Please set a priority', 'sprintguard:r1:a1');
    expect(linear.issues.get('ENG-2')!.comments.at(-1)!.body).toBe('Please set a priority\n\n[sprintguard:r1:a1]');
    const before = linear.requests.length;
    expect(await b.hasComment('ENG-2', 'sprintguard:r1:a1')).toBe(true);
    expect(since(before).filter((r) => r.operation === 'IssueComments')).toHaveLength(3);
    expect(await b.hasComment('ENG-2', 'sprintguard:r1:a2')).toBe(false);
    expect(await b.hasComment('ENG-4', 'sprintguard:r1:a1')).toBe(false);
    expect((await failure(b.comment('ENG-99', 'x'))).details.kind).toBe('not_found');
  });

  it('transitions by name (case-insensitive) or by category, and says when nothing matches', async () => {
    const b = board();
    await b.transition('ENG-4', { category: 'in_progress' });
    expect(linear.issues.get('ENG-4')!.state).toMatchObject({ name: 'In Progress', type: 'started' });
    await b.transition('ENG-4', { name: 'in review' });
    expect(linear.issues.get('ENG-4')!.state.name).toBe('In Review');
    await b.transition('ENG-4', { name: 'Shipped to prod', category: 'done' });
    expect(linear.issues.get('ENG-4')!.state.name).toBe('Done');
    const writes = linear.writes().length;
    await b.transition('ENG-4', { category: 'done' }); // already there: no write
    expect(linear.writes()).toHaveLength(writes);
    const err = await failure(b.transition('ENG-4', { name: 'Shipped to prod' }));
    expect(err.details).toMatchObject({ kind: 'invalid', retryable: false });
    expect(err.message).toMatch(/Shipped to prod/);
    expect((await failure(b.transition('ENG-99', { category: 'done' }))).details.kind).toBe('not_found');
  });

  it('assigns by e-mail, name or id, unassigns with null, refuses an unknown user', async () => {
    const b = board();
    await b.assign('ENG-2', 'BOB@example.com');
    expect(linear.issues.get('ENG-2')!.assignee?.name).toBe('Bob Builder');
    await b.assign('ENG-2', 'ada lovelace');
    expect(linear.issues.get('ENG-2')!.assignee?.name).toBe('Ada Lovelace');
    await b.assign('ENG-2', linear.users[1]!.id);
    expect(linear.issues.get('ENG-2')!.assignee?.name).toBe('Bob Builder');
    await b.assign('ENG-2', null);
    expect(linear.issues.get('ENG-2')!.assignee).toBeNull();
    expect(linear.writes().at(-1)).toEqual({ operation: 'IssueUpdate', variables: { id: 'ENG-2', input: { assigneeId: null } } });
    const writes = linear.writes().length;
    const err = await failure(b.assign('ENG-2', 'nobody@example.com'));
    expect(err.details).toMatchObject({ kind: 'invalid' });
    expect(linear.writes()).toHaveLength(writes);
  });

  it('adds a label, creating it on the team when missing, idempotently', async () => {
    const b = board();
    await b.addLabel('ENG-2', 'needs-triage');
    await b.addLabel('ENG-2', 'Needs-Triage');
    await b.addLabel('ENG-2', 'docs'); // an existing workspace label
    expect(linear.issues.get('ENG-2')!.labels).toEqual(['needs-triage', 'docs']);
    expect(linear.writes().filter((w) => w.operation === 'IssueLabelCreate')).toEqual([
      { operation: 'IssueLabelCreate', variables: { input: { name: 'needs-triage', teamId: 'team-ENG' } } },
    ]);
    // A team label of ENG is not usable on OPS: OPS gets its own.
    await b.addLabel('OPS-1', 'needs-triage');
    expect(linear.issues.get('OPS-1')!.labels).toEqual(['needs-triage']);
    expect(linear.writes().filter((w) => w.operation === 'IssueLabelCreate')).toHaveLength(2);
    expect((await b.getItem('ENG-2'))!.labels).toEqual(['needs-triage', 'docs']);
  });

  it('creates an item with its kind as a label and returns its key and URL', async () => {
    const created = await board().createItem('ENG', { title: 'Imported', description: 'From the backlog', kind: 'bug', priority: 2, labels: ['docs'] });
    expect(created).toEqual({ id: expect.any(String) as string, key: 'ENG-8', url: 'https://linear.app/acme/issue/ENG-8' });
    expect(linear.issues.get('ENG-8')).toMatchObject({ title: 'Imported', description: 'From the backlog', priority: 2, labels: ['docs', 'bug'], team: 'ENG' });
    expect((await failure(board().createItem('NOPE', { title: 'x' }))).details.kind).toBe('not_found');
  });

  it('links a pull request once per URL', async () => {
    const link = { globalId: 'gh:acme/web#1', url: 'https://github.com/acme/web/pull/1', title: 'PR 1' };
    await board().linkPullRequest('ENG-1', link);
    await board().linkPullRequest('ENG-1', link);
    expect(linear.issues.get('ENG-1')!.attachments).toEqual([{ id: expect.any(String) as string, url: link.url, title: 'PR 1' }]);
    expect((await failure(board().linkPullRequest('ENG-99', link))).details.kind).toBe('not_found');
  });

  it('honours retry-after on a rate limit, then succeeds', async () => {
    linear.failNext(2, 'ratelimited', 7);
    const before = linear.requests.length;
    expect(await board().getItem('ENG-1')).toMatchObject({ key: 'ENG-1' });
    expect(sleeps).toEqual([7000, 7000]);
    expect(since(before).map((r) => r.operation)).toEqual(['Issue', 'Issue', 'Issue']);
  });

  it('retries a server error, then succeeds', async () => {
    linear.failNext(1, 'server');
    expect(await board().testConnection()).toEqual({ account: 'bot@example.com' });
    expect(sleeps).toHaveLength(1);
  });

  it('gives up as rate limited once the retries are spent', async () => {
    linear.failNext(3, 'ratelimited', 1);
    const before = linear.requests.length;
    const err = await failure(board({ maxRetries: 2 }).listActiveItems('ENG'));
    expect(err.details).toMatchObject({ kind: 'rate_limited', retryable: true, status: 400 });
    expect(since(before)).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('reports server errors that outlast the retries as unavailable', async () => {
    linear.failNext(2, 'server');
    const err = await failure(board({ maxRetries: 1 }).testConnection());
    expect(err.details).toMatchObject({ kind: 'unavailable', retryable: true, status: 503 });
  });

  it('times out a slow answer', async () => {
    linear.failNext(1, 'slow', 2);
    const err = await failure(board({ maxRetries: 0, timeoutMs: 200 }).testConnection());
    expect(err.details).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(err.message).toMatch(/200 ms/);
  });

  it('reports a rejected key as auth, without the key, and writes nothing', async () => {
    const writes = linear.writes().length;
    for (const attempt of [board({ apiKey: 'lin_api_wrong_777' }).testConnection('ENG'), board({ apiKey: 'lin_api_wrong_777' }).comment('ENG-1', 'hi')]) {
      const err = await failure(attempt);
      expect(err.message).toBe('Linear rejected the API key');
      expect(err.details).toEqual({ status: 400, retryable: false, kind: 'auth' });
      expect(`${err.message} ${JSON.stringify(err.details)} ${err.stack}`).not.toContain('lin_api_wrong_777');
    }
    expect(sleeps).toEqual([]);
    expect(linear.issues.get('ENG-1')!.comments.filter((c) => c.body === 'hi')).toEqual([]);
    expect(linear.writes()).toHaveLength(writes + 1); // received (and refused), not applied
  });
});

describe('Linear board adapter: markers, HTTP 429 and defaults', () => {
  it('finds a marker only as a whole (act-1 is not act-12)', async () => {
    linear.seedComment('ENG-6', 'Done by run 1\n\n[sprintguard:run-1:act-12]');
    const b = board();
    expect(await b.hasComment('ENG-6', 'sprintguard:run-1:act-12')).toBe(true);
    expect(await b.hasComment('ENG-6', 'sprintguard:run-1:act-1')).toBe(false);
    await b.comment('ENG-6', 'And this one', 'sprintguard:run-1:act-1');
    expect(await b.hasComment('ENG-6', 'sprintguard:run-1:act-1')).toBe(true);
  });

  it('honours retry-after on an HTTP 429 as well', async () => {
    linear.clearRequests();
    linear.failNext(1, 'http429', 3);
    expect(await board().testConnection()).toEqual({ account: 'bot@example.com' });
    expect(sleeps).toEqual([3000]);
    expect(linear.requests.map((r) => r.operation)).toEqual(['Viewer', 'Viewer']);
    linear.failNext(2, 'http429', 1);
    expect((await failure(board({ maxRetries: 1 }).testConnection())).details).toEqual({ status: 429, retryable: true, kind: 'rate_limited' });
  });

  it('defaults to Linear’s public endpoint and refuses private URLs unless allowed', () => {
    expect(createLinearBoard({ board_type: 'linear', api_key: 'k' }).kind).toBe('linear');
    expect(() => createLinearBoard({ board_type: 'linear', api_key: 'k', api_url: linear.url })).toThrow(/https/);
  });
});
