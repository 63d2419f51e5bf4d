// Integration settings: secrets encrypted at rest, masked on read, never in an event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../src/domain/streams.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let jira: JiraStandIn;
let admin: { authorization: string };

beforeAll(async () => {
  jira = await startJiraStandIn({ token: 'tok-VERY-secret-9876' });
  jira.seedProject('ENG');
  t = await createTestApp({ label: 'integration_settings' });
  admin = await t.auth({ orgId: 'org_int', userId: 'ada', admin: true });
});
afterAll(async () => {
  await t?.close();
  await jira?.close();
});

const save = (payload: Record<string, unknown>, headers = admin) => t.app.inject({ method: 'POST', url: '/api/settings/integration', headers, payload });

describe('integration settings', () => {
  it('says nothing is configured at first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/integration', headers: admin });
    expect(res.json()).toEqual({ configured: false });
  });

  it('saves a Jira connection and masks the token everywhere', async () => {
    const res = await save({ board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ENG'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<object>()).toMatchObject({ configured: true, board_type: 'jira', base_url: jira.url, email: jira.email, api_token: '********', project_keys: ['ENG'] });
    const get = await t.app.inject({ method: 'GET', url: '/api/settings/integration', headers: admin });
    expect(get.body).not.toContain(jira.token);
    expect(get.json<object>()).toMatchObject({ api_token: '********' });

    // Not in any event of the org stream, and not stored in plain text.
    for await (const e of t.infra.store.readStream(orgStreamId('org_int'))) {
      expect(JSON.stringify(e.data)).not.toContain(jira.token);
      expect(JSON.stringify(e.metadata)).not.toContain(jira.token);
    }
    const rows = await t.infra.db.knex('secrets').select('ciphertext');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows as { ciphertext: Buffer }[]) expect(r.ciphertext.toString('latin1')).not.toContain('VERY-secret');
  });

  it('tests the saved connection, and given settings without saving them', async () => {
    const saved = await t.app.inject({ method: 'POST', url: '/api/settings/test-connection', headers: admin, payload: {} });
    expect(saved.json()).toEqual({ ok: true, board_type: 'jira', account: jira.email });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/settings/test-connection',
      headers: admin,
      payload: { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: 'wrong-token-4321' },
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json<object>()).toMatchObject({ ok: false, board_type: 'jira' });
    expect(wrong.body).not.toContain('wrong-token-4321');
    // The failed test did not replace the saved token.
    const again = await t.app.inject({ method: 'POST', url: '/api/settings/test-connection', headers: admin, payload: {} });
    expect(again.json<object>()).toMatchObject({ ok: true });
  });

  it('keeps the saved token when a later save omits it', async () => {
    const res = await save({ board_type: 'jira', base_url: jira.url, email: jira.email, project_keys: ['ENG', 'OPS'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<object>()).toMatchObject({ project_keys: ['ENG', 'OPS'] });
    const ok = await t.app.inject({ method: 'POST', url: '/api/settings/test-connection', headers: admin, payload: {} });
    expect(ok.json<object>()).toMatchObject({ ok: true });
  });

  it('refuses unknown fields, a missing secret and a bad URL', async () => {
    expect((await save({ board_type: 'jira', base_url: jira.url, email: 'a@b.c', api_token: 'x', colour: 'red' })).statusCode).toBe(400);
    const other = await t.auth({ orgId: 'org_fresh', admin: true });
    const missing = await save({ board_type: 'linear' }, other);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ detail: string }>().detail).toMatch(/api_key/);
    const ftp = await save({ board_type: 'jira', base_url: 'ftp://jira.example.com', email: 'a@b.c', api_token: 'x' }, other);
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json<{ detail: string }>().detail).toMatch(/base_url: the URL must use https/);
  });

  it("does not show one organization's settings to another", async () => {
    const other = await t.auth({ orgId: 'org_other', admin: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/integration', headers: other })).json()).toEqual({ configured: false });
    const test = await t.app.inject({ method: 'POST', url: '/api/settings/test-connection', headers: other, payload: {} });
    expect(test.json<object>()).toMatchObject({ ok: false });
  });
});

describe('integration settings in production mode', () => {
  it('refuses a private provider URL', async () => {
    const prod = await createTestApp({ label: 'integration_private', env: { ALLOW_PRIVATE_PROVIDER_URLS: 'false' } });
    try {
      const headers = await prod.auth({ orgId: 'org_p', admin: true });
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/settings/integration',
        headers,
        payload: { board_type: 'jira', base_url: 'https://127.0.0.1:8443', email: 'a@b.c', api_token: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/private or loopback/);
    } finally {
      await prod.close();
    }
  });
});
