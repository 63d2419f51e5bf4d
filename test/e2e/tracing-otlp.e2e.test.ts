// Traces from the real server process to an OTLP collector (docs/observability.md): with
// OTEL_EXPORTER_OTLP_ENDPOINT set, `sprintguard serve` exports its spans over OTLP/HTTP to
// <endpoint>/v1/traces (the standard OTEL_EXPORTER_OTLP_HEADERS sent along), the last ones on a
// clean shutdown; a request, its append and the projection batch share one trace, and nothing the
// caller sent in the query or as a credential reaches the collector.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';
import { startOtlpStandIn, type OtlpStandIn } from '../support/stand-ins/otlp-stand-in.js';

let dataDir: string;
let otlp: OtlpStandIn;
let service: ServiceProcess | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-otlp-'));
  otlp = await startOtlpStandIn();
});
afterAll(async () => {
  await service?.stop('SIGTERM');
  await otlp?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('OTLP export from the server process', () => {
  it('sends the request, append and projection spans of one trace, and no query value or token', async () => {
    const env = cleanEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: await createTestDatabaseUrl('otlp'),
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=collector-secret',
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      OTEL_SERVICE_NAME: 'sprintguard-e2e',
    });
    service = await startService({ env, port: await freePort() });
    const token = await signDevToken(dataDir, { orgId: 'org_otlp', userId: 'ada', admin: true });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const put = await fetch(`${service.url}/api/org/settings`, { method: 'PUT', headers, body: JSON.stringify({ action_cap: 7 }) });
    expect(put.status).toBe(200);
    const requestId = put.headers.get('x-request-id');
    expect((await fetch(`${service.url}/api/runs?project_key=query-value-never-exported`, { headers })).status).toBe(200);
    // An event stream (a hijacked reply) that the client closes: its span ends with the connection.
    const sse = new AbortController();
    const stream = await fetch(`${service.url}/api/runs/stream`, { headers: { authorization: `Bearer ${token}` }, signal: sse.signal });
    expect(stream.status).toBe(200);
    sse.abort();
    // A clean shutdown exports what the batch processor still holds.
    expect(await service.stop('SIGTERM')).toBe(0);
    service = undefined;

    expect(otlp.exports.length).toBeGreaterThan(0);
    for (const e of otlp.exports) {
      expect(e.path).toBe('/v1/traces');
      expect(e.headers['content-type']).toMatch(/^application\/json/);
      expect(e.headers['x-collector-key']).toBe('collector-secret');
      expect(e.body).not.toContain('query-value-never-exported');
      expect(e.body).not.toContain(token);
    }
    const spans = otlp.spans();
    const request = spans.find((s) => s.attributes['sprintguard.request_id'] === requestId);
    expect(request).toMatchObject({
      name: 'PUT /api/org/settings',
      parentSpanId: undefined,
      attributes: { 'http.request.method': 'PUT', 'http.route': '/api/org/settings', 'http.response.status_code': 200 },
      resource: { 'service.name': 'sprintguard-e2e' },
    });
    const append = spans.find((s) => s.name === 'append org' && s.parentSpanId === request!.spanId);
    expect(append?.traceId).toBe(request!.traceId);
    const batch = spans.find((s) => s.name === 'projection org_config' && s.parentSpanId === append!.spanId);
    expect(batch?.traceId).toBe(request!.traceId);
    expect(spans.find((s) => s.name === 'GET /api/runs')?.attributes).toMatchObject({ 'http.route': '/api/runs', 'http.response.status_code': 200 });
    expect(spans.find((s) => s.name === 'GET /api/runs/stream')?.attributes).toMatchObject({ 'http.route': '/api/runs/stream' });
  });
});
