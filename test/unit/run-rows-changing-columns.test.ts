// The runs projection's live batches update only RUN_CHANGING_COLUMNS and ACTION_CHANGING_COLUMNS of
// the rows the table holds (runs.projection.ts): the fold must change nothing else of a planned run
// or action, and must change it in place (a replaced row would be taken for a new one and written
// whole, which is safe; a column changed outside the lists would be lost).
import { describe, expect, it } from 'vitest';
import type { RunCommand } from '../../src/domain/run.decider.js';
import { ACTION_CHANGING_COLUMNS, RUN_CHANGING_COLUMNS, RunRows } from '../../src/projections/run-rows.js';
import type { RunActionRow, RunRow } from '../../src/projections/runs.schema.js';
import { recordedEvents } from '../support/projection-spec.js';
import { runEvents, type RunSeed } from '../support/run-events.js';

const now = new Date('2026-11-29T09:00:00Z');
const fixed = (changing: readonly string[]) => (row: RunActionRow | RunRow) => JSON.stringify(Object.entries(row).filter(([k]) => !changing.includes(k)));
const fixedColumns = fixed(ACTION_CHANGING_COLUMNS);
const fixedRunColumns = fixed(RUN_CHANGING_COLUMNS);

function foldAfterPlan(seed: Omit<RunSeed, 'now'>, ...commands: RunCommand[]) {
  const events = recordedEvents(runEvents({ ...seed, now }, ...commands).map((e) => ({ stream: `run-${seed.runId}`, type: e.type, data: e.data })));
  const planned = events.findIndex((e) => e.type === 'RunPlanned') + 1;
  const rows = new RunRows();
  for (const e of events.slice(0, planned)) rows.apply(e);
  const before = new Map([...rows.actions].map(([k, a]) => [k, { row: a, fixed: fixedColumns(a), status: a.status }]));
  const run = rows.runs.get(seed.runId)!;
  const runBefore = { row: run, fixed: fixedRunColumns(run), status: run.status };
  for (const e of events.slice(planned)) rows.apply(e);
  return { rows, before, runBefore };
}

const cases: [string, Omit<RunSeed, 'now'>, RunCommand[]][] = [
  [
    'decided, executed, failed and skipped',
    { runId: 'r-1', orgId: 'org-1', items: ['A-1', 'A-2', 'A-3', 'A-4'] },
    [
      { type: 'ApproveAction', actionId: 'act-1', by: 'ada', now },
      { type: 'ApproveAction', actionId: 'act-2', by: 'ada', now },
      { type: 'ApproveAction', actionId: 'act-3', by: 'ada', now },
      // The last decision starts the execution.
      { type: 'RejectAction', actionId: 'act-4', by: 'bo', reason: 'no', now },
      { type: 'StartActionExecution', actionId: 'act-1', now },
      { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now },
      { type: 'StartActionExecution', actionId: 'act-2', now },
      { type: 'RecordActionOutcome', actionId: 'act-2', outcome: 'failed', error: 'board said no', now },
      { type: 'StartActionExecution', actionId: 'act-3', now },
      { type: 'RecordActionOutcome', actionId: 'act-3', outcome: 'skipped', error: 'gone', now },
    ],
  ],
  ['approved all, then cancelled', { runId: 'r-2', orgId: 'org-1' }, [{ type: 'ApproveAll', by: 'ada', now }, { type: 'CancelRun', by: 'ada', reason: 'stop', now }]],
  ['executed unapproved (skipped)', { runId: 'r-3', orgId: 'org-1' }, [{ type: 'ApproveAction', actionId: 'act-1', by: 'ada', now }, { type: 'ExecuteRun', by: 'ada', now }]],
  ['auto mode (approved at the start of execution)', { runId: 'r-4', orgId: 'org-1', settings: { write_mode: 'auto' } }, [{ type: 'ExecuteRun', by: 'system', now }]],
];

describe('RunRows: what a planned run and its action rows may change', () => {
  it.each(cases)('%s: the same row objects, only their changing columns moved', (_label, seed, commands) => {
    const { rows, before, runBefore } = foldAfterPlan(seed, ...commands);
    const run = rows.runs.get(seed.runId)!;
    expect(run).toBe(runBefore.row);
    expect(fixedRunColumns(run)).toBe(runBefore.fixed);
    expect(run.status).not.toBe(runBefore.status);
    expect(before.size).toBeGreaterThan(0);
    let moved = 0;
    for (const [key, was] of before) {
      const row = rows.actions.get(key)!;
      expect(row).toBe(was.row);
      expect(fixedColumns(row)).toBe(was.fixed);
      if (row.status !== was.status) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });
});
