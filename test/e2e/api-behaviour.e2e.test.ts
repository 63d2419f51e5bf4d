// What an API client relies on, against the real server process and a Jira stand-in: commands
// without a body, one active run per project however many triggers race, cancelling a run while it
// executes, and idempotent retries (docs/api-behaviour.md).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { ORG, startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';
import { parseCsv, readPdf } from '../support/documents.js';

let h: RunHarness;
let jira: JiraStandIn;

/** `n` items missing a priority in `project`: cycle T plans a comment and a label for each. */
function seedProject(project: string, n = 2): void {
  for (let i = 1; i <= n; i++) jira.seedIssue({ key: `${project}-${i}`, summary: `Item ${i}`, assignee: jira.users[0]!, estimate: 2 });
}

async function settings(body: Record<string, unknown>) {
  const res = await h.call('PUT', '/api/org/settings', body);
  expect(res.status).toBe(200);
}

const writesTo = (project: string) => jira.writes().filter((w) => w.path.includes(`/${project}-`));

/** A raw request as a client without a JSON helper sends it (no body, or exactly these bytes). */
async function raw(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const token = await signDevToken(h.dataDir, { orgId: ORG, userId: 'ada', admin: true });
  const res = await fetch(`${h.service.url}${url}`, { method, headers: { authorization: `Bearer ${token}`, ...init.headers }, ...(init.body !== undefined ? { body: init.body } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

async function countEvents(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: h.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(sql, params);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  jira = await startJiraStandIn();
  h = await startRunHarness('api_behaviour', { RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
  const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ONE'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await settings({ write_mode: 'approval', action_cap: 25, confirmation_threshold: 3 });
});
afterAll(async () => {
  await h?.close();
  await jira?.close();
});

describe('commands without a body', () => {
  it('are accepted wherever the body has no required field', async () => {
    seedProject('NOB');
    const trigger = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'NOB', cycles: ['T'] });
    expect(trigger.body.status).toBe('awaiting_confirmation');
    const id = trigger.body.id;
    // curl -X POST: no content type, no body.
    const confirmed = await raw('POST', `/api/runs/${id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe('awaiting_approval');
    const approved = await raw('POST', `/api/runs/${id}/actions/act-1/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // An empty body sent with a JSON content type is the same.
    const rejected = await raw('POST', `/api/runs/${id}/actions/act-2/reject`, { headers: { 'content-type': 'application/json' }, body: '' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const all = await raw('POST', `/api/runs/${id}/approve-all`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    await h.waitForRun(id, (r) => r.status === 'completed');

    seedProject('NOC');
    const second = await h.call<RunBody>('POST', '/api/runs/start', { board_type: 'jira', project_key: 'NOC', cycles: ['T'] });
    const confirm2 = await raw('POST', `/api/runs/${second.body.id}/confirm`);
    expect(confirm2.status).toBe(200);
    expect((await raw('POST', `/api/runs/${second.body.id}/execute`)).status).toBe(200);

    seedProject('NOD');
    const third = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'NOD', cycles: ['T'] });
    const rejectedRun = await raw('POST', `/api/runs/${third.body.id}/reject`);
    expect(rejectedRun.status).toBe(200);
    expect(rejectedRun.body.status).toBe('rejected');
  });

  it('still refuses a missing body where a field is required', async () => {
    const res = await raw('POST', '/api/runs/trigger');
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

describe('one active run per organization, board and project', () => {
  it('20 concurrent triggers get one run, and approving it writes one set of actions', async () => {
    seedProject('PAR');
    await settings({ confirmation_threshold: 10 });
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => h.call<RunBody & { resumed: boolean }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'PAR', cycles: ['T'] })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([...Array<number>(19).fill(200), 201]);
      const ids = new Set(results.map((r) => r.body.id));
      expect(ids.size).toBe(1);
      const [runId] = [...ids];
      expect(await countEvents("SELECT count(*) AS n FROM es.events WHERE event_type = 'RunRequested' AND data->>'project_key' = 'PAR'", [])).toBe(1);

      expect((await h.call('POST', `/api/runs/${runId}/approve-all`)).status).toBe(200);
      await h.waitForRun(runId!, (r) => r.status === 'completed');
      expect(writesTo('PAR')).toHaveLength(4);
      expect(await h.waitForRun(runId!, (r) => r.status === 'completed')).toMatchObject({ approved_actions_count: 4, executed_actions_count: 4, cycles_run: ['T'] });

      // Both action exports say when each action was decided and executed, and by whom.
      const authorization = `Bearer ${await signDevToken(h.dataDir, { orgId: ORG, userId: 'ada', admin: true })}`;
      const csv = await fetch(`${h.service.url}/api/runs/${runId}/actions/export`, { headers: { authorization } });
      const rows = await parseCsv(await csv.text());
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'executed', decided_by: 'ada', executed_by: 'ada' });
        expect(Date.parse(row.decided_at!)).not.toBeNaN();
        expect(Date.parse(row.executed_at!)).not.toBeNaN();
      }
      const pdf = await fetch(`${h.service.url}/api/runs/${runId}/actions/export?format=pdf`, { headers: { authorization } });
      const text = (await readPdf(Buffer.from(await pdf.arrayBuffer()))).text;
      for (const header of ['decided_by', 'decided_at', 'executed_by', 'executed_at']) expect(text).toContain(header);
      expect(text).toContain(rows[0]!.executed_at!.slice(0, 10));
      // Ended: the next trigger starts a new run.
      const next = await h.call<RunBody & { resumed: boolean }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'PAR', cycles: ['T'] });
      expect(next.status).toBe(201);
      expect(next.body.id).not.toBe(runId);
      await h.call('POST', `/api/runs/${next.body.id}/reject`);
    } finally {
      await settings({ confirmation_threshold: 3 });
    }
  });

  it('a trigger asking for another dry_run or other cycles than the active run answers 409 naming it', async () => {
    seedProject('KND');
    const live = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'KND', cycles: ['T'] });
    expect(live.status).toBe(201);
    const dry = await h.call<{ detail: string }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'KND', dry_run: true });
    expect(dry.status).toBe(409);
    expect(dry.body.detail).toContain(live.body.id);
    const cycles = await h.call<{ detail: string }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'KND', cycles: ['S'] });
    expect(cycles.status).toBe(409);
    expect(cycles.body.detail).toContain(live.body.id);
    const same = await h.call<RunBody & { resumed: boolean }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'KND', cycles: ['T'], dry_run: false });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ id: live.body.id, resumed: true });
    const started = await h.call<{ detail: string }>('POST', '/api/runs/start', { board_type: 'jira', project_key: 'KND' });
    expect(started.status).toBe(409);
    expect(started.body.detail).toContain(live.body.id);
    await h.call('POST', `/api/runs/${live.body.id}/reject`);
  });
});

describe('cancel', () => {
  it('stops a run during execution: no board write after the cancel, performed actions stay recorded', async () => {
    seedProject('CAN', 3);
    await settings({ write_mode: 'auto', confirmation_threshold: 10 });
    jira.setWriteDelay(700);
    try {
      const run = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'CAN', cycles: ['T'] });
      expect(run.body.status).toBe('executing');
      const deadline = Date.now() + 10_000;
      while (writesTo('CAN').length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const cancelled = await h.call<RunBody>('POST', `/api/runs/${run.body.id}/cancel`, { reason: 'wrong project' });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', error: 'wrong project' });
      const writesAtCancel = writesTo('CAN').length;
      expect(writesAtCancel).toBeLessThan(6);
      await new Promise((r) => setTimeout(r, 2_500));
      expect(writesTo('CAN')).toHaveLength(writesAtCancel);

      const actions = (await h.call<{ id: string; status: string; decision_reason: string | null }[]>('GET', `/api/runs/${run.body.id}/actions`)).body;
      const executed = actions.filter((a) => a.status === 'executed');
      expect(executed.length).toBeLessThanOrEqual(writesAtCancel);
      expect(actions.filter((a) => a.status === 'skipped').length).toBeGreaterThanOrEqual(6 - writesAtCancel);
      expect(actions.some((a) => a.decision_reason === 'run cancelled')).toBe(true);
      const after = await h.call<RunBody>('GET', `/api/runs/${run.body.id}`);
      expect(after.body.status).toBe('cancelled');

      const again = await h.call<{ detail: string }>('POST', `/api/runs/${run.body.id}/cancel`);
      expect(again.status).toBe(409);
      expect(again.body.detail).toMatch(/already cancelled/);
      const list = await h.call<RunBody[]>('GET', '/api/runs?project_key=CAN');
      expect(list.body[0]).toMatchObject({ id: run.body.id, status: 'cancelled' });

      // The cancelled status everywhere a run's status is read: both run exports, the projects read
      // side (no longer active) and the metrics (runs that ended cancelled today).
      const authorization = `Bearer ${await signDevToken(h.dataDir, { orgId: ORG, userId: 'ada', admin: true })}`;
      const csv = await fetch(`${h.service.url}/api/runs/export?project_key=CAN`, { headers: { authorization } });
      expect(csv.status).toBe(200);
      expect(await parseCsv(await csv.text())).toEqual([expect.objectContaining({ run_id: run.body.id, status: 'cancelled', project_key: 'CAN' })]);
      const pdf = await fetch(`${h.service.url}/api/runs/export?project_key=CAN&format=pdf`, { headers: { authorization } });
      expect(pdf.status).toBe(200);
      const pdfText = (await readPdf(Buffer.from(await pdf.arrayBuffer()))).text;
      expect(pdfText).toMatch(/\bcancelled\b/);
      expect(pdfText).toContain(run.body.id.slice(0, 8));
      const projects = await h.call<{ project_key: string; active_runs: number; runs_by_status: Record<string, number>; last_run: { id: string; status: string } }[]>('GET', '/api/projects?board_type=jira');
      expect(projects.body.find((p) => p.project_key === 'CAN')).toMatchObject({ active_runs: 0, runs_by_status: { cancelled: 1 }, last_run: { id: run.body.id, status: 'cancelled' } });
      const metrics = await h.call<{ series: { day: string; runs_cancelled: number }[]; totals: { runs: number; runs_cancelled: number; runs_completed: number } }>('GET', '/api/metrics?window=7d&project_key=CAN');
      expect(metrics.body.totals).toMatchObject({ runs: 1, runs_cancelled: 1, runs_completed: 0 });
      expect(metrics.body.series.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), runs_cancelled: 1 });
    } finally {
      jira.setWriteDelay(0);
      await settings({ write_mode: 'approval', confirmation_threshold: 3 });
    }
  });

  it('stops a run awaiting confirmation or approval, and frees the project for a new run', async () => {
    seedProject('CAW');
    const run = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'CAW', cycles: ['T'] });
    expect(run.body.status).toBe('awaiting_confirmation');
    const cancelled = await h.call<RunBody>('POST', `/api/runs/${run.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    const next = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'CAW', cycles: ['T'], dry_run: true });
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(run.body.id);
    expect(writesTo('CAW')).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('a retried trigger with the same key gets the first answer; another body with the key answers 422', async () => {
    seedProject('IDK');
    const body = JSON.stringify({ board_type: 'jira', project_key: 'IDK', cycles: ['T'] });
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'trigger-idk-1' };
    const first = await raw('POST', '/api/runs/trigger', { headers, body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The same request retried (also with its fields in another order) is answered as the first time.
    const retried = await raw('POST', '/api/runs/trigger', { headers, body: JSON.stringify({ cycles: ['T'], project_key: 'IDK', board_type: 'jira' }) });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.headers.get('location')).toBe(`/api/runs/${String(first.body.id)}`);
    // Concurrent retries too.
    const burst = await Promise.all(Array.from({ length: 5 }, () => raw('POST', '/api/runs/trigger', { headers, body })));
    expect(burst.map((r) => [r.status, r.body.id])).toEqual(Array.from({ length: 5 }, () => [201, first.body.id]));
    const other = await raw('POST', '/api/runs/trigger', { headers, body: JSON.stringify({ board_type: 'jira', project_key: 'IDK', cycles: ['S'] }) });
    expect(other.status).toBe(422);
    expect(other.body.detail).toMatch(/Idempotency-Key/);
    // Without a key, the same trigger is a resume (200), not the first answer.
    expect((await raw('POST', '/api/runs/trigger', { headers: { 'content-type': 'application/json' }, body })).status).toBe(200);
    await h.call('POST', `/api/runs/${String(first.body.id)}/reject`);
  });

  it('a retried import gets its first answer (created), not duplicates', async () => {
    const body = JSON.stringify({ board_type: 'jira', project_key: 'IDK', items: [{ title: 'Idempotent import item' }] });
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'import-1' };
    const first = await raw('POST', '/api/import/backlog', { headers, body });
    expect(first.status).toBe(201);
    const retried = await raw('POST', '/api/import/backlog', { headers, body });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    const unkeyed = await raw('POST', '/api/import/backlog', { headers: { 'content-type': 'application/json' }, body });
    expect(unkeyed.body).toMatchObject({ created_count: 0, duplicate_count: 1 });
    expect(await countEvents('SELECT count(*) AS n FROM idempotency_keys WHERE key = $1', ['import-1'])).toBe(1);
  });
});

describe('backlog proposals', () => {
  it('honour the write mode: accepting under dry_run writes nothing to the board', async () => {
    await settings({ write_mode: 'dry_run' });
    try {
      const imported = await h.call<{ created: { id: string }[] }>('POST', '/api/import/backlog', { board_type: 'jira', project_key: 'ONE', items: [{ title: 'Dry run proposal' }] });
      expect(imported.status).toBe(201);
      const id = imported.body.created[0]!.id;
      const accepted = await h.call<{ status: string; apply_error: string | null }>('POST', `/api/backlog-proposals/${id}/decision`, { decision: 'accept' });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.status).toBe('accepted');
      await new Promise((r) => setTimeout(r, 1_500));
      expect(jira.writes().filter((w) => w.method === 'POST' && w.path === '/rest/api/3/issue')).toEqual([]);
      const listed = await h.call<{ id: string; status: string; apply_error: string | null }[]>('GET', '/api/backlog-proposals?project_key=ONE');
      expect(listed.body.find((p) => p.id === id)).toMatchObject({ status: 'accepted', apply_error: expect.stringMatching(/dry_run/) });
    } finally {
      await settings({ write_mode: 'approval' });
    }
  });

  it('a rejected proposal is reported as such on re-import, with the path that reopens it', async () => {
    const item = { title: 'Rejected then wanted' };
    const imported = await h.call<{ created: { id: string }[] }>('POST', '/api/import/backlog', { board_type: 'jira', project_key: 'ONE', items: [item] });
    const id = imported.body.created[0]!.id;
    expect((await h.call('POST', `/api/backlog-proposals/${id}/decision`, { decision: 'reject', reason: 'not now' })).status).toBe(200);
    const again = await h.call<{ created_count: number; duplicates: { id: string; status?: string; reopen?: string }[] }>('POST', '/api/import/backlog', { board_type: 'jira', project_key: 'ONE', items: [item] });
    expect(again.body.created_count).toBe(0);
    expect(again.body.duplicates[0]).toMatchObject({ id, status: 'rejected', reopen: `/api/backlog-proposals/${id}/reopen` });
    const reopened = await h.call<{ status: string; decided_by: string | null }>('POST', again.body.duplicates[0]!.reopen!);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'pending', decided_by: null });
    expect((await h.call('POST', again.body.duplicates[0]!.reopen!)).status).toBe(409);
  });
});
