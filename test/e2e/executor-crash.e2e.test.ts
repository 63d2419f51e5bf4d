// Executor crash test: the server is SIGKILLed after an action's intent event and before its outcome.
// On restart the executor reconciles from the board: the action is performed at most once on the
// stand-in, and the run completes.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';

let h: RunHarness;
let jira: JiraStandIn;

beforeAll(async () => {
  jira = await startJiraStandIn();
  h = await startRunHarness('executor_crash');
  expect((await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token })).status).toBe(200);
  expect((await h.call('PUT', '/api/org/settings', { write_mode: 'auto' })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await jira?.close();
});

async function eventTypes(runId: string): Promise<{ type: string; action?: string }[]> {
  const client = new pg.Client({ connectionString: h.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ event_type: string; action: string | null }>(
      "SELECT event_type, data->>'action_id' AS action FROM es.events WHERE stream_name = $1 ORDER BY revision",
      [`run-${runId}`],
    );
    return rows.map((r) => ({ type: r.event_type, ...(r.action ? { action: r.action } : {}) }));
  } finally {
    await client.end();
  }
}

describe('executor crash', () => {
  it('performs an interrupted action at most once and completes the run after a restart', async () => {
    jira.seedIssue({ key: 'CRS-1', summary: 'Needs a priority', assignee: jira.users[0]!, estimate: 1 });
    // Reads answer at once; writes (the comment first) are held long enough to kill the server.
    jira.setWriteDelay(3_000);
    const trigger = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'CRS', cycles: ['T'] });
    expect(trigger.status).toBe(201);
    const runId = trigger.body.id;

    // Wait until the comment call reached the board: its intent is recorded, its outcome is not.
    const deadline = Date.now() + 15_000;
    while (!jira.requests.some((r) => r.method === 'POST' && r.path.endsWith('/CRS-1/comment'))) {
      if (Date.now() > deadline) throw new Error('the executor never called the board');
      await new Promise((r) => setTimeout(r, 20));
    }
    await h.service.stop('SIGKILL');
    const atCrash = await eventTypes(runId);
    expect(atCrash).toContainEqual({ type: 'ActionExecutionStarted', action: 'act-1' });
    expect(atCrash.some((e) => e.action === 'act-1' && (e.type === 'ActionExecuted' || e.type === 'ActionFailed'))).toBe(false);

    // The board finishes the call the dead server made; then the server comes back.
    await new Promise((r) => setTimeout(r, 3_200));
    jira.setWriteDelay(0);
    await h.restart();

    const done = await h.waitForRun(runId, (r) => r.status === 'completed', undefined, 30_000);
    expect(done.executed_actions_count).toBe(2);
    const issue = jira.issues.get('CRS-1')!;
    expect(issue.comments).toHaveLength(1);
    expect(issue.labels).toEqual(['needs-triage']);
    const commentPosts = jira.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/CRS-1/comment'));
    expect(commentPosts).toHaveLength(1);
    const after = await eventTypes(runId);
    expect(after.filter((e) => e.type === 'ActionExecuted' && e.action === 'act-1')).toHaveLength(1);
  });
});
