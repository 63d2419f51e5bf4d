// Tenant isolation in the reactors: organization A's board answers after 8 s; organization B's 2-action
// auto run, triggered just after A's, completes in under 2 s (its run stream is handled beside A's, not
// behind it), and A's run still completes once its board answers. Real server process, two Jira
// stand-ins (one per organization).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

const SLOW = 'org_slow_board';
const FAST = 'org_fast_board';

let h: RunHarness;
let slowJira: JiraStandIn;
let fastJira: JiraStandIn;

beforeAll(async () => {
  [slowJira, fastJira] = await Promise.all([startJiraStandIn(), startJiraStandIn()]);
  h = await startRunHarness('reactor_isolation');
  for (const [org, jira] of [[SLOW, slowJira], [FAST, fastJira]] as const) {
    const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token }, org);
    expect(saved.status).toBe(200);
    expect((await h.call('PUT', '/api/org/settings', { write_mode: 'auto' }, org)).status).toBe(200);
  }
});
afterAll(async () => {
  await h?.close();
  await Promise.all([slowJira?.close(), fastJira?.close()]);
});

describe('reactor isolation', () => {
  it("runs B's auto run in under 2 s while A's board answers after 8 s, and completes A's once it answers", async () => {
    slowJira.seedIssue({ key: 'SLW-1', summary: 'Needs a priority', assignee: slowJira.users[0]!, estimate: 1 });
    fastJira.seedIssue({ key: 'FST-1', summary: 'Needs a priority', assignee: fastJira.users[0]!, estimate: 1 });
    slowJira.setDelay(8_000);

    const slow = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'SLW', cycles: ['T'] }, SLOW);
    expect(slow.status).toBe(201);
    // A's planning is under way: its board has been asked.
    const asked = Date.now() + 10_000;
    while (slowJira.requests.length === 0) {
      if (Date.now() > asked) throw new Error("A's board was never asked");
      await new Promise((r) => setTimeout(r, 20));
    }
    const slowAskedAt = Date.now();

    const started = Date.now();
    const fast = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'FST', cycles: ['T'] }, FAST);
    expect(fast.status).toBe(201);
    const fastDone = await h.waitForRun(fast.body.id, (r) => r.status === 'completed' || r.status === 'failed', FAST, 15_000);
    const elapsed = Date.now() - started;
    console.log(`B's 2-action auto run: ${elapsed} ms while A's board was stalled`);
    expect(fastDone.status).toBe('completed');
    expect(fastDone.executed_actions_count).toBe(2);
    // B did not wait for A's board (which has not answered yet), and took under 2 s.
    expect(Date.now() - slowAskedAt).toBeLessThan(8_000);
    expect(elapsed).toBeLessThan(2_000);
    expect(fastJira.issues.get('FST-1')!.comments).toHaveLength(1);

    // A's run is still waiting on its board, and completes once the board answers.
    const slowNow = await h.call<RunBody>('GET', `/api/runs/${slow.body.id}`, undefined, SLOW);
    expect(slowNow.body.status).not.toBe('completed');
    slowJira.setDelay(0);
    const slowDone = await h.waitForRun(slow.body.id, (r) => r.status === 'completed' || r.status === 'failed', SLOW, 30_000);
    expect(slowDone.status).toBe('completed');
    expect(slowDone.executed_actions_count).toBe(2);
    expect(slowJira.issues.get('SLW-1')!.comments).toHaveLength(1);
  });
});
