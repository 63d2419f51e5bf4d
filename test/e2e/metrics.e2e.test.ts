// /metrics of the real server process during a run (docs/observability.md): without METRICS_TOKEN it
// answers 401; with it the named series move — requests by route, appends, notification deliveries,
// open run streams — and projection lag rises while a batch cannot commit and is back to zero after
// the catch-up; an event a projection cannot apply shows as parked. A `projector` process serves
// its figures on METRICS_PORT.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { createDatabase } from '../../src/adapters/postgres/database.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { sample, samplesBy } from '../support/prometheus.js';
import { ORG, startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';
import { freePort } from '../support/service-process.js';
import { startChatWebhooksStandIn, type ChatWebhooksStandIn } from '../support/stand-ins/chat-webhooks-stand-in.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/sprintguard.js');
const METRICS_TOKEN = 'e2e-metrics-token-0123456789';

let h: RunHarness;
let jira: JiraStandIn;
let chat: ChatWebhooksStandIn;

beforeAll(async () => {
  [jira, chat] = await Promise.all([startJiraStandIn(), startChatWebhooksStandIn()]);
  // One failed attempt parks an event, so the poison event below is parked at once.
  h = await startRunHarness('metrics_e2e', { METRICS_TOKEN, PROJECTION_MAX_ATTEMPTS: '1' });
  const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['MET'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await h.call('PUT', '/api/org/settings', { write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 })).status).toBe(200);
  expect((await h.call('PUT', '/api/settings/notifications', { slack_webhook_url: chat.urls.slack })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await Promise.all([jira?.close(), chat?.close()]);
});

async function scrape(url = `${h.service.url}/metrics`): Promise<string> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Scrapes until `done(body)`; returns that body. */
const scrapeUntil = (what: string, done: (body: string) => boolean, url?: string) =>
  until(what, async () => {
    const body = await scrape(url);
    return done(body) ? body : undefined;
  });

const value = (body: string, name: string, labels: Record<string, string> = {}) => sample(body, name, labels) ?? 0;

/** Appends straight to the event store, as another process would, bypassing the API's validation. */
async function appendOrgEvent(orgId: string, settings: Record<string, unknown>): Promise<void> {
  const db = createDatabase({ url: h.databaseUrl, poolSize: 1 });
  try {
    const store = createPgEventStore({ pool: db.pool, connectionString: h.databaseUrl });
    const data = { settings, changed: Object.keys(settings), at: new Date().toISOString() };
    await store.append(orgStreamId(orgId), [{ type: 'OrgSettingsChanged', data, metadata: { org_id: orgId, user_id: 'e2e', correlation_id: 'e2e', causation_id: 'e2e' } }]);
    await store.close();
  } finally {
    await db.close();
  }
}

describe('GET /metrics of the running service', () => {
  it('answers 401 without the metrics token or with another one', async () => {
    expect((await fetch(`${h.service.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${h.service.url}/metrics`, { headers: { authorization: 'Bearer not-the-metrics-token-0123' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'A valid metrics token is required' });
  });

  it('moves requests, appends, deliveries and run streams during a run, with no organization, user or run in a label', async () => {
    const before = await scrape();
    jira.seedIssue({ key: 'MET-1', summary: 'Nobody owns this', estimate: 3 });
    const triggered = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'MET', cycles: ['T'] });
    expect(triggered.status, JSON.stringify(triggered.body)).toBe(201);
    expect(triggered.body.status).toBe('awaiting_approval');
    const runId = triggered.body.id;
    expect((await h.call('POST', `/api/runs/${runId}/approve-all`)).status).toBe(200);
    await h.waitForRun(runId, (r) => r.status === 'completed');

    // The approval request and the completion, each delivered to Slack.
    const after = await scrapeUntil('two Slack deliveries', (body) => value(body, 'sprintguard_notification_deliveries_total', { channel: 'slack', outcome: 'delivered' }) >= 2);
    expect(chat.received('slack')).toHaveLength(2);
    expect(value(before, 'sprintguard_notification_deliveries_total', { channel: 'slack', outcome: 'delivered' })).toBe(0);

    const trigger = { method: 'POST', route: '/api/runs/trigger' };
    expect(value(before, 'sprintguard_http_requests_total', { ...trigger, status: '201' })).toBe(0);
    expect(value(after, 'sprintguard_http_requests_total', { ...trigger, status: '201' })).toBe(1);
    expect(value(after, 'sprintguard_http_request_duration_seconds_count', trigger)).toBe(1);
    expect(value(after, 'sprintguard_http_requests_total', { method: 'GET', route: '/api/runs/:run_id', status: '200' })).toBeGreaterThanOrEqual(1);
    // Requested, planned, approval requested, approvals, executions, completion: all appended here.
    const appended = value(after, 'sprintguard_events_appended_total', { store: 'postgres' }) - value(before, 'sprintguard_events_appended_total', { store: 'postgres' });
    expect(appended).toBeGreaterThanOrEqual(6);
    expect(value(after, 'sprintguard_event_store_append_duration_seconds_count', { store: 'postgres', outcome: 'ok' })).toBeGreaterThan(
      value(before, 'sprintguard_event_store_append_duration_seconds_count', { store: 'postgres', outcome: 'ok' }),
    );

    // An open run stream is counted while it is open.
    const token = await tokenHeader();
    const stream = new AbortController();
    const res = await fetch(`${h.service.url}/api/runs/stream`, { headers: token, signal: stream.signal });
    expect(res.status).toBe(200);
    await scrapeUntil('one open run stream', (body) => value(body, 'sprintguard_sse_clients') === 1);
    stream.abort();
    await scrapeUntil('no open run stream', (body) => value(body, 'sprintguard_sse_clients') === 0);

    // Every consumer caught up.
    const caughtUp = await scrapeUntil('every consumer caught up', (body) =>
      [...Object.values(samplesBy(body, 'sprintguard_projection_lag_events', 'projection')), ...Object.values(samplesBy(body, 'sprintguard_reactor_backlog_events', 'reactor'))].every((v) => v === 0),
    );
    expect(value(caughtUp, 'sprintguard_projection_lag_seconds', { projection: 'runs' })).toBe(0);
    expect(value(caughtUp, 'sprintguard_reactor_lag_seconds', { reactor: 'notifier' })).toBe(0);

    for (const text of [ORG, runId, 'ada', METRICS_TOKEN, jira.url]) expect(caughtUp).not.toContain(text);
  });

  it('shows projection lag while a batch cannot commit, zero after the catch-up, and a parked event', async () => {
    // Keep org_config's table from being written: its next batch waits and cannot commit. A table
    // lock takes no transaction id, so the event store's readers still see the events appended meanwhile.
    const client = new pg.Client({ connectionString: h.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('LOCK TABLE org_settings IN SHARE MODE');
      await appendOrgEvent('org_metrics_lag', { write_mode: 'approval', action_cap: 3, confirmation_threshold: 10 });
      const lagging = await scrapeUntil('org_config lagging', (body) => value(body, 'sprintguard_projection_lag_events', { projection: 'org_config' }) === 1);
      expect(value(lagging, 'sprintguard_projection_lag_seconds', { projection: 'org_config' })).toBeGreaterThan(0);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
    const caughtUp = await scrapeUntil('org_config caught up', (body) => value(body, 'sprintguard_projection_lag_events', { projection: 'org_config' }) === 0);
    expect(value(caughtUp, 'sprintguard_projection_lag_seconds', { projection: 'org_config' })).toBe(0);
    expect(value(caughtUp, 'sprintguard_parked_events', { consumer: 'org_config' })).toBe(0);

    // An action cap the read model cannot store: org_config parks the event and goes on.
    await appendOrgEvent('org_metrics_poison', { write_mode: 'approval', action_cap: 'many', confirmation_threshold: 10 });
    const parked = await scrapeUntil('the parked event', (body) => value(body, 'sprintguard_parked_events', { consumer: 'org_config' }) === 1);
    expect(value(parked, 'sprintguard_projection_lag_events', { projection: 'org_config' })).toBe(0);
  });

  it('serves a projector process’s figures on METRICS_PORT, behind the token', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [BIN, 'projector'], { env: { ...h.env, METRICS_PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const url = `http://127.0.0.1:${port}/metrics`;
    try {
      await until(`the metrics port (${output})`, async () => (await fetch(url).catch(() => undefined))?.status);
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
      const body = await scrapeUntil('the projector’s lag', (text) => samplesBy(text, 'sprintguard_projection_lag_events', 'projection').runs !== undefined, url);
      expect(sample(body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      // This process runs no reactor: their backlog is reported by the process that runs them.
      expect(samplesBy(body, 'sprintguard_reactor_backlog_events', 'reactor')).toEqual({});
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.on('exit', r) : r(undefined)));
    }
  });
});

async function tokenHeader(): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await signDevToken(h.dataDir, { orgId: ORG, userId: 'ada', admin: true })}` };
}
