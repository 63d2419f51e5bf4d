// An action decision answers as soon as its events are appended, without waiting for the runs read
// model; the caller's next reads wait for it instead (src/http/read-your-writes.ts). Checked here
// the way a client sees it: decide, then at once read the action, the run and the run list, 1,000
// times, never stale; and another user who sends the consistency token back reads the write too.
// Both ways the projections run: on the requests' thread, and on a thread of their own (`serve`'s
// default), where the requests' thread learns of each checkpoint from the thread's messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSISTENCY_TOKEN_HEADER } from '../../src/http/read-your-writes.js';
import { runEvents, toAppend } from '../support/run-events.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORG = 'org_ryw';
const RUNS = 10;
const ACTIONS_PER_RUN = 100;


interface RunView {
  id: string;
  approved_actions_count: number;
  rejected_actions_count: number;
  pending_actions_count: number;
}
interface ActionView {
  id: string;
  status: string;
}

describe.each([
  ['on the requests\' thread', 'false'],
  ['on the projections\' own thread', 'true'],
])('read-your-writes after an action decision, projections %s', (_where, thread) => {
  let t: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({ label: 'ryw', env: { RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000', PROJECTOR_THREAD: thread } });
    auth = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
    for (let r = 0; r < RUNS; r++) {
      const items = Array.from({ length: ACTIONS_PER_RUN + 1 }, (_, i) => `RYW-${r}-${i + 1}`);
      await t.infra.store.append(`run-ryw-${r}`, toAppend(runEvents({ runId: `ryw-${r}`, orgId: ORG, items }), ORG));
    }
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await t.app.inject({ method: 'GET', url: '/api/runs', headers: auth });
      if (res.statusCode === 200 && res.json<RunView[]>().filter((r) => r.pending_actions_count === ACTIONS_PER_RUN + 1).length === RUNS) break;
      if (Date.now() > deadline) throw new Error('the runs projection did not catch up');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 60_000);
  afterAll(async () => t?.close());

  it('approve or reject, then read the action, the run and the list at once: never stale, 1,000 times', async () => {
    const stale: string[] = [];
    for (let r = 0; r < RUNS; r++) {
      const runId = `ryw-${r}`;
      for (let i = 1; i <= ACTIONS_PER_RUN; i++) {
        const decision = i % 3 === 0 ? 'reject' : 'approve';
        const decided = await t.app.inject({ method: 'POST', url: `/api/runs/${runId}/actions/act-${i}/${decision}`, headers: auth, payload: {} });
        expect(decided.statusCode).toBe(200);
        expect(decided.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^\d+\/\d+$/);
        const status = decision === 'reject' ? 'rejected' : 'approved';
        const rejected = Math.floor(i / 3);

        const actions = (await t.app.inject({ method: 'GET', url: `/api/runs/${runId}/actions`, headers: auth })).json<ActionView[]>();
        const action = actions.find((a) => a.id === `act-${i}`);
        if (action?.status !== status) stale.push(`${runId} act-${i}: action ${action?.status}`);

        const run = (await t.app.inject({ method: 'GET', url: `/api/runs/${runId}`, headers: auth })).json<RunView>();
        if (run.approved_actions_count !== i - rejected || run.rejected_actions_count !== rejected) {
          stale.push(`${runId} act-${i}: run ${run.approved_actions_count}/${run.rejected_actions_count}`);
        }

        const listed = (await t.app.inject({ method: 'GET', url: '/api/runs?limit=50', headers: auth })).json<RunView[]>().find((x) => x.id === runId);
        if (listed?.pending_actions_count !== ACTIONS_PER_RUN + 1 - i) stale.push(`${runId} act-${i}: list ${listed?.pending_actions_count}`);
      }
    }
    expect(stale).toEqual([]);
  }, 300_000);

  it('another user reads the write when it sends the consistency token back', async () => {
    const other = await t.auth({ orgId: ORG, userId: 'bo', admin: true });
    const stale: string[] = [];
    for (let r = 0; r < RUNS; r++) {
      const runId = `ryw-${r}`;
      const decided = await t.app.inject({ method: 'POST', url: `/api/runs/${runId}/actions/act-${ACTIONS_PER_RUN + 1}/approve`, headers: auth, payload: {} });
      expect(decided.statusCode).toBe(200);
      const token = decided.headers[CONSISTENCY_TOKEN_HEADER] as string;
      const run = (await t.app.inject({ method: 'GET', url: `/api/runs/${runId}`, headers: { ...other, [CONSISTENCY_TOKEN_HEADER]: token } })).json<RunView>();
      if (run.pending_actions_count !== 0) stale.push(`${runId}: ${run.pending_actions_count} pending`);
    }
    expect(stale).toEqual([]);
  }, 60_000);
});
