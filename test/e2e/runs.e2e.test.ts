// Runs end to end: the real server process, real PostgreSQL and a Jira stand-in. Runs plan from
// the board, wait at the gates the organization's guards set, and perform exactly what was approved.
import pg from 'pg';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { startLinearStandIn } from '../support/stand-ins/linear-stand-in.js';
import { startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';
import { parseCsv, readPdf } from '../support/documents.js';
import { runCommand } from '../support/service-process.js';
import type { ActionView } from '../../src/http/schemas/runs.schemas.js';

let h: RunHarness;
let jira: JiraStandIn;

/** Two items missing a priority in `project`: T plans comment + label for each (4 actions). */
function seedProject(project: string): void {
  jira.seedIssue({ key: `${project}-1`, summary: 'Checkout is slow', assignee: jira.users[0]!, estimate: 2 });
  jira.seedIssue({ key: `${project}-2`, summary: 'Export to CSV', assignee: jira.users[1]!, estimate: 5 });
}

async function settings(body: Record<string, unknown>) {
  const res = await h.call('PUT', '/api/org/settings', body);
  expect(res.status).toBe(200);
}

async function trigger(project: string, extra: Record<string, unknown> = {}) {
  const res = await h.call<RunBody & { resumed: boolean }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: project, cycles: ['T'], ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const actions = async (runId: string) => (await h.call<ActionView[]>('GET', `/api/runs/${runId}/actions`)).body;
const writesTo = (project: string) => jira.writes().filter((w) => w.path.includes(`/${project}-`));

beforeAll(async () => {
  jira = await startJiraStandIn();
  h = await startRunHarness('runs_e2e');
  const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['APR'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await settings({ write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 });
});
afterAll(async () => {
  await h?.close();
  await jira?.close();
});

describe('runs against Jira', () => {
  it('approval mode: waits; approving two, rejecting one and executing performs exactly the two', async () => {
    seedProject('APR');
    const run = await trigger('APR');
    expect(run).toMatchObject({ status: 'awaiting_approval', planned_actions_count: 4, is_dry_run: false, cycles_run: ['T'], resumed: false });
    expect(writesTo('APR')).toEqual([]);

    const approved1 = await h.call('POST', `/api/runs/${run.id}/actions/act-1/approve`, {});
    expect(approved1.status, JSON.stringify(approved1.body)).toBe(200);
    expect((await h.call('POST', `/api/runs/${run.id}/actions/act-2/approve`, {})).status).toBe(200);
    const rejected = await h.call<ActionView>('POST', `/api/runs/${run.id}/actions/act-3/reject`, { reason: 'not this one' });
    expect(rejected.body).toMatchObject({ id: 'act-3', status: 'rejected', decision_reason: 'not this one' });
    const executing = await h.call<RunBody>('POST', `/api/runs/${run.id}/execute`, {});
    expect(executing.status).toBe(200);

    const done = await h.waitForRun(run.id, (r) => r.status === 'completed');
    expect(done).toMatchObject({ executed_actions_count: 2, skipped_actions_count: 1 });
    const performed = writesTo('APR');
    expect(performed.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /rest/api/3/issue/APR-1/comment', 'PUT /rest/api/3/issue/APR-1']);
    expect(jira.issues.get('APR-1')!.labels).toEqual(['needs-triage']);
    expect((await actions(run.id)).map((a) => [a.id, a.status])).toEqual([
      ['act-1', 'executed'],
      ['act-2', 'executed'],
      ['act-3', 'rejected'],
      ['act-4', 'skipped'],
    ]);

    // Approving an action of a completed run conflicts with its terminal state.
    const late = await h.call<{ detail: string }>('POST', `/api/runs/${run.id}/actions/act-4/approve`, {});
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/already completed/);
  });

  it('a run over the confirmation threshold waits for confirm', async () => {
    seedProject('CNF');
    await settings({ confirmation_threshold: 3 });
    try {
      const run = await trigger('CNF');
      expect(run.status).toBe('awaiting_confirmation');
      expect((await h.call('POST', `/api/runs/${run.id}/actions/act-1/approve`, {})).status).toBe(409);
      const confirmed = await h.call<RunBody>('POST', `/api/runs/${run.id}/confirm`, {});
      expect(confirmed.body.status).toBe('awaiting_approval');
      expect((await h.call('POST', `/api/runs/${run.id}/confirm`, {})).status).toBe(409);
      expect((await h.call<RunBody>('POST', `/api/runs/${run.id}/reject`, { reason: 'wrong sprint' })).body.status).toBe('rejected');
      expect(writesTo('CNF')).toEqual([]);
    } finally {
      await settings({ confirmation_threshold: 10 });
    }
  });

  it('the action cap skips the excess with a reason', async () => {
    seedProject('CAP');
    await settings({ action_cap: 2 });
    try {
      const run = await trigger('CAP');
      expect(run).toMatchObject({ planned_actions_count: 4, skipped_actions_count: 2 });
      const skipped = (await actions(run.id)).filter((a) => a.status === 'skipped');
      expect(skipped.map((a) => [a.id, a.decision_reason])).toEqual([
        ['act-3', 'action cap of 2 reached'],
        ['act-4', 'action cap of 2 reached'],
      ]);
    } finally {
      await settings({ action_cap: 25 });
    }
  });

  it('auto mode executes without approvals', async () => {
    seedProject('AUT');
    await settings({ write_mode: 'auto' });
    try {
      const run = await trigger('AUT');
      const done = await h.waitForRun(run.id, (r) => r.status === 'completed');
      expect(done.executed_actions_count).toBe(4);
      expect(writesTo('AUT')).toHaveLength(4);
      expect(jira.issues.get('AUT-2')!.comments[0]!.text).toMatch(/no priority/);
    } finally {
      await settings({ write_mode: 'approval' });
    }
  });

  it('a dry run plans but never calls a write endpoint of the board', async () => {
    seedProject('DRY');
    const before = jira.writes().length;
    const run = await trigger('DRY', { dry_run: true });
    expect(run).toMatchObject({ status: 'completed', is_dry_run: true, planned_actions_count: 4, executed_actions_count: 0 });
    await new Promise((r) => setTimeout(r, 500));
    expect(jira.writes().length).toBe(before);
  });

  it('trigger resumes the non-terminal run of the same board and project', async () => {
    seedProject('RES');
    const first = await trigger('RES');
    const again = await h.call<RunBody & { resumed: boolean }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'RES' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.id, resumed: true });
  });

  it('two concurrent approvals of the same action give one approved event and one 409', async () => {
    seedProject('TWO');
    const run = await trigger('TWO');
    const results = await Promise.all([
      h.call('POST', `/api/runs/${run.id}/actions/act-1/approve`, {}),
      h.call('POST', `/api/runs/${run.id}/actions/act-1/approve`, {}),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const client = new pg.Client({ connectionString: h.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM es.events WHERE stream_name = $1 AND event_type = 'ActionApproved' AND data->>'action_id' = 'act-1'",
        [`run-${run.id}`],
      );
      expect(rows[0]!.n).toBe('1');
    } finally {
      await client.end();
    }
  });

  it('lists runs newest first with the documented fields and filters; another organization sees none', async () => {
    const list = await h.call<RunBody[]>('GET', '/api/runs?limit=3&board_type=jira');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    for (const key of ['id', 'board_type', 'project_key', 'status', 'is_dry_run', 'planned_actions_count', 'executed_actions_count', 'cycles_run']) {
      expect(list.body[0]).toHaveProperty(key);
    }
    const created = list.body.map((r) => Date.parse(String(r.created_at)));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const byProject = await h.call<RunBody[]>('GET', '/api/runs?project_key=APR');
    expect(byProject.body.every((r) => r.project_key === 'APR')).toBe(true);
    expect((await h.call<RunBody[]>('GET', '/api/runs', undefined, 'org_other')).body).toEqual([]);
    expect((await h.call('GET', `/api/runs/${list.body[0]!.id}`, undefined, 'org_other')).status).toBe(404);
    expect((await h.call('POST', `/api/runs/${list.body[0]!.id}/confirm`, {}, 'org_other')).status).toBe(404);
  });

  it('answers next-task with the highest-ranked active item', async () => {
    const res = await h.call<{ task: { key: string } | null; project_key: string }>('GET', '/api/runs/next-task?project_key=APR');
    expect(res.status).toBe(200);
    expect(res.body.task?.key).toBe('APR-1');
  });

  it('runs against Linear too: approve-all executes every proposed action on the board', async () => {
    const linear = await startLinearStandIn();
    try {
      linear.seedIssue({ identifier: 'LIN-1', title: 'Flaky upload', stateType: 'started', priority: 2, estimate: 2, updatedAt: '2026-01-01T00:00:00Z', assignee: linear.users[0]! });
      const org = 'org_linear';
      const saved = await h.call('POST', '/api/settings/integration', { board_type: 'linear', api_key: linear.apiKey, api_url: linear.url, team_keys: ['LIN'] }, org);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const run = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'linear', project_key: 'LIN', cycles: ['S'] }, org);
      expect(run.status).toBe(201);
      expect(run.body).toMatchObject({ status: 'awaiting_approval', planned_actions_count: 2 });
      expect((await h.call('POST', `/api/runs/${run.body.id}/approve-all`, {}, org)).status).toBe(200);
      const done = await h.waitForRun(run.body.id, (r) => r.status === 'completed', org);
      expect(done.executed_actions_count).toBe(2);
      const issue = linear.issues.get('LIN-1')!;
      expect(issue.labels).toEqual(['stale']);
      expect(issue.comments[0]!.body).toMatch(/@Ada Lovelace this item has been in progress with no update/);
      // A Jira run asked of a Linear organization fails clearly instead of writing anywhere.
      const wrong = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'LIN' }, org);
      expect(wrong.body).toMatchObject({ status: 'failed', error: 'The connected board is linear, not jira' });
    } finally {
      await linear.close();
    }
  });

  it('shows pending approvals in the inbox with where to decide them, and counts them', async () => {
    seedProject('INB');
    await settings({ confirmation_threshold: 3 });
    const gated = await trigger('INB');
    await settings({ confirmation_threshold: 10 });
    seedProject('IN2');
    const waiting = await trigger('IN2');
    const inbox = await h.call<{ kind: string; id: string; run_id: string; decide: { path: string; decision: string }[]; waiting_since: string }[]>('GET', '/api/approvals/inbox');
    expect(inbox.status).toBe(200);
    const mine = inbox.body.filter((i) => i.run_id === gated.id || i.run_id === waiting.id);
    expect(mine.map((i) => [i.kind, i.id])).toEqual([
      ['run_confirmation', gated.id],
      ['action', 'act-1'],
      ['action', 'act-2'],
      ['action', 'act-3'],
      ['action', 'act-4'],
    ]);
    expect(mine[1]!.decide).toEqual([
      { method: 'POST', path: `/api/runs/${waiting.id}/actions/act-1/approve`, decision: 'approve' },
      { method: 'POST', path: `/api/runs/${waiting.id}/actions/act-1/reject`, decision: 'reject' },
    ]);
    const times = inbox.body.map((i) => i.waiting_since);
    expect([...times].sort()).toEqual(times);
    // Deciding through the advertised path takes the item out of the inbox.
    expect((await h.call('POST', mine[1]!.decide[0]!.path, {})).status).toBe(200);
    const after = await h.call<{ id: string; run_id: string }[]>('GET', '/api/approvals/inbox');
    expect(after.body.some((i) => i.run_id === waiting.id && i.id === 'act-1')).toBe(false);

    const stats = await h.call<{ actions: Record<string, number>; runs_awaiting_confirmation: number }>('GET', '/api/approvals/stats');
    expect(stats.body.runs_awaiting_confirmation).toBeGreaterThanOrEqual(1);
    expect(stats.body.actions.pending).toBeGreaterThanOrEqual(3);
    expect(stats.body.actions.executed).toBeGreaterThanOrEqual(6);
    expect((await h.call<{ actions: Record<string, number> }>('GET', '/api/approvals/stats', undefined, 'org_nobody')).body.actions.pending).toBe(0);
  });

  it('aggregates runs per project', async () => {
    const res = await h.call<{ project_key: string; runs: number; actions_executed: number; last_run: { status: string } }[]>('GET', '/api/projects?board_type=jira');
    expect(res.status).toBe(200);
    const apr = res.body.find((p) => p.project_key === 'APR')!;
    expect(apr).toMatchObject({ runs: 1, actions_executed: 2, last_run: { status: 'completed' } });
    expect(res.body.map((p) => p.project_key)).toEqual(expect.arrayContaining(['APR', 'CAP', 'AUT', 'DRY']));
    expect((await h.call<unknown[]>('GET', '/api/projects', undefined, 'org_nobody')).body).toEqual([]);
  });

  it('gives auditors the history and the run as it was at any point', async () => {
    const [run] = (await h.call<RunBody[]>('GET', '/api/runs?project_key=APR')).body;
    const history = await h.call<{ revision: string; type: string; metadata: Record<string, unknown>; created: string }[]>('GET', `/api/runs/${run!.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((e) => e.revision)).toEqual(history.body.map((_, i) => String(i)));
    expect(history.body[0]).toMatchObject({ type: 'RunRequested', metadata: { org_id: 'org_runs', user_id: 'ada' } });
    expect(history.body.map((e) => e.type)).toEqual(expect.arrayContaining(['RunPlanned', 'ApprovalRequested', 'ActionExecutionStarted', 'ActionExecuted', 'RunCompleted']));

    const awaiting = history.body.find((e) => e.type === 'ApprovalRequested')!;
    const then = await h.call<RunBody>('GET', `/api/runs/${run!.id}?as_of=${awaiting.revision}`);
    expect(then.body).toMatchObject({ id: run!.id, status: 'awaiting_approval', executed_actions_count: 0, planned_actions_count: 4 });
    const byTime = await h.call<RunBody>('GET', `/api/runs/${run!.id}?as_of=${encodeURIComponent(history.body.at(-1)!.created)}`);
    expect(byTime.body).toMatchObject({ status: 'completed', executed_actions_count: 2 });
    expect((await h.call('GET', `/api/runs/${run!.id}?as_of=yesterday-ish`)).status).toBe(400);
    expect((await h.call('GET', `/api/runs/${run!.id}/history`, undefined, 'org_other')).status).toBe(404);

    // The operator's CLI prints the same history.
    const cli = await runCommand(['audit', 'run', run!.id, '--json'], h.env);
    expect(cli.code, cli.stderr).toBe(0);
    const lines = cli.stdout.trim().split('\n').map((l) => JSON.parse(l) as { revision: string; type: string });
    expect(lines.map((l) => l.type)).toEqual(history.body.map((e) => e.type));
    const missing = await runCommand(['audit', 'run', 'no-such-run'], h.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No run no-such-run/);
  });

  it('exports runs as CSV (parsed back) and as a paginated PDF (read back)', async () => {
    const res = await fetch(`${h.service.url}/api/runs/export?board_type=jira&from=2020-01-01`, { headers: await authHeader() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="runs-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await parseCsv(await res.text());
    const list = (await h.call<RunBody[]>('GET', '/api/runs?board_type=jira&limit=200')).body;
    expect(rows.map((r) => r.run_id)).toEqual(list.map((r) => r.id));
    const apr = rows.find((r) => r.project_key === 'APR')!;
    expect(apr).toMatchObject({ status: 'completed', planned: '4', executed: '2', is_dry_run: 'false', cycles_run: 'T' });
    // The times the projection wrote as text for the export are the list's.
    const listed = list.find((r) => r.id === apr.run_id)!;
    expect([apr.created_at, apr.completed_at]).toEqual([listed.created_at, listed.completed_at]);
    expect(apr.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const pdf = await fetch(`${h.service.url}/api/runs/export?format=pdf&project_key=APR`, { headers: await authHeader() });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const parsed = await readPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(parsed.pages).toBe(1);
    expect(parsed.text).toContain('Sprintguard runs');
    expect(parsed.text).toContain('Filters: project_key=APR');
    expect(parsed.text).toContain(apr.run_id!.slice(0, 8));
    expect(parsed.text).toContain('Page 1 of 1');

    expect((await fetch(`${h.service.url}/api/runs/export?from=someday`, { headers: await authHeader() })).status).toBe(400);
  });

  it("exports a run's action log; cells that would be formulas are defused; other organizations get 404", async () => {
    jira.seedIssue({ key: 'XSS-1', summary: '=HYPERLINK("http://evil.example","click")', assignee: jira.users[0]!, estimate: 1 });
    const run = await trigger('XSS');
    const res = await fetch(`${h.service.url}/api/runs/${run.id}/actions/export`, { headers: await authHeader() });
    expect(res.status).toBe(200);
    const rows = await parseCsv(await res.text());
    expect(rows.map((r) => [r.action_id, r.kind, r.status])).toEqual([
      ['act-1', 'comment', 'proposed'],
      ['act-2', 'label', 'proposed'],
    ]);
    expect(rows[0]!.item_title).toBe(`'=HYPERLINK("http://evil.example","click")`);

    const pdf = await fetch(`${h.service.url}/api/runs/${run.id}/actions/export?format=pdf`, { headers: await authHeader() });
    const parsed = await readPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(parsed.text).toContain('action log');
    expect(parsed.text).toContain('XSS-1');

    const other = await h.call('GET', `/api/runs/${run.id}/actions/export`, undefined, 'org_other');
    expect(other.status).toBe(404);
  });

  it('paginates a long PDF with the header on every page', async () => {
    for (let i = 1; i <= 30; i++) jira.seedIssue({ key: `BIG-${i}`, summary: `Item ${i} without priority`, assignee: jira.users[0]!, estimate: 1 });
    await settings({ confirmation_threshold: 1000, action_cap: 1000 });
    try {
      const run = await trigger('BIG');
      expect(run.planned_actions_count).toBe(60);
      const pdf = await fetch(`${h.service.url}/api/runs/${run.id}/actions/export?format=pdf`, { headers: await authHeader() });
      const parsed = await readPdf(Buffer.from(await pdf.arrayBuffer()));
      expect(parsed.pages).toBe(2);
      expect(parsed.text).toContain('Page 2 of 2');
      expect(parsed.text.match(/item_title/g)?.length).toBe(2);
    } finally {
      await settings({ confirmation_threshold: 10, action_cap: 25 });
    }
  });

  it('reports metrics per day over a window, with approval rate and median time to decision', async () => {
    const res = await h.call<{
      window: string;
      series: { day: string; runs: number }[];
      totals: { runs: number; actions_approved: number; actions_rejected: number; actions_executed: number };
      approval_rate: number;
      median_time_to_decision_seconds: number;
    }>('GET', '/api/metrics?window=7d');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.window).toBe('7d');
    expect(res.body.series).toHaveLength(7);
    expect(res.body.series.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    const list = (await h.call<RunBody[]>('GET', '/api/runs?limit=200')).body;
    expect(res.body.totals.runs).toBe(list.length);
    expect(res.body.totals.actions_rejected).toBeGreaterThanOrEqual(1);
    expect(res.body.totals.actions_approved).toBeGreaterThanOrEqual(3);
    expect(res.body.approval_rate).toBeGreaterThan(0);
    expect(res.body.approval_rate).toBeLessThan(1);
    expect(res.body.median_time_to_decision_seconds).toBeGreaterThanOrEqual(0);
    const apr = await h.call<{ totals: { runs: number; actions_executed: number } }>('GET', '/api/metrics?project_key=APR');
    expect(apr.body.totals).toMatchObject({ runs: 1, actions_executed: 2 });
    expect((await h.call('GET', '/api/metrics?window=1y')).status).toBe(400);
    expect((await h.call<{ totals: { runs: number } }>('GET', '/api/metrics', undefined, 'org_nobody')).body.totals.runs).toBe(0);
  });

  it('verifies the live read models against a shadow rebuild from the CLI', async () => {
    const res = await runCommand(['projections', 'verify', 'runs', 'org_config'], h.env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^runs: matches a rebuild from [\d,]+ events$/m);
    expect(res.stdout).toMatch(/^org_config: matches a rebuild/m);
  });
});

async function authHeader(): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await signDevToken(h.dataDir, { orgId: 'org_runs', userId: 'ada', admin: true })}` };
}
