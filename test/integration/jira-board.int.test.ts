// The Jira adapter against a stand-in speaking Jira Cloud's REST v3 wire format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardProviderError } from '../../src/adapters/boards/board-provider.js';
import { createJiraBoard } from '../../src/adapters/boards/jira/jira-board.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

let jira: JiraStandIn;
const noWait = async () => undefined;
const board = (over: { token?: string; maxRetries?: number; timeoutMs?: number } = {}) =>
  createJiraBoard(
    { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: over.token ?? jira.token },
    { allowPrivateUrls: true, sleep: noWait, maxRetries: over.maxRetries ?? 3, timeoutMs: over.timeoutMs ?? 5_000 },
  );

beforeAll(async () => {
  jira = await startJiraStandIn({ pageSize: 2 });
  jira.seedIssue({ key: 'ENG-1', summary: 'Login fails', statusCategory: 'indeterminate', priority: 'High', estimate: 3, assignee: jira.users[0]!, rank: 2 });
  jira.seedIssue({ key: 'ENG-2', summary: 'Add dark mode', rank: 1 });
  jira.seedIssue({ key: 'ENG-3', summary: 'Old thing', statusCategory: 'done', rank: 3 });
  jira.seedIssue({ key: 'ENG-4', summary: 'Docs', rank: 4, labels: ['docs'] });
  jira.seedIssue({ key: 'OPS-1', summary: 'Other project' });
});
afterAll(async () => jira?.close());

describe('Jira board adapter', () => {
  it('tests the connection and the project', async () => {
    expect(await board().testConnection('ENG')).toEqual({ account: jira.email });
    await expect(board().testConnection('NOPE')).rejects.toMatchObject({ details: { kind: 'not_found' } });
  });

  it('lists active items ranked, across pages, mapped to board items', async () => {
    const items = await board().listActiveItems('ENG');
    expect(items.map((i) => i.key)).toEqual(['ENG-2', 'ENG-1', 'ENG-4']);
    expect(items[1]).toMatchObject({
      title: 'Login fails',
      status: 'In Progress',
      statusCategory: 'in_progress',
      priority: 'High',
      estimate: 3,
      assignee: { id: 'acc-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(jira.requests.filter((r) => r.path.startsWith('/rest/api/3/search/jql')).length).toBeGreaterThanOrEqual(2);
    expect(await board().listActiveItems('ENG', { limit: 1 })).toHaveLength(1);
  });

  it('reads, comments with a findable marker, labels, assigns and transitions', async () => {
    const b = board();
    expect(await b.getItem('ENG-404')).toBeUndefined();
    await b.comment('ENG-2', 'Please estimate', 'sprintguard:run-1:act-1');
    expect(await b.hasComment('ENG-2', 'sprintguard:run-1:act-1')).toBe(true);
    expect(await b.hasComment('ENG-2', 'sprintguard:run-1:act-9')).toBe(false);
    await b.addLabel('ENG-2', 'needs triage');
    await b.assign('ENG-2', 'bob@example.com');
    await b.transition('ENG-2', { category: 'in_progress' });
    const item = await b.getItem('ENG-2');
    expect(item).toMatchObject({ labels: ['needs-triage'], assignee: { id: 'acc-bob' }, statusCategory: 'in_progress' });
    await b.transition('ENG-2', { name: 'done' });
    expect((await b.getItem('ENG-2'))?.status).toBe('Done');
    await b.assign('ENG-2', null);
    expect((await b.getItem('ENG-2'))?.assignee).toBeNull();
    await expect(b.assign('ENG-2', 'nobody@example.com')).rejects.toMatchObject({ details: { kind: 'invalid' } });
  });

  it('creates items and links pull requests idempotently', async () => {
    const b = board();
    const created = await b.createItem('ENG', { title: 'New from backlog', kind: 'bug', priority: 2, labels: ['imported'], description: 'Steps\n\nto reproduce' });
    expect(created.key).toMatch(/^ENG-\d+$/);
    expect(jira.issues.get(created.key)).toMatchObject({ summary: 'New from backlog', issueType: 'Bug', priority: 'High', labels: ['imported'] });
    const link = { globalId: 'github-pr:acme/web#42', url: 'https://github.com/acme/web/pull/42', title: 'PR #42' };
    await b.linkPullRequest('ENG-1', link);
    await b.linkPullRequest('ENG-1', link);
    expect(jira.issues.get('ENG-1')!.remoteLinks.size).toBe(1);
  });

  it('honours 429 with Retry-After and retries 5xx, then gives up as rate limited', async () => {
    jira.failNext(2, 429, 1);
    expect(await board().testConnection()).toEqual({ account: jira.email });
    jira.failNext(1, 503);
    expect(await board().testConnection()).toEqual({ account: jira.email });
    jira.failNext(3, 429, 1);
    const err = await board({ maxRetries: 2 }).testConnection().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BoardProviderError);
    expect((err as BoardProviderError).details).toMatchObject({ kind: 'rate_limited', status: 429, retryable: true });
  });

  it('reports rejected credentials clearly, without the token', async () => {
    const err = await board({ token: 'wrong-token-xyz' }).testConnection().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BoardProviderError);
    expect((err as BoardProviderError).details.kind).toBe('auth');
    expect((err as Error).message).toMatch(/rejected the credentials/);
    expect((err as Error).message).not.toContain('wrong-token-xyz');
  });

  it('times out a provider that does not answer', async () => {
    jira.setDelay(500);
    try {
      const err = await board({ timeoutMs: 100, maxRetries: 0 }).testConnection().catch((e: unknown) => e);
      expect((err as BoardProviderError).details).toMatchObject({ kind: 'unavailable', retryable: true });
      expect((err as Error).message).toMatch(/did not answer within 100 ms/);
    } finally {
      jira.setDelay(0);
    }
  });

  it('refuses a private base URL when private URLs are not allowed', () => {
    expect(() => createJiraBoard({ board_type: 'jira', base_url: jira.url, email: 'a', api_token: 'b' }, { allowPrivateUrls: false })).toThrow(/https/);
  });
});
