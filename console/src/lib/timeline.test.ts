import { describe, expect, it } from 'vitest';
import { appendEntry, fromStreamData, stateAsOf } from './timeline';

describe('timeline', () => {
  it('turns a stream event into a line and never repeats a revision', () => {
    const entry = fromStreamData(JSON.stringify({ run_id: 'r', revision: '3', type: 'ActionRejected', data: { action_id: 'a1', by: 'ann', reason: 'no' }, created: '2026-01-01T00:00:00Z' }));
    expect(entry?.text).toBe('Action a1 rejected by ann: no');
    expect(appendEntry(appendEntry([], entry!), entry!)).toHaveLength(1);
    expect(fromStreamData('not json')).toBeUndefined();
  });

  it('folds the history up to a time into the run status and action states', () => {
    const history = [
      { type: 'RunRequested', data: {}, created: '2026-01-01T10:00:00Z' },
      { type: 'RunPlanned', data: { actions: [{ action_id: 'a1' }, { action_id: 'a2' }] }, created: '2026-01-01T10:01:00Z' },
      { type: 'ApprovalRequested', data: { pending_count: 2 }, created: '2026-01-01T10:01:00Z' },
      { type: 'ActionApproved', data: { action_id: 'a1' }, created: '2026-01-01T11:00:00Z' },
      { type: 'RunCompleted', data: {}, created: '2026-01-01T12:00:00Z' },
    ];
    expect(stateAsOf(history, new Date('2026-01-01T10:30:00Z'))).toEqual({ status: 'awaiting_approval', events: 3, actions: { a1: 'proposed', a2: 'proposed' } });
    expect(stateAsOf(history, new Date('2026-01-01T12:00:00Z'))).toMatchObject({ status: 'completed', actions: { a1: 'approved', a2: 'proposed' } });
    expect(stateAsOf(history, new Date('2025-01-01T00:00:00Z')).status).toBe('not yet requested');
  });

  it('knows a cancelled run', () => {
    const history = [
      { type: 'RunRequested', data: {}, created: '2026-01-01T10:00:00Z' },
      { type: 'ApprovalRequested', data: { pending_count: 1 }, created: '2026-01-01T10:01:00Z' },
      { type: 'RunCancelled', data: { by: 'ada', reason: 'wrong project' }, created: '2026-01-01T10:02:00Z' },
    ];
    expect(stateAsOf(history, new Date('2026-01-01T10:05:00Z')).status).toBe('cancelled');
    expect(fromStreamData(JSON.stringify({ revision: '2', ...history[2] }))?.text).toBe('Run cancelled by ada: wrong project');
  });
});
