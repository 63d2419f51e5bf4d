import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../api/types';
import { decisionFor, oldestFirst } from './decisions';

const item = (over: Partial<InboxItem>): InboxItem => ({
  kind: 'action',
  id: 'a1',
  run_id: 'r1',
  board_type: 'jira',
  project_key: 'P',
  summary: 's',
  waiting_since: '2026-01-01T00:00:00Z',
  decide: [
    { method: 'POST', path: '/api/runs/r1/actions/a1/approve', decision: 'approve' },
    { method: 'POST', path: '/api/runs/r1/actions/a1/reject', decision: 'reject' },
  ],
  ...over,
});

describe('inbox decisions', () => {
  it('maps each kind to its route, permission and body', () => {
    expect(decisionFor(item({}), 'no', ' too noisy ')).toEqual({
      verdict: 'no',
      label: 'Reject',
      path: '/api/runs/r1/actions/a1/reject',
      permission: 'runs:approve',
      body: { reason: 'too noisy' },
    });
    const confirmation = item({ kind: 'run_confirmation', decide: [{ method: 'POST', path: '/api/runs/r1/confirm', decision: 'confirm' }] });
    expect(decisionFor(confirmation, 'yes', '')).toMatchObject({ permission: 'runs:confirm', body: {} });
    const proposal = item({ kind: 'proposal', run_id: null, decide: [{ method: 'POST', path: '/api/backlog-proposals/p1/decision', decision: 'accept' }] });
    expect(decisionFor(proposal, 'yes', 'ok')).toMatchObject({ permission: 'backlog:decide', body: { decision: 'accept', reason: 'ok' } });
  });

  it('orders oldest first', () => {
    const sorted = oldestFirst([item({ id: 'b', waiting_since: '2026-01-02T00:00:00Z' }), item({ id: 'a', waiting_since: '2026-01-01T00:00:00Z' })]);
    expect(sorted.map((i) => i.id)).toEqual(['a', 'b']);
  });
});
