// GET /metrics on the API port (docs/observability.md): only with METRICS_TOKEN (a user's token does
// not open it), requests counted by route pattern and status, appends timed, consumers' lag and
// parked events, pools; no label names an organization, a user, an identifier or a query value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsExposure } from '../../src/http/plugins/metrics.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { sample, samplesBy } from '../support/prometheus.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const ORG = 'org_metrics_private';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ label: 'metrics', env: { METRICS_TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers 401 without the token, with another one or with a user token; the figures with it', async () => {
    const user = await t.auth({ orgId: ORG, admin: true });
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, user, { authorization: METRICS_TOKEN }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ error: 'A valid metrics token is required' });
    }
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE sprintguard_http_requests_total counter');
    // Not part of the user API.
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern and status, and times appends; no label names the caller or the URL', async () => {
    const admin = await t.auth({ orgId: ORG, userId: 'user_metrics_private', admin: true });
    expect((await t.app.inject({ url: '/api/runs/run_metrics_private', headers: admin })).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: admin, payload: { write_mode: 'approval', action_cap: 7 } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.app.inject({ url: '/nowhere?token=query_metrics_private' })).statusCode).toBe(404);

    const { body } = await scrape();
    expect(sample(body, 'sprintguard_http_requests_total', { method: 'GET', route: '/api/runs/:run_id', status: '404' })).toBe(1);
    expect(sample(body, 'sprintguard_http_requests_total', { method: 'PUT', route: '/api/org/settings', status: '200' })).toBe(1);
    expect(sample(body, 'sprintguard_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'sprintguard_http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).toBe(4);
    expect(sample(body, 'sprintguard_http_request_duration_seconds_count', { method: 'PUT', route: '/api/org/settings' })).toBe(1);
    expect(sample(body, 'sprintguard_events_appended_total', { store: 'postgres' })).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'sprintguard_event_store_append_duration_seconds_count', { store: 'postgres', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    for (const secret of [ORG, 'user_metrics_private', 'run_metrics_private', 'query_metrics_private', METRICS_TOKEN]) expect(body).not.toContain(secret);
  });

  it('reports every projection’s lag, every reactor’s backlog and their parked events, back to zero once caught up', async () => {
    const admin = await t.auth({ orgId: ORG, admin: true });
    expect((await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: admin, payload: { write_mode: 'auto', action_cap: 9 } })).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    let body: string;
    for (;;) {
      body = (await scrape()).body;
      const lags = [...Object.values(samplesBy(body, 'sprintguard_projection_lag_events', 'projection')), ...Object.values(samplesBy(body, 'sprintguard_reactor_backlog_events', 'reactor'))];
      if (lags.every((v) => v === 0) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const projections = t.infra.projections.map((p) => p.name).sort();
    expect(Object.keys(samplesBy(body, 'sprintguard_projection_lag_events', 'projection')).sort()).toEqual(projections);
    expect(Object.values(samplesBy(body, 'sprintguard_projection_lag_events', 'projection')).every((v) => v === 0)).toBe(true);
    expect(Object.values(samplesBy(body, 'sprintguard_projection_lag_seconds', 'projection')).every((v) => v === 0)).toBe(true);
    expect(samplesBy(body, 'sprintguard_reactor_backlog_events', 'reactor')).toEqual({ run_executor: 0, proposal_applier: 0, notifier: 0 });
    const parked = samplesBy(body, 'sprintguard_parked_events', 'consumer');
    expect(Object.keys(parked).sort()).toEqual([...projections, 'reactor:notifier', 'reactor:proposal_applier', 'reactor:run_executor'].sort());
    // The pools and the open run streams are reported too.
    expect(samplesBy(body, 'sprintguard_db_pool_waiting', 'pool')).toEqual({ store: 0, read_models: 0, exports: 0 });
    expect(sample(body, 'sprintguard_sse_clients')).toBe(0);
  });
});

describe('where the metrics are served', () => {
  it('on the API port with a token, openly outside production without one, on their own port with METRICS_PORT, nowhere in production otherwise', () => {
    const token = 'x'.repeat(16);
    expect(metricsExposure({ METRICS_TOKEN: token, METRICS_PORT: undefined, isProduction: true })).toEqual({ where: 'api', token });
    expect(metricsExposure({ METRICS_TOKEN: undefined, METRICS_PORT: undefined, isProduction: false })).toEqual({ where: 'api', token: undefined });
    expect(metricsExposure({ METRICS_TOKEN: undefined, METRICS_PORT: 9464, isProduction: true })).toEqual({ where: 'port', port: 9464, token: undefined });
    expect(metricsExposure({ METRICS_TOKEN: token, METRICS_PORT: 9464, isProduction: false })).toEqual({ where: 'port', port: 9464, token });
    expect(metricsExposure({ METRICS_TOKEN: undefined, METRICS_PORT: undefined, isProduction: true })).toEqual({ where: 'off' });
  });

  it('answers 404 on the API port when METRICS_PORT serves them, and counts rate-limit refusals', async () => {
    const app = await createTestApp({ label: 'metrics_port', env: { METRICS_PORT: '9464', RATE_LIMIT_READS_PER_MINUTE: '2' } });
    try {
      expect((await app.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      const admin = await app.auth({ orgId: ORG, admin: true });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await app.app.inject({ url: '/api/org/settings', headers: admin })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const { body } = await app.infra.metrics.scrape();
      expect(sample(body, 'sprintguard_rate_limit_refusals_total', { limit: 'reads' })).toBe(1);
      expect(sample(body, 'sprintguard_http_requests_total', { method: 'GET', route: '/api/org/settings', status: '429' })).toBe(1);
    } finally {
      await app.close();
    }
  });
});
