// Integration settings: secrets encrypted at rest, masked on read, never in an event.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../src/domain/streams.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { startLinearStandIn, type LinearStandIn } from '../support/stand-ins/linear-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let jira: JiraStandIn;
let linear: LinearStandIn;
let admin: { authorization: string };
/** A host the caller controls: it records every Authorization header it is sent. */
let elsewhere: { url: string; authorizations: string[]; close: () => Promise<void> };

beforeAll(async () => {
  jira = await startJiraStandIn({ token: 'tok-VERY-secret-9876' });
  jira.seedProject('ENG');
  linear = await startLinearStandIn({ apiKey: 'lin_api_VERY_secret_5555' });
  linear.seedTeam('ENG');
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.headers.authorization) authorizations.push(req.headers.authorization);
    res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  elsewhere = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  t = await createTestApp({ label: 'integration_settings' });
  admin = await t.auth({ orgId: 'org_int', userId: 'ada', admin: true });
});
afterAll(async () => {
  await t?.close();
  await jira?.close();
  await linear?.close();
  await elsewhere?.close();
});

/** Every event of the org stream, as JSON text (data and metadata). */
async function orgStreamText(orgId: string): Promise<string> {
  const parts: string[] = [];
  for await (const e of t.infra.store.readStream(orgStreamId(orgId))) parts.push(JSON.stringify({ type: e.type, data: e.data, metadata: e.metadata }));
  return parts.join('\n');
}

async function secretsTableText(): Promise<string> {
  const rows: { purpose: string; ciphertext: Buffer; iv: Buffer; tag: Buffer }[] = await t.infra.db.knex('secrets').select('purpose', 'ciphertext', 'iv', 'tag');
  return rows.map((r) => [r.purpose, r.ciphertext.toString('latin1'), r.iv.toString('latin1'), r.tag.toString('latin1')].join('|')).join('\n');
}

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
    expect(wrong.json<object>()).toMatchObject({ ok: false, board_type: 'jira', error: expect.stringMatching(/\w+/) });
    expect(wrong.body).not.toContain('wrong-token-4321');
    expect(wrong.body).not.toContain(jira.token);
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

describe('a saved secret stays with its destination', () => {
  it('is not sent to another base_url by test-connection or by a save that omits it', async () => {
    const headers = await t.auth({ orgId: 'org_redirect', admin: true });
    const saved = await save({ board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['ENG'] }, headers);
    expect(saved.statusCode, saved.body).toBe(200);

    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/settings/test-connection',
      headers,
      payload: { board_type: 'jira', base_url: elsewhere.url, email: jira.email },
    });
    expect(probe.statusCode).toBe(400);
    expect(probe.json<{ detail: string }>().detail).toMatch(/api_token is required .*same base_url/);

    const moved = await save({ board_type: 'jira', base_url: `${elsewhere.url}/`, email: jira.email }, headers);
    expect(moved.statusCode).toBe(400);
    expect(elsewhere.authorizations).toEqual([]);

    // Same place written differently (trailing slash): still the same destination, the token is kept.
    const same = await save({ board_type: 'jira', base_url: `${jira.url}/`, email: jira.email, project_keys: ['ENG'] }, headers);
    expect(same.statusCode, same.body).toBe(200);
    const ok = await t.app.inject({ method: 'POST', url: '/api/settings/test-connection', headers, payload: {} });
    expect(ok.json<object>()).toMatchObject({ ok: true });
  });

  it('is not reused for another board type', async () => {
    const headers = await t.auth({ orgId: 'org_switch', admin: true });
    expect((await save({ board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token }, headers)).statusCode).toBe(200);
    const res = await save({ board_type: 'linear', api_url: linear.url }, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/api_key is required/);
  });
});

describe('Linear and source control', () => {
  it('saves a Linear connection and a source-control token, masking both everywhere', async () => {
    const headers = await t.auth({ orgId: 'org_lin', admin: true });
    const scmToken = 'ghp_SCM-very-secret-0042';
    const res = await save(
      {
        board_type: 'linear',
        api_key: linear.apiKey,
        api_url: linear.url,
        team_keys: ['ENG'],
        source_control: { provider: 'github', repository: 'acme/api', token: scmToken },
      },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const get = await t.app.inject({ method: 'GET', url: '/api/settings/integration', headers });
    expect(get.json()).toEqual({
      configured: true,
      board_type: 'linear',
      api_key: '********',
      api_url: linear.url,
      team_keys: ['ENG'],
      source_control: { provider: 'github', repository: 'acme/api', token: '********' },
      updated_at: expect.any(String),
    });
    for (const text of [res.body, get.body, await orgStreamText('org_lin'), await secretsTableText()]) {
      expect(text).not.toContain(linear.apiKey);
      expect(text).not.toContain('VERY_secret');
      expect(text).not.toContain(scmToken);
    }
    // The event records references (secret-store ids) in place of the secrets.
    const events = (await orgStreamText('org_lin')).split('\n').map((l) => JSON.parse(l) as { type: string; data: { settings: Record<string, unknown> } });
    const settings = events.find((e) => e.type === 'IntegrationSettingsSaved')!.data.settings;
    expect(settings).toMatchObject({ api_key_ref: expect.stringMatching(/^[0-9a-f-]{36}$/), source_control: { token_ref: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    expect(Object.keys(settings)).not.toContain('api_key');

    const ok = await t.app.inject({ method: 'POST', url: '/api/settings/test-connection', headers, payload: {} });
    expect(ok.json()).toEqual({ ok: true, board_type: 'linear', account: 'bot@example.com' });
  });

  it('reports wrong Linear credentials as ok:false with the provider message and no key', async () => {
    const headers = await t.auth({ orgId: 'org_lin', admin: true });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/settings/test-connection',
      headers,
      payload: { board_type: 'linear', api_key: 'lin_api_wrong_7777', api_url: linear.url },
    });
    expect(wrong.statusCode).toBe(200);
    const body = wrong.json<{ ok: boolean; error?: string }>();
    expect(body).toMatchObject({ ok: false, board_type: 'linear' });
    expect(body.error).toBe('Linear rejected the API key');
    expect(wrong.body).not.toContain('lin_api_wrong_7777');
    expect(wrong.body).not.toContain(linear.apiKey);
  });

  it('keeps the source-control token when a later save omits it for the same provider', async () => {
    const headers = await t.auth({ orgId: 'org_lin', admin: true });
    const res = await save({ board_type: 'linear', api_url: linear.url, team_keys: ['ENG', 'OPS'], source_control: { provider: 'github', repository: 'acme/web' } }, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<object>()).toMatchObject({ team_keys: ['ENG', 'OPS'], source_control: { repository: 'acme/web', token: '********' } });
    const other = await save({ board_type: 'linear', api_url: linear.url, source_control: { provider: 'gitlab', repository: 'acme/web' } }, headers);
    expect(other.statusCode).toBe(400);
    expect(other.json<{ detail: string }>().detail).toMatch(/source_control\/token is required/);
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
      expect(res.json<{ detail: string }>().detail).toMatch(/base_url: .*private or loopback/);
      const test = await prod.app.inject({
        method: 'POST',
        url: '/api/settings/test-connection',
        headers,
        payload: { board_type: 'linear', api_key: 'k', api_url: 'http://localhost:9/graphql' },
      });
      expect(test.statusCode).toBe(400);
      expect(test.json<{ detail: string }>().detail).toMatch(/api_url: the URL must use https/);
      expect((await prod.app.inject({ method: 'GET', url: '/api/settings/integration', headers })).json()).toEqual({ configured: false });
    } finally {
      await prod.close();
    }
  });

  it('deletes the secret rows a save replaced (a new token, another board)', async () => {
    const headers = await t.auth({ orgId: 'org_replaced', admin: true });
    const rows = () => t.infra.db.knex('secrets').where({ org_id: 'org_replaced' }).select<{ purpose: string }[]>('purpose');
    // Rows younger than a minute are kept for concurrent saves: age them as time would.
    const age = () => t.infra.db.knex('secrets').where({ org_id: 'org_replaced' }).update({ created_at: t.infra.db.knex.raw("now() - interval '1 hour'") });
    expect((await save({ board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token }, headers)).statusCode).toBe(200);
    await age();
    expect((await save({ board_type: 'jira', base_url: jira.url, email: jira.email, api_token: 'replacement-token' }, headers)).statusCode).toBe(200);
    expect(await rows()).toEqual([{ purpose: 'jira_api_token' }]);
    await age();
    expect((await save({ board_type: 'linear', api_url: linear.url, api_key: linear.apiKey, team_keys: ['ENG'] }, headers)).statusCode).toBe(200);
    expect(await rows()).toEqual([{ purpose: 'linear_api_key' }]);
  });
});
