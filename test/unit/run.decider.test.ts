import { describe, expect, it } from 'vitest';
import { fold } from '../../src/domain/decider.js';
import type { OrgSettings } from '../../src/domain/org.events.js';
import { runDecider, type RunCommand } from '../../src/domain/run.decider.js';
import type { RunEvent, RunRequestedData } from '../../src/domain/run.events.js';
import { deciderSpec } from '../support/decider-spec.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = now.toISOString();
const spec = deciderSpec(runDecider);

const request = (settings: Partial<OrgSettings> = {}, over: Partial<RunRequestedData> = {}): RunRequestedData => ({
  run_id: 'r1',
  org_id: 'o1',
  board_type: 'jira',
  project_key: 'ENG',
  cycles: ['T'],
  dry_run: false,
  flow: 'trigger',
  settings: { write_mode: 'approval', action_cap: 25, confirmation_threshold: 10, ...settings },
  requested_by: 'ada',
  at,
  ...over,
});
const drafts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ cycle: 'T' as const, kind: 'comment' as const, item_key: `ENG-${i + 1}`, params: { body: 'hi' }, reason: 'missing a priority' }));

/** Runs commands in sequence from nothing and returns all events, as the command handler would append them. */
function history(...commands: RunCommand[]): RunEvent[] {
  const events: RunEvent[] = [];
  for (const c of commands) events.push(...runDecider.decide(c, fold(runDecider, events)));
  return events;
}
const types = (events: RunEvent[]) => events.filter((e) => e.type !== 'RunLogged').map((e) => e.type);
const state = (events: RunEvent[]) => fold(runDecider, events);
const requested = (s?: Partial<OrgSettings>, o?: Partial<RunRequestedData>): RunCommand => ({ type: 'RequestRun', request: request(s, o) });
const plan = (n: number): RunCommand => ({ type: 'RecordPlan', drafts: drafts(n), itemsRead: n, now });

describe('run decider', () => {
  it('requests once: a second request is already satisfied', () => {
    spec.given(history(requested())).when(requested()).thenNothing();
  });

  it('approval mode: plans, then waits for approvals', () => {
    const events = history(requested(), plan(2));
    expect(types(events)).toEqual(['RunRequested', 'RunPlanned', 'ApprovalRequested']);
    expect(state(events).status).toBe('awaiting_approval');
    expect(events.some((e) => e.type === 'RunLogged' && e.data.message === 'planned 2 actions (T: 2)')).toBe(true);
  });

  it('auto mode: executes right after planning', () => {
    const events = history(requested({ write_mode: 'auto' }), plan(2));
    expect(types(events)).toEqual(['RunRequested', 'RunPlanned', 'RunExecutionStarted']);
    const s = state(events);
    expect(s.status).toBe('executing');
    expect(s.actions.map((a) => a.status)).toEqual(['approved', 'approved']);
  });

  it('the approval flow waits for approvals even in auto mode', () => {
    expect(state(history(requested({ write_mode: 'auto' }, { flow: 'approval' }), plan(1))).status).toBe('awaiting_approval');
  });

  it('dry run: plans, skips every action and completes without executing', () => {
    const events = history(requested({}, { dry_run: true }), plan(2));
    expect(types(events)).toEqual(['RunRequested', 'RunPlanned', 'ActionSkipped', 'ActionSkipped', 'RunCompleted']);
    expect(history(requested({ write_mode: 'dry_run' }), plan(1)).at(-1)!.type).toBe('RunCompleted');
  });

  it('the action cap skips the excess with a reason', () => {
    const events = history(requested({ action_cap: 2 }), plan(4));
    const skipped = events.filter((e) => e.type === 'ActionSkipped');
    expect(skipped.map((e) => e.data)).toEqual([
      { action_id: 'act-3', reason: 'action cap of 2 reached', at },
      { action_id: 'act-4', reason: 'action cap of 2 reached', at },
    ]);
    expect(state(events).actions.map((a) => a.status)).toEqual(['proposed', 'proposed', 'skipped', 'skipped']);
  });

  it('more actions than the threshold wait for confirmation, then for approval', () => {
    const events = history(requested({ confirmation_threshold: 1 }), plan(2));
    expect(state(events).status).toBe('awaiting_confirmation');
    spec.given(events).when({ type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }).thenFails('conflict', /awaits approval/);
    const confirmed = [...events, ...runDecider.decide({ type: 'ConfirmRun', by: 'bo', now }, state(events))];
    expect(types(confirmed).slice(-2)).toEqual(['RunConfirmed', 'ApprovalRequested']);
    spec.given(confirmed).when({ type: 'ConfirmRun', by: 'bo', now }).thenFails('conflict', /no confirmation/);
  });

  it('deciding the last proposed action starts execution', () => {
    const events = history(
      requested(),
      plan(3),
      { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now },
      { type: 'RejectAction', actionId: 'act-2', by: 'bo', reason: 'not now', now },
      { type: 'ApproveAction', actionId: 'act-3', by: 'bo', now },
    );
    const s = state(events);
    expect(s.status).toBe('executing');
    expect(s.actions.map((a) => a.status)).toEqual(['approved', 'rejected', 'approved']);
  });

  it('a decision is one event that says which action, who, when and why; no log line repeats it', () => {
    const given = history(requested(), plan(3));
    spec.given(given).when({ type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }).then([{ type: 'ActionApproved', data: { action_id: 'act-1', by: 'bo', at: now.toISOString() } }]);
    spec
      .given(given)
      .when({ type: 'RejectAction', actionId: 'act-2', by: 'bo', reason: 'not now', now })
      .then([{ type: 'ActionRejected', data: { action_id: 'act-2', by: 'bo', reason: 'not now', at: now.toISOString() } }]);
  });

  it('an action decided twice is a conflict; an unknown action is not found', () => {
    const events = history(requested(), plan(2), { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now });
    spec.given(events).when({ type: 'ApproveAction', actionId: 'act-1', by: 'cy', now }).thenFails('conflict', /already approved/);
    spec.given(events).when({ type: 'RejectAction', actionId: 'act-9', by: 'cy', now }).thenFails('not_found');
  });

  it('execute skips what is still undecided; a second execute is a conflict', () => {
    const events = history(requested(), plan(2), { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }, { type: 'ExecuteRun', by: 'bo', now });
    expect(state(events).actions.map((a) => a.status)).toEqual(['approved', 'skipped']);
    spec.given(events).when({ type: 'ExecuteRun', by: 'bo', now }).thenFails('conflict', /already executing/);
  });

  it('executes approved actions with an intent first, and completes after the last outcome', () => {
    const events = history(
      requested({ write_mode: 'auto' }),
      plan(2),
      { type: 'StartActionExecution', actionId: 'act-1', now },
      { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now },
      { type: 'StartActionExecution', actionId: 'act-2', now },
      { type: 'RecordActionOutcome', actionId: 'act-2', outcome: 'failed', error: 'Jira said no', now },
    );
    expect(types(events).slice(-5)).toEqual(['ActionExecutionStarted', 'ActionExecuted', 'ActionExecutionStarted', 'ActionFailed', 'RunCompleted']);
    expect(state(events).status).toBe('completed');
    // An intent is recorded once; an outcome without an intent is ignored.
    spec.given(events).when({ type: 'StartActionExecution', actionId: 'act-1', now }).thenNothing();
    spec.given(events).when({ type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now }).thenNothing();
  });

  it('terminal runs refuse every decision with a conflict', () => {
    const completed = history(requested(), plan(1), { type: 'RejectAction', actionId: 'act-1', by: 'bo', now });
    expect(state(completed).status).toBe('completed');
    spec.given(completed).when({ type: 'ApproveAction', actionId: 'act-1', by: 'bo', now }).thenFails('conflict', /already completed/);
    spec.given(completed).when({ type: 'ConfirmRun', by: 'bo', now }).thenFails('conflict');
    spec.given(completed).when({ type: 'RejectRun', by: 'bo', now }).thenFails('conflict');
    const rejected = history(requested(), plan(1), { type: 'RejectRun', by: 'bo', reason: 'wrong project', now });
    expect(state(rejected).status).toBe('rejected');
    spec.given(rejected).when({ type: 'ExecuteRun', by: 'bo', now }).thenFails('conflict', /already rejected/);
  });

  it('a run that does not exist is not found', () => {
    spec.given().when({ type: 'ConfirmRun', by: 'bo', now }).thenFails('not_found');
  });

  it('cancel while executing: skips what has not started, records no new intent, no completion', () => {
    const executing = history(requested({ write_mode: 'auto' }), plan(3), { type: 'StartActionExecution', actionId: 'act-1', now });
    const cancelled = [...executing, ...runDecider.decide({ type: 'CancelRun', by: 'bo', reason: 'stop', now }, state(executing))];
    expect(types(cancelled).slice(-3)).toEqual(['ActionSkipped', 'ActionSkipped', 'RunCancelled']);
    const s = state(cancelled);
    expect(s.status).toBe('cancelled');
    expect(s.actions.map((a) => a.status)).toEqual(['executing', 'skipped', 'skipped']);
    // The executor may not start another action after the cancel...
    spec.given(cancelled).when({ type: 'StartActionExecution', actionId: 'act-2', now }).thenNothing();
    // ...the one already started is recorded as it ends, and the run stays cancelled.
    const ended = runDecider.decide({ type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now }, s);
    expect(types(ended)).toEqual(['ActionExecuted']);
    expect(state([...cancelled, ...ended]).status).toBe('cancelled');
    spec.given(cancelled).when({ type: 'CancelRun', by: 'bo', now }).thenFails('conflict', /already cancelled/);
    spec.given(cancelled).when({ type: 'ApproveAll', by: 'bo', now }).thenFails('conflict', /already cancelled/);
  });

  it('cancel stops a run awaiting confirmation or approval; a completed run answers a conflict', () => {
    const waiting = history(requested(), plan(2));
    expect(state([...waiting, ...runDecider.decide({ type: 'CancelRun', by: 'bo', now }, state(waiting))]).status).toBe('cancelled');
    const gated = history(requested({ confirmation_threshold: 1 }), plan(2));
    expect(state(gated).status).toBe('awaiting_confirmation');
    expect(state([...gated, ...runDecider.decide({ type: 'CancelRun', by: 'bo', now }, state(gated))]).status).toBe('cancelled');
    const completed = history(requested(), plan(1), { type: 'RejectAction', actionId: 'act-1', by: 'bo', now });
    spec.given(completed).when({ type: 'CancelRun', by: 'bo', now }).thenFails('conflict', /already completed/);
  });

  it('records the cycles that planned on RunPlanned', () => {
    const planned = history(requested({}, { cycles: ['T', 'S'] }), plan(1)).find((e) => e.type === 'RunPlanned');
    expect(planned?.type === 'RunPlanned' && planned.data.cycles).toEqual(['T', 'S']);
  });
});

describe('run state: places and the proposed count', () => {
  const now2 = (n: number) => new Date(now.getTime() + n * 1000);
  /** Every state along the way keeps its index and count true to its actions. */
  const consistent = (events: RunEvent[]) => {
    let s = runDecider.initialState;
    for (const e of events) {
      s = runDecider.evolve(s, e);
      expect(s.proposed).toBe(s.actions.filter((a) => a.status === 'proposed').length);
      expect(s.positions.size).toBe(s.actions.length);
      s.actions.forEach((a, i) => expect(s.positions.get(a.action_id)).toBe(i));
    }
    return s;
  };

  it('stay true through over-cap skips, decisions, confirmation, execution and outcomes', () => {
    const events = history(
      requested({ action_cap: 6, confirmation_threshold: 4 }),
      plan(8),
      { type: 'ConfirmRun', by: 'ada', now: now2(1) },
      { type: 'ApproveAction', actionId: 'act-1', by: 'ada', now: now2(2) },
      { type: 'RejectAction', actionId: 'act-2', by: 'ada', reason: 'no', now: now2(3) },
      { type: 'ApproveAction', actionId: 'act-3', by: 'ada', now: now2(4) },
      { type: 'ApproveAll', by: 'ada', now: now2(5) },
      { type: 'StartActionExecution', actionId: 'act-1', now: now2(6) },
      { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now: now2(7) },
    );
    const s = consistent(events);
    expect(s.proposed).toBe(0);
    expect(s.actions.map((a) => a.status)).toEqual(['executed', 'rejected', 'approved', 'approved', 'approved', 'approved', 'skipped', 'skipped']);
  });

  it('the last decision of a large run starts its execution, none before it', () => {
    const n = 1_000;
    const events = history(requested({ action_cap: n, confirmation_threshold: n }, { flow: 'approval' }), plan(n));
    let s = state(events);
    for (let i = 1; i <= n; i++) {
      const more = runDecider.decide({ type: i % 3 === 0 ? 'RejectAction' : 'ApproveAction', actionId: `act-${i}`, by: 'ada', now: now2(i) }, s);
      expect(more.some((e) => e.type === 'RunExecutionStarted')).toBe(i === n);
      events.push(...more);
      s = fold(runDecider, more, s);
    }
    expect(s.status).toBe('executing');
    expect(s.proposed).toBe(0);
  });

  it('auto-approval leaves nothing proposed', () => {
    expect(consistent(history(requested({ write_mode: 'auto' }), plan(3))).proposed).toBe(0);
  });
});
