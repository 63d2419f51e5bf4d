// GET/PUT /api/settings/notifications: webhook URLs encrypted at rest, masked on read, never in an
// event; URL policy; permission integration:write; the read model is idempotent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../src/domain/streams.js';
import { notificationSettingsProjection } from '../../src/projections/notification-settings.projection.js';
import { createDatabase } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { expectIdempotentProjection, recordedEvents } from '../support/projection-spec.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let strict: TestApp;
let admin: { authorization: string };

const SLACK = 'http://127.0.0.1:9/services/T1/B1/slack-VERY-secret-1';
const DISCORD = 'http://127.0.0.1:9/api/webhooks/1/discord-VERY-secret-2';
const TEAMS = 'http://127.0.0.1:9/workflows/x/triggers/manual?sig=teams-VERY-secret-3';

beforeAll(async () => {
  [t, strict] = await Promise.all([
    createTestApp({ label: 'notification_settings' }),
    createTestApp({ label: 'notification_settings_strict', env: { ALLOW_PRIVATE_PROVIDER_URLS: 'false' } }),
  ]);
  admin = await t.auth({ orgId: 'org_n', userId: 'ada', admin: true });
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
});

const put = (payload: unknown, headers = admin, app = t) => app.app.inject({ method: 'PUT', url: '/api/settings/notifications', headers, payload: payload as Record<string, unknown> });
const get = (headers = admin) => t.app.inject({ method: 'GET', url: '/api/settings/notifications', headers });

async function orgStreamText(orgId: string): Promise<string> {
  const parts: string[] = [];
  for await (const e of t.infra.store.readStream(orgStreamId(orgId))) parts.push(JSON.stringify({ type: e.type, data: e.data, metadata: e.metadata }));
  return parts.join('\n');
}

describe('notification settings', () => {
  it('before any save: not configured, every kind selected by default', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      configured: false,
      email_recipients: [],
      events: ['run_awaiting_confirmation', 'run_awaiting_approval', 'run_completed', 'run_failed', 'meeting_proposals'],
    });
  });

  it('saves: URLs masked in the answer, encrypted at rest, only their ids in the event', async () => {
    const res = await put({ slack_webhook_url: SLACK, discord_webhook_url: DISCORD, teams_webhook_url: TEAMS, email_recipients: ['Ops@Acme.test'], events: ['run_awaiting_approval', 'run_failed'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      configured: true,
      slack_webhook_url: '********',
      teams_webhook_url: '********',
      discord_webhook_url: '********',
      email_recipients: ['ops@acme.test'],
      events: ['run_awaiting_approval', 'run_failed'],
    });
    expect((await get()).json()).toEqual(res.json());
    const events = await orgStreamText('org_n');
    expect(events).toContain('NotificationSettingsSaved');
    for (const secret of ['slack-VERY-secret-1', 'discord-VERY-secret-2', 'teams-VERY-secret-3']) {
      expect(events).not.toContain(secret);
      expect(res.body).not.toContain(secret);
    }
    const rows: { purpose: string; ciphertext: Buffer }[] = await t.infra.db.knex('secrets').where({ org_id: 'org_n' }).select('purpose', 'ciphertext');
    expect(rows.map((r) => r.purpose).sort()).toEqual(['discord_webhook_url', 'slack_webhook_url', 'teams_webhook_url']);
    expect(rows.map((r) => r.ciphertext.toString('latin1')).join()).not.toContain('VERY-secret');
  });

  it('an omitted URL keeps the saved one; null removes the channel', async () => {
    const res = await put({ discord_webhook_url: null, email_recipients: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ slack_webhook_url: '********', teams_webhook_url: '********', email_recipients: [], events: ['run_awaiting_approval', 'run_failed'] });
    expect(res.json()).not.toHaveProperty('discord_webhook_url');
  });

  it('deletes the webhook URL rows a save replaced or removed', async () => {
    const headers = await t.auth({ orgId: 'org_n_gc', admin: true });
    const purposes = async () => (await t.infra.db.knex('secrets').where({ org_id: 'org_n_gc' }).select<{ purpose: string }[]>('purpose')).map((r) => r.purpose).sort();
    // Rows younger than a minute are kept for concurrent saves: age them as time would.
    const age = () => t.infra.db.knex('secrets').where({ org_id: 'org_n_gc' }).update({ created_at: t.infra.db.knex.raw("now() - interval '1 hour'") });
    expect((await put({ slack_webhook_url: SLACK, discord_webhook_url: DISCORD }, headers)).statusCode).toBe(200);
    await age();
    expect((await put({ slack_webhook_url: `${SLACK}-new`, discord_webhook_url: null }, headers)).statusCode).toBe(200);
    expect(await purposes()).toEqual(['slack_webhook_url']);
  });

  it('answers 400 {detail} for bad input, naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ slack_webhook_url: 'ftp://hooks.slack.com/x' }, /slack_webhook_url.*https/],
      [{ slack_webhook_url: 'https://user:pw@hooks.slack.com/x' }, /slack_webhook_url.*credentials/],
      [{ email_recipients: ['not an address'] }, /email_recipients/],
      [{ events: ['run_exploded'] }, /events/],
      [{ color: 'red' }, /color|additional/],
      [{}, /fewer than 1|properties/],
    ];
    for (const [payload, detail] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
  });

  it('with private URLs not allowed (production rule): local and foreign hosts are refused', async () => {
    const headers = await strict.auth({ orgId: 'org_strict', userId: 'ada', admin: true });
    expect((await put({ slack_webhook_url: SLACK }, headers, strict)).json().detail).toMatch(/slack_webhook_url/);
    expect((await put({ slack_webhook_url: 'https://evil.example.com/services/T/B/x' }, headers, strict)).json().detail).toMatch(/hooks\.slack\.com/);
    const ok = await put({ slack_webhook_url: 'https://hooks.slack.com/services/T1/B1/abc', discord_webhook_url: 'https://discord.com/api/webhooks/1/tok' }, headers, strict);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('needs integration:write, for reading too', async () => {
    const viewer = await t.auth({ orgId: 'org_n', userId: 'vic' });
    expect((await get(viewer)).statusCode).toBe(403);
    const denied = await put({ slack_webhook_url: SLACK }, viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ detail: { required_permission: 'integration:write' } });
  });

  it('is per organization', async () => {
    const other = await t.auth({ orgId: 'org_other', userId: 'bob', admin: true });
    expect((await get(other)).json()).toMatchObject({ configured: false });
  });
});

describe('notification_settings projection', () => {
  it('is idempotent and shows channels as booleans, never a reference', async () => {
    const ref = '0b9e3c1e-6a1f-4c55-9a55-0d1c3c1e6a1f';
    const saved = (org: string, settings: Record<string, unknown>) => ({ stream: orgStreamId(org), type: 'NotificationSettingsSaved', data: { settings, at: '2026-11-23T09:00:00.000Z' } });
    const events = recordedEvents([
      saved('a', { slack_webhook_ref: ref, email_recipients: ['x@a.test'], events: ['run_failed'] }),
      { stream: orgStreamId('a'), type: 'OrgSettingsChanged', data: {} },
      saved('a', { discord_webhook_ref: ref, email_recipients: [], events: ['run_completed'] }),
      saved('b', { teams_webhook_ref: ref, email_recipients: [], events: [] }),
    ]);
    // Its own database: the app's projector owns the app's tables.
    const db = createDatabase({ url: await createTestDatabaseUrl('notification_settings_projection'), poolSize: 2 });
    let rows;
    try {
      await runMigrations(db.knex, readModelMigrations);
      rows = await expectIdempotentProjection({ knex: db.knex, projection: notificationSettingsProjection, events });
    } finally {
      await db.close();
    }
    const table = rows.notification_settings!;
    expect(table.map((r) => [r.org_id, r.slack, r.teams, r.discord, r.events])).toEqual([
      ['a', false, false, true, ['run_completed']],
      ['b', false, true, false, []],
    ]);
    expect(JSON.stringify(table)).not.toContain(ref);
  });
});
