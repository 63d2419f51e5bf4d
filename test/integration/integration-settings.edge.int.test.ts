// Edge cases of the integration settings routes: request shapes of test-connection, URL policy on
// test-connection, and a saved secret that no longer decrypts (altered row, or another SECRETS_KEY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let jira: JiraStandIn;
let admin: { authorization: string };

beforeAll(async () => {
  jira = await startJiraStandIn({ token: 'tok-EDGE-secret-1234' });
  jira.seedProject('ENG');
  t = await createTestApp({ label: 'integration_edge' });
  admin = await t.auth({ orgId: 'org_edge', userId: 'ada', admin: true });
});
afterAll(async () => {
  await t?.close();
  await jira?.close();
});

const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('test-connection request shapes', () => {
  it('refuses unknown fields, in a settings body and in an otherwise empty one', async () => {
    const extra = await post('/api/settings/test-connection', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, colour: 'red' });
    expect(extra.statusCode, extra.body).toBe(400);
    const stray = await post('/api/settings/test-connection', { colour: 'red' });
    expect(stray.statusCode, stray.body).toBe(400);
  });

  it('answers ok:false when nothing is saved, with no body at all', async () => {
    const res = await post('/api/settings/test-connection');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<object>()).toMatchObject({ ok: false });
  });

  it('tests given settings without saving them', async () => {
    const res = await post('/api/settings/test-connection', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ENG'] });
    expect(res.json()).toEqual({ ok: true, board_type: 'jira', account: jira.email });
    const get = await t.app.inject({ method: 'GET', url: '/api/settings/integration', headers: admin });
    expect(get.json()).toEqual({ configured: false });
  });

  it('needs integration:write', async () => {
    const viewer = await t.auth({ orgId: 'org_edge', userId: 'vic' });
    const res = await post('/api/settings/test-connection', {}, viewer);
    expect(res.statusCode).toBe(403);
  });
});

describe('a saved secret that no longer decrypts', () => {
  it('makes test-connection answer ok:false, never a 5xx or the token', async () => {
    const saved = await post('/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ENG'] });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.infra.db.knex('secrets').where({ org_id: 'org_edge' }).update({ tag: Buffer.alloc(16) });
    const res = await post('/api/settings/test-connection', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<object>()).toMatchObject({ ok: false, board_type: 'jira' });
    expect(res.body).not.toContain(jira.token);
    const get = await t.app.inject({ method: 'GET', url: '/api/settings/integration', headers: admin });
    expect(get.statusCode).toBe(200);
  });

  it('fails a run and answers next-task 400 with a message saying to save again', async () => {
    const run = await post('/api/runs/trigger', { board_type: 'jira', project_key: 'ENG' });
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json<object>()).toMatchObject({ status: 'failed', error: expect.stringMatching(/cannot be used .*save it again/) as unknown });
    const next = await t.app.inject({ method: 'GET', url: '/api/runs/next-task', headers: admin });
    expect(next.statusCode, next.body).toBe(400);
    expect(next.json<{ detail: string }>().detail).toMatch(/cannot be used/);
    for (const body of [run.body, next.body]) expect(body).not.toContain(jira.token);
  });

  it('asks for the secret (400) when a save omits it and the saved one does not decrypt', async () => {
    const res = await post('/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, project_keys: ['ENG', 'OPS'] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/api_token/);
    const test = await post('/api/settings/test-connection', { board_type: 'jira', base_url: jira.url, email: jira.email });
    expect(test.statusCode, test.body).toBe(400);
    expect(test.json<{ detail: string }>().detail).toMatch(/api_token is required: the saved one cannot be decrypted/);
  });

  it('works again once the settings are saved again with the secret', async () => {
    const saved = await post('/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ENG'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post('/api/settings/test-connection')).json<object>()).toMatchObject({ ok: true });
  });
});

describe('test-connection under the production URL policy', () => {
  it('refuses a private URL naming the rule, and does not call it', async () => {
    const prod = await createTestApp({ label: 'integration_edge_private', env: { ALLOW_PRIVATE_PROVIDER_URLS: 'false' } });
    try {
      const headers = await prod.auth({ orgId: 'org_p', admin: true });
      const before = jira.requests.length;
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/settings/test-connection',
        headers,
        payload: { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/base_url/);
      expect(res.body).not.toContain(jira.token);
      expect(jira.requests.length).toBe(before);
    } finally {
      await prod.close();
    }
  });
});
