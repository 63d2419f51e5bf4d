// The Linear adapter against a stand-in answering Linear's GraphQL operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardProviderError } from '../../src/adapters/boards/board-provider.js';
import { createLinearBoard } from '../../src/adapters/boards/linear/linear-board.js';
import { startLinearStandIn, type LinearStandIn } from '../support/stand-ins/linear-stand-in.js';

let linear: LinearStandIn;
const board = (over: { apiKey?: string; maxRetries?: number } = {}) =>
  createLinearBoard({ board_type: 'linear', api_key: over.apiKey ?? linear.apiKey, api_url: linear.url }, { allowPrivateUrls: true, sleep: async () => undefined, maxRetries: over.maxRetries ?? 3 });

beforeAll(async () => {
  linear = await startLinearStandIn({ pageSize: 2 });
  linear.seedIssue({ identifier: 'ENG-1', title: 'Crash on save', stateType: 'started', priority: 1, estimate: 3, assignee: linear.users[0]! });
  linear.seedIssue({ identifier: 'ENG-2', title: 'No priority yet', priority: 0 });
  linear.seedIssue({ identifier: 'ENG-3', title: 'Shipped', stateType: 'completed', priority: 2 });
  linear.seedIssue({ identifier: 'ENG-4', title: 'Medium thing', priority: 3, labels: ['docs'] });
});
afterAll(async () => linear?.close());

describe('Linear board adapter', () => {
  it('tests the connection and the team', async () => {
    expect(await board().testConnection('ENG')).toEqual({ account: 'bot@example.com' });
    await expect(board().testConnection('NOPE')).rejects.toMatchObject({ details: { kind: 'not_found' } });
  });

  it('lists active items by priority (none last), across pages', async () => {
    const items = await board().listActiveItems('ENG');
    expect(items.map((i) => i.key)).toEqual(['ENG-1', 'ENG-4', 'ENG-2']);
    expect(items[0]).toMatchObject({ priority: 'Urgent', estimate: 3, statusCategory: 'in_progress', assignee: { id: 'u-ada' }, branchName: 'ada/eng-1' });
    expect(items[2]).toMatchObject({ priority: null, statusCategory: 'todo' });
    expect(linear.requests.filter((r) => r.operation === 'ActiveIssues').length).toBeGreaterThanOrEqual(2);
  });

  it('comments with a findable marker, labels, assigns and transitions', async () => {
    const b = board();
    expect(await b.getItem('ENG-99')).toBeUndefined();
    await b.comment('ENG-2', 'Please set a priority', 'sprintguard:r:act-1');
    expect(await b.hasComment('ENG-2', 'sprintguard:r:act-1')).toBe(true);
    expect(await b.hasComment('ENG-2', 'sprintguard:r:act-2')).toBe(false);
    await b.addLabel('ENG-2', 'needs-triage');
    await b.addLabel('ENG-2', 'needs-triage');
    await b.assign('ENG-2', 'bob@example.com');
    await b.transition('ENG-2', { category: 'in_progress' });
    expect(await b.getItem('ENG-2')).toMatchObject({ labels: ['needs-triage'], assignee: { id: 'u-bob' }, statusCategory: 'in_progress' });
    await b.transition('ENG-2', { name: 'done' });
    expect((await b.getItem('ENG-2'))?.statusCategory).toBe('done');
    await expect(b.assign('ENG-2', 'nobody@example.com')).rejects.toMatchObject({ details: { kind: 'invalid' } });
  });

  it('creates items and links pull requests idempotently', async () => {
    const b = board();
    const created = await b.createItem('ENG', { title: 'Imported', kind: 'bug', priority: 2 });
    expect(linear.issues.get(created.key)).toMatchObject({ title: 'Imported', priority: 2 });
    await b.linkPullRequest('ENG-1', { globalId: 'gh:1', url: 'https://github.com/acme/web/pull/1', title: 'PR 1' });
    await b.linkPullRequest('ENG-1', { globalId: 'gh:1', url: 'https://github.com/acme/web/pull/1', title: 'PR 1' });
    expect(linear.issues.get('ENG-1')!.attachments).toHaveLength(1);
  });

  it('retries Linear rate limits, then gives up as rate limited', async () => {
    linear.failNext(2, 'ratelimited', 1);
    expect(await board().testConnection()).toMatchObject({ account: 'bot@example.com' });
    linear.failNext(1, 'server');
    expect(await board().testConnection()).toMatchObject({ account: 'bot@example.com' });
    linear.failNext(3, 'ratelimited', 1);
    const err = await board({ maxRetries: 2 }).testConnection().catch((e: unknown) => e);
    expect((err as BoardProviderError).details).toMatchObject({ kind: 'rate_limited', retryable: true });
  });

  it('reports a rejected key without the key', async () => {
    const err = await board({ apiKey: 'lin_api_wrong_777' }).testConnection().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BoardProviderError);
    expect((err as BoardProviderError).details.kind).toBe('auth');
    expect((err as Error).message).not.toContain('lin_api_wrong_777');
  });
});
