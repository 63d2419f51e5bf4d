// A triggered run is planned once: the trigger route plans it at once, and the run executor, woken
// by the same RunRequested in the same process, finds that plan instead of reading the board again.
// The whole service in process (createServices + buildApp, its reactors running), a Jira stand-in
// that is slow enough for the two to overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORG = 'org_plan_once';

describe('planning a triggered run', () => {
  let t: TestApp;
  let jira: JiraStandIn;

  beforeAll(async () => {
    // Every board answer takes 300 ms: the executor wakes while the route's plan is still reading.
    jira = await startJiraStandIn({ delayMs: 300 });
    t = await createTestApp({ label: 'plan_once' });
  });
  afterAll(async () => {
    await t?.close();
    await jira?.close();
  });

  it('reads the board once per run, though the route and the executor both see it planning', async () => {
    const auth = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
    jira.seedIssue({ key: 'ONCE-1', summary: 'No priority yet', assignee: jira.users[0]!, estimate: 2 });
    jira.seedIssue({ key: 'ONCE-2', summary: 'Nobody owns this' });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings/integration',
      headers: auth,
      payload: { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ONCE'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const searches = () => jira.requests.filter((r) => r.path.startsWith('/rest/api/3/search/jql')).length;
    const before = searches();

    const triggered = await t.app.inject({ method: 'POST', url: '/api/runs/trigger', headers: auth, payload: { board_type: 'jira', project_key: 'ONCE', cycles: ['T'] } });
    expect(triggered.statusCode, triggered.body).toBe(201);
    expect(triggered.json<{ status: string }>().status).toBe('awaiting_approval');
    // Give the executor time to have acted on RunRequested (it reads the board after 300 ms, if at all).
    await new Promise((r) => setTimeout(r, 1_500));

    expect(searches() - before).toBe(1);
  });
});
