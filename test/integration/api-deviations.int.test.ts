// Client-facing deviations fixed (docs/api-behaviour.md): board_type on next-task, export dates that
// do not exist, number parameters that are not finite, the transcript limit in characters whatever
// the JSON escaping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let jira: JiraStandIn;
let headers: { authorization: string };

const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, extra: Record<string, string> = {}) => {
  const res = await t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.body, json: () => res.json<Record<string, unknown>>() };
};

beforeAll(async () => {
  jira = await startJiraStandIn();
  jira.seedIssue({ key: 'ENG-1', summary: 'First', assignee: jira.users[0]!, estimate: 1 });
  t = await createTestApp({ label: 'api_deviations', env: { REACTORS_ENABLED: 'false' } });
  headers = await t.auth({ orgId: 'org_dev', userId: 'ada', admin: true });
  const saved = await inject('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ENG'] });
  expect(saved.status, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await jira?.close();
});

describe('next-task', () => {
  it('takes board_type like the other run routes, and refuses a board that is not the connected one', async () => {
    const jiraTask = await inject('GET', '/api/runs/next-task?board_type=jira&project_key=ENG');
    expect(jiraTask.status, jiraTask.body).toBe(200);
    expect(jiraTask.json()).toMatchObject({ board_type: 'jira', project_key: 'ENG', task: { key: 'ENG-1' } });
    const linear = await inject('GET', '/api/runs/next-task?board_type=linear&project_key=ENG');
    expect(linear.status).toBe(400);
    expect(linear.json().detail).toMatch(/board_type.*connected board is jira/);
    expect((await inject('GET', '/api/runs/next-task?board_type=trello')).status).toBe(400);
  });
});

describe('export dates', () => {
  it('answers 400 naming the field for a date that does not exist, in CSV and PDF', async () => {
    for (const url of ['/api/runs/export?from=2024-02-30', '/api/runs/export?format=pdf&from=2024-02-30', '/api/runs/export?to=2024-13-01', '/api/runs/export?from=2024-02-29T25:00:00Z']) {
      const res = await inject('GET', url);
      expect(res.status, `${url}: ${res.body}`).toBe(400);
      expect(res.json().detail, url).toMatch(/^querystring\/(from|to) must be an ISO date/);
    }
    expect((await inject('GET', '/api/runs/export?from=2024-02-29&to=2024-03-01T00:00:00Z')).status).toBe(200);
  });
});

describe('number parameters', () => {
  it('answer 400 naming the field for a value that is not finite, instead of lifting the page-size cap', async () => {
    for (const url of ['/api/runs?limit=Infinity', '/api/runs?limit=1e400', '/api/runs?offset=-Infinity', '/api/backlog-proposals?limit=1e999']) {
      const res = await inject('GET', url);
      expect(res.status, `${url}: ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual({ detail: expect.stringMatching(/^querystring\/(limit|offset) must be a finite number$/) });
    }
    expect((await inject('GET', '/api/runs?limit=200')).status).toBe(200);
  });
});

describe('meeting transcript limit', () => {
  it('counts characters after parsing: 200,000 characters sent ASCII-escaped (6 bytes each) are accepted', async () => {
    expect((await inject('PUT', '/api/feature-flags/meeting_ingest', { enabled: true })).status).toBe(200);
    const transcript = 'é'.repeat(199_990) + ' Ada: ok.';
    // What Python's json.dumps sends by default: every non-ASCII character as \uXXXX.
    const body = JSON.stringify({ transcript, board_type: 'jira', project_key: 'ENG' }).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(body.length).toBeGreaterThan(1_190_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/meetings/ingest', headers: { ...headers, 'content-type': 'application/json' }, payload: body });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
    expect(res.json<{ transcript_chars: number }>().transcript_chars).toBe(transcript.length);
    const over = JSON.stringify({ transcript: 'a'.repeat(200_001), board_type: 'jira', project_key: 'ENG' });
    expect((await t.app.inject({ method: 'POST', url: '/api/meetings/ingest', headers: { ...headers, 'content-type': 'application/json' }, payload: over })).statusCode).toBe(413);
  });
});

describe('backlog import', () => {
  it('is validated whole before anything is appended: one 400 listing each bad item', async () => {
    const items = [{ title: 'Valid one' }, { title: '' }, { title: 'Valid two' }, { title: 'Bad priority', priority: 9 }, { title: 'Unknown field', size: 3 }];
    const res = await inject('POST', '/api/import/backlog', { board_type: 'jira', project_key: 'IMP', items });
    expect(res.status, res.body).toBe(400);
    const detail = String(res.json().detail);
    for (const i of [1, 3, 4]) expect(detail).toContain(`body/items/${i}`);
    expect(detail).not.toContain('body/items/0');
    expect(detail).not.toContain('body/items/2');

    const nul = await inject('POST', '/api/import/backlog', { board_type: 'jira', project_key: 'IMP', items: [{ title: 'Valid three' }, { title: 'A\u0000B' }, { title: 'ok', description: 'x\ud800y' }] });
    expect(nul.status, nul.body).toBe(400);
    expect(nul.json().detail).toMatch(/body\/items\/1\/title, body\/items\/2\/description: text must not hold a NUL/);

    const listed = await inject('GET', '/api/backlog-proposals?project_key=IMP');
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toEqual([]);
  });
});

describe('members', () => {
  it('lists users seen only through their tokens with their effective role, revokes a role, and counts them for the plan', async () => {
    const admin = await t.auth({ orgId: 'org_members', userId: 'ada', admin: true });
    const viewer = await t.auth({ orgId: 'org_members', userId: 'bo' });
    expect((await t.app.inject({ url: '/api/rbac/me', headers: viewer })).statusCode).toBe(200);
    const assigned = await t.app.inject({ method: 'PUT', url: '/api/rbac/members/cy', headers: admin, payload: { role: 'operator' } });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const list = await t.app.inject({ url: '/api/rbac/members', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ user_id: string; role: string }[]>().map((m) => [m.user_id, m.role])).toEqual([
      ['ada', 'admin'],
      ['bo', 'viewer'],
      ['cy', 'operator'],
    ]);
    const plan = await t.app.inject({ url: '/api/user/plan', headers: admin });
    expect(plan.json<{ usage: { members: number } }>().usage.members).toBe(3);

    const revoked = await t.app.inject({ method: 'DELETE', url: '/api/rbac/members/cy', headers: admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ user_id: 'cy', role: 'viewer', permissions: [] });
    const after = await t.app.inject({ url: '/api/rbac/members', headers: admin });
    expect(after.json<{ user_id: string }[]>().map((m) => m.user_id)).toEqual(['ada', 'bo']);
    // Revoking needs roles:manage.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/rbac/members/ada', headers: viewer })).statusCode).toBe(403);
  });

  it('keeps delegated permissions on a role change that names none, and replaces them when the body names them', async () => {
    const admin = await t.auth({ orgId: 'org_members_keep', userId: 'ada', admin: true });
    const put = (body: object) => t.app.inject({ method: 'PUT', url: '/api/rbac/members/dee', headers: admin, payload: body });
    const member = async () => (await t.app.inject({ url: '/api/rbac/members', headers: admin })).json<{ user_id: string; role: string; permissions: string[] }[]>().find((m) => m.user_id === 'dee');

    expect((await put({ role: 'viewer', permissions: ['audit:read', 'exports:read'] })).json()).toMatchObject({ role: 'viewer', permissions: ['audit:read', 'exports:read'] });
    const promoted = await put({ role: 'approver' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'approver', permissions: ['audit:read', 'exports:read'] });
    expect(await member()).toMatchObject({ role: 'approver', permissions: ['audit:read', 'exports:read'] });
    const dee = await t.auth({ orgId: 'org_members_keep', userId: 'dee' });
    expect((await t.app.inject({ url: '/api/audit/events', headers: dee })).statusCode).toBe(200);

    // Named: the list replaces the old one; [] removes them all.
    expect((await put({ role: 'approver', permissions: ['audit:read'] })).json()).toMatchObject({ permissions: ['audit:read'] });
    expect((await put({ role: 'approver', permissions: [] })).json()).toMatchObject({ permissions: [] });
    expect(await member()).toMatchObject({ role: 'approver', permissions: [] });
    expect((await t.app.inject({ url: '/api/audit/events', headers: dee })).statusCode).toBe(403);
  });
});
