// The first vertical slice through the real pipeline: HTTP → command → org stream → projection → query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../src/adapters/event-store.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ label: 'org_config' });
  admin = await t.auth({ orgId: 'org_alpha', userId: 'user_ada', admin: true });
});
afterAll(async () => t?.close());

async function streamEvents(orgId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const e of t.infra.store.readStream(orgStreamId(orgId))) events.push(e);
  return events;
}

describe('health and readiness', () => {
  it('answers liveness without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('reports every dependency as ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/readiness' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready' });
    expect(res.json<{ checks: { name: string; ok: boolean }[] }>().checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(['database', 'event_store']),
    );
  });
});

describe('organization settings', () => {
  it('starts from guarded defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 });
  });

  it('records a change as an event and reads it back at once', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: { ...admin, 'x-correlation-id': 'corr-42' },
      payload: { write_mode: 'auto', action_cap: 7 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ write_mode: 'auto', action_cap: 7, confirmation_threshold: 10 });

    const get = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: admin });
    expect(get.json()).toEqual({ write_mode: 'auto', action_cap: 7, confirmation_threshold: 10 });

    const events = await streamEvents('org_alpha');
    const last = events.at(-1)!;
    expect(last.type).toBe('OrgSettingsChanged');
    expect(last.data).toMatchObject({ settings: { write_mode: 'auto', action_cap: 7 }, changed: ['write_mode', 'action_cap'] });
    expect(last.metadata).toMatchObject({ org_id: 'org_alpha', user_id: 'user_ada', correlation_id: 'corr-42', request_id: put.headers['x-request-id'] });
  });

  it('appends nothing for a change that changes nothing', async () => {
    const before = (await streamEvents('org_alpha')).length;
    const res = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: admin, payload: { action_cap: 7 } });
    expect(res.statusCode).toBe(200);
    expect((await streamEvents('org_alpha')).length).toBe(before);
  });

  it('rejects unknown fields, bad values and empty bodies with a detail naming the field', async () => {
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: admin, payload: { write_mode: 'auto', colour: 'red' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ detail: string }>().detail).toMatch(/colour/);

    const bad = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: admin, payload: { action_cap: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/action_cap/);

    const empty = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: admin, payload: {} });
    expect(empty.statusCode).toBe(400);

    const notJson = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"write_mode":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(Object.keys(notJson.json<object>())).toEqual(['detail']);
  });

  it("keeps each organization's settings to itself", async () => {
    const other = await t.auth({ orgId: 'org_beta', userId: 'user_bob', admin: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: other });
    expect(res.json()).toEqual({ write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 });
  });
});

describe('schedule', () => {
  const schedule = { enabled: true, timezone: 'America/New_York', days_of_week: [5, 1], time: '08:15', board_type: 'jira', project_key: 'ENG' };

  it('says when nothing is saved yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/schedule', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ saved: false, enabled: false });
  });

  it('saves and reads back a schedule', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/schedule', headers: admin, payload: schedule });
    expect(put.statusCode).toBe(200);
    const expected = { saved: true, ...schedule, days_of_week: [1, 5] };
    expect(put.json()).toEqual(expected);
    const get = await t.app.inject({ method: 'GET', url: '/api/schedule', headers: admin });
    expect(get.json()).toEqual(expected);
  });

  it('refuses an unknown time zone, a bad time and a missing field', async () => {
    const zone = await t.app.inject({ method: 'PUT', url: '/api/schedule', headers: admin, payload: { ...schedule, timezone: 'Moon/Base' } });
    expect(zone.statusCode).toBe(400);
    expect(zone.json<{ detail: string }>().detail).toMatch(/timezone/);
    const time = await t.app.inject({ method: 'PUT', url: '/api/schedule', headers: admin, payload: { ...schedule, time: '25:00' } });
    expect(time.statusCode).toBe(400);
    expect(time.json<{ detail: string }>().detail).toMatch(/time/);
    const { project_key: _omit, ...missing } = schedule;
    const res = await t.app.inject({ method: 'PUT', url: '/api/schedule', headers: admin, payload: missing });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/project_key/);
  });
});

describe('feature flags', () => {
  it('lists every supported flag, off by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/feature-flags', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ name: string; enabled: boolean }[]>().map((f) => [f.name, f.enabled])).toEqual([
      ['cycle_p', false],
      ['meeting_ingest', false],
      ['chat_assistant', false],
      ['llm_extraction', false],
    ]);
  });

  it('turns a supported flag on and lists it so', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/feature-flags/meeting_ingest', headers: admin, payload: { enabled: true } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'meeting_ingest', enabled: true });
    const list = await t.app.inject({ method: 'GET', url: '/api/feature-flags', headers: admin });
    expect(list.json<{ name: string; enabled: boolean }[]>().find((f) => f.name === 'meeting_ingest')?.enabled).toBe(true);
  });

  it('answers 404 for a flag that does not exist and 400 for a bad body', async () => {
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/feature-flags/warp_drive', headers: admin, payload: { enabled: true } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toMatch(/warp_drive/);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/feature-flags/cycle_p', headers: admin, payload: { enabled: 'yes' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('authentication', () => {
  it('needs a bearer token on every organization route', async () => {
    for (const url of ['/api/org/settings', '/api/schedule', '/api/feature-flags']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Missing bearer token' });
    }
  });

  it('answers 404 with a detail for unknown routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No route GET /api/nowhere' });
  });
});
