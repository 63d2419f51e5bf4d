// The demo's sandbox board speaks what the Jira adapter uses: the real adapter reads the seeded
// project and every write it makes shows on the next read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJiraBoard } from '../../src/adapters/boards/jira/jira-board.js';
import type { BoardProvider } from '../../src/adapters/boards/board-provider.js';
import { startJiraSandbox, type JiraSandbox } from '../../src/adapters/boards/sandbox/jira-sandbox.js';

let sandbox: JiraSandbox;
let board: BoardProvider;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  sandbox = await startJiraSandbox();
  board = createJiraBoard({ board_type: 'jira', base_url: sandbox.url, email: sandbox.email, api_token: sandbox.token }, { allowPrivateUrls: true, maxRetries: 0 });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('Jira sandbox', () => {
  it('refuses other credentials and answers the connection test', async () => {
    const wrong = createJiraBoard({ board_type: 'jira', base_url: sandbox.url, email: sandbox.email, api_token: 'nope' }, { allowPrivateUrls: true, maxRetries: 0 });
    await expect(wrong.testConnection('DEMO')).rejects.toMatchObject({ details: { status: 401 } });
    expect(await board.testConnection('DEMO')).toEqual({ account: sandbox.email });
    await expect(board.testConnection('NOPE')).rejects.toMatchObject({ details: { kind: 'not_found' } });
  });

  it('is seeded with untriaged, stale and linked tickets', async () => {
    const items = await board.listActiveItems('DEMO');
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.every((i) => i.statusCategory !== 'done')).toBe(true);
    expect(items.filter((i) => !i.priority && i.labels.length === 0).length).toBeGreaterThanOrEqual(3);
    const stale = items.filter((i) => i.statusCategory === 'in_progress' && Date.now() - Date.parse(i.updatedAt) > 14 * DAY_MS);
    expect(stale.length).toBeGreaterThanOrEqual(2);
    expect([...sandbox.issues.values()].filter((i) => i.remoteLinks.size > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('applies the writes the adapter makes', async () => {
    await board.comment('DEMO-1', 'Needs a priority', 'run-1:act-1');
    expect(await board.hasComment('DEMO-1', 'run-1:act-1')).toBe(true);
    expect(await board.hasComment('DEMO-1', 'run-1:act-12')).toBe(false);
    await board.addLabel('DEMO-1', 'needs triage');
    await board.assign('DEMO-1', 'amara@example.com');
    await board.transition('DEMO-1', { category: 'in_progress' });
    await board.transition('DEMO-1', { category: 'in_progress' }); // already there: done, not an error
    await board.linkPullRequest('DEMO-1', { globalId: 'pr-1', url: 'https://github.com/example/checkout/pull/1', title: '#1 Fix' });
    const item = await board.getItem('DEMO-1');
    expect(item).toMatchObject({ labels: ['needs-triage'], status: 'In Progress', statusCategory: 'in_progress', assignee: { id: 'acc-amara' } });
    expect(sandbox.issues.get('DEMO-1')!.remoteLinks.get('pr-1')).toMatchObject({ title: '#1 Fix' });

    const created = await board.createItem('DEMO', { title: 'Follow-up', kind: 'bug', priority: 2, labels: ['from meeting'] });
    expect(await board.getItem(created.key)).toMatchObject({ title: 'Follow-up', priority: 'High', labels: ['from-meeting'] });
    expect(await board.getItem('DEMO-999')).toBeUndefined();
  });
});
