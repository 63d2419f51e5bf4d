// The views of a run computed without the read model follow the read model's own rules
// (src/projections/run-rows.ts): after every decision of a run, the run as of that revision (folded
// from the stream) equals the run the read model holds, through the API; and a decision's answer
// equals the action the read model then holds, to the decision's time. The
// runs cover the edge cases of the counts: decided and undecided actions skipped at execution, a
// failure, an action cancelled while executing, auto-approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunCommand } from '../../src/domain/run.decider.js';
import type { RunEvent } from '../../src/domain/run.events.js';
import { runStreamId } from '../../src/domain/streams.js';
import type { ActionView, RunView } from '../../src/http/schemas/runs.schemas.js';
import { runEvents, toAppend, type RunSeed } from '../support/run-events.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORG = 'org_run_views';
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  // No reactors: these runs are written below the command layer, decision by decision, and the run
  // executor must not move them on by itself (there is no board behind them).
  t = await createTestApp({ label: 'run_views', env: { REACTORS_ENABLED: 'false' } });
  auth = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
});
afterAll(async () => t?.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

/** Appends the run's decisions one at a time; after each, the as-of view equals the read model's. */
async function decideAndCompare(seed: RunSeed, commands: RunCommand[]): Promise<RunView> {
  let done: RunEvent[] = [];
  let view: RunView | undefined;
  for (let k = 0; k <= commands.length; k++) {
    const all = runEvents(seed, ...commands.slice(0, k));
    const decision = all.slice(done.length);
    if (decision.length === 0) continue;
    const appended = await t.infra.store.append(runStreamId(seed.runId), toAppend(decision, ORG), { expectedRevision: done.length === 0 ? 'no_stream' : BigInt(done.length - 1) });
    done = all;
    expect(await t.projector.waitFor(appended.position, { timeoutMs: 10_000 })).toBe(true);
    view = await get<RunView>(`/api/runs/${seed.runId}`);
    const asOf = await get<RunView>(`/api/runs/${seed.runId}?as_of=${appended.nextExpectedRevision}`);
    expect(asOf, `after ${decision.map((e) => e.type).join(', ')}`).toEqual(view);
  }
  return view!;
}

describe('run views computed without the read model', () => {
  const now = new Date('2026-11-23T09:00:00.000Z');
  const items = ['VW-1', 'VW-2', 'VW-3', 'VW-4', 'VW-5'];

  it('as of any revision, equal the read model: approval flow with a failure and an action cancelled while executing', async () => {
    const seed: RunSeed = { runId: 'views-1', orgId: ORG, projectKey: 'VW', items, now };
    const final = await decideAndCompare(seed, [
      { type: 'ApproveAction', actionId: 'act-1', by: 'ada', now },
      { type: 'ApproveAction', actionId: 'act-2', by: 'ada', now },
      { type: 'ApproveAction', actionId: 'act-3', by: 'ada', now },
      { type: 'RejectAction', actionId: 'act-4', by: 'bo', reason: 'not now', now },
      { type: 'ExecuteRun', by: 'ada', now }, // act-5, undecided, is skipped
      { type: 'StartActionExecution', actionId: 'act-1', now },
      { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'failed', error: 'board said no', now },
      { type: 'StartActionExecution', actionId: 'act-2', now },
      { type: 'CancelRun', by: 'ada', reason: 'wrong project', now }, // act-3 skipped; act-2 executing
      { type: 'RecordActionOutcome', actionId: 'act-2', outcome: 'skipped', error: 'run cancelled before the write', now },
    ]);
    expect(final).toMatchObject({ status: 'cancelled', planned_actions_count: 5, failed_actions_count: 1, rejected_actions_count: 1, skipped_actions_count: 3, pending_actions_count: 0 });
  });

  it('as of any revision, equal the read model: auto mode approves and executes everything', async () => {
    const seed: RunSeed = { runId: 'views-2', orgId: ORG, projectKey: 'VW', items: items.slice(0, 2), now, flow: 'trigger', settings: { write_mode: 'auto' } };
    const final = await decideAndCompare(seed, [
      { type: 'StartActionExecution', actionId: 'act-1', now },
      { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now },
      { type: 'StartActionExecution', actionId: 'act-2', now },
      { type: 'RecordActionOutcome', actionId: 'act-2', outcome: 'executed', now },
    ]);
    expect(final).toMatchObject({ status: 'completed', approved_actions_count: 2, executed_actions_count: 2 });
  });

  it("a decision's answer is the action the read model then holds", async () => {
    const seed: RunSeed = { runId: 'views-3', orgId: ORG, projectKey: 'VW', items: items.slice(0, 2), now };
    await t.infra.store.append(runStreamId(seed.runId), toAppend(runEvents(seed), ORG), { expectedRevision: 'no_stream' });
    const approve = await t.app.inject({ method: 'POST', url: `/api/runs/views-3/actions/act-1/approve`, headers: auth });
    const reject = await t.app.inject({ method: 'POST', url: `/api/runs/views-3/actions/act-2/reject`, headers: auth, payload: { reason: 'duplicate' } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(reject.statusCode, reject.body).toBe(200);
    const held = await get<ActionView[]>('/api/runs/views-3/actions');
    // decided_at included: both are the decision's own time (the event's `at`).
    expect([approve.json<ActionView>(), reject.json<ActionView>()]).toEqual(held);
    expect(held.map((a) => [a.status, a.decided_by, a.decision_reason])).toEqual([
      ['approved', 'ada', null],
      ['rejected', 'ada', 'duplicate'],
    ]);
  });
});
