import { describe, expect, it } from 'vitest';
import type { BoardItem } from '../../src/domain/board.js';
import { defaultCycleOptions } from '../../src/domain/cycles/cycle.js';
import { staleCycle } from '../../src/domain/cycles/stale.cycle.js';
import { triageCycle } from '../../src/domain/cycles/triage.cycle.js';

const now = new Date('2026-11-22T12:00:00Z');
const item = (over: Partial<BoardItem>): BoardItem => ({
  id: '1',
  key: 'ENG-1',
  title: 'An item',
  status: 'To Do',
  statusCategory: 'todo',
  assignee: { id: 'u1', name: 'Ada' },
  estimate: 3,
  priority: 'High',
  labels: [],
  updatedAt: '2026-11-21T12:00:00Z',
  ...over,
});
const snapshot = (items: BoardItem[]) => ({ projectKey: 'ENG', items });

describe('cycle T (triage)', () => {
  it('plans a comment and a label for an item missing fields, naming them', () => {
    const drafts = triageCycle.plan(snapshot([item({ key: 'ENG-2', assignee: null, estimate: null })]), defaultCycleOptions, now);
    expect(drafts.map((d) => [d.kind, d.item_key])).toEqual([
      ['comment', 'ENG-2'],
      ['label', 'ENG-2'],
    ]);
    expect(drafts[0]!.reason).toBe('missing an assignee and an estimate');
    expect(drafts[0]!.params.body).toMatch(/assignee and estimate/);
    expect(drafts[1]!.params).toEqual({ label: 'needs-triage' });
  });

  it('leaves complete, done and already-labelled items alone', () => {
    const drafts = triageCycle.plan(
      snapshot([item({}), item({ key: 'ENG-3', priority: null, statusCategory: 'done' }), item({ key: 'ENG-4', priority: null, labels: ['needs-triage'] })]),
      defaultCycleOptions,
      now,
    );
    expect(drafts).toEqual([]);
  });
});

describe('cycle S (stale)', () => {
  it('nudges in-progress items untouched for the configured days', () => {
    const drafts = staleCycle.plan(
      snapshot([
        item({ key: 'ENG-5', statusCategory: 'in_progress', updatedAt: '2026-11-10T12:00:00Z' }),
        item({ key: 'ENG-6', statusCategory: 'in_progress', updatedAt: '2026-11-20T12:00:00Z' }),
        item({ key: 'ENG-7', statusCategory: 'todo', updatedAt: '2026-01-01T00:00:00Z' }),
        item({ key: 'ENG-8', statusCategory: 'in_progress', updatedAt: '2026-11-01T00:00:00Z', labels: ['stale'] }),
      ]),
      { staleDays: 5 },
      now,
    );
    expect(drafts.map((d) => [d.kind, d.item_key])).toEqual([
      ['comment', 'ENG-5'],
      ['label', 'ENG-5'],
    ]);
    expect(drafts[0]!.reason).toBe('in progress with no update for 12 days');
    expect(drafts[0]!.params.body).toMatch(/@Ada/);
  });
});
