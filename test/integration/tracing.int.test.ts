// Traces (docs/observability.md): with an OTLP endpoint configured, one trace goes from the request
// that approves a run's last action, through the append of its events (whose metadata carries the
// W3C traceparent, sealed in the stream's hash chain), to the runs projection's batch and the run
// executor's reactor step and its call to the board. Without an endpoint nothing is recorded.
// The whole service in process (createServices + buildApp), a Jira stand-in, spans in memory.
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/adapters/audit-chain.js';
import type { RecordedEvent } from '../../src/adapters/event-store.js';
import { runStreamId } from '../../src/domain/streams.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORG = 'org_traces';
// Never contacted: the in-memory exporter takes the OTLP exporter's place; the endpoint turns tracing on.
const ENDPOINT = 'http://127.0.0.1:9';

async function readStream(t: TestApp, stream: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const e of t.infra.store.readStream(stream)) events.push(e);
  return events;
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Connects the stand-in board, triggers a triage run on it and answers the run id and its action ids. */
async function plannedRun(t: TestApp, jira: JiraStandIn, auth: Record<string, string>, project: string) {
  jira.seedIssue({ key: `${project}-1`, summary: 'No priority yet', assignee: jira.users[0]!, estimate: 2 });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/settings/integration',
    headers: auth,
    payload: { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: [project] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const triggered = await t.app.inject({ method: 'POST', url: '/api/runs/trigger', headers: auth, payload: { board_type: 'jira', project_key: project, cycles: ['T'] } });
  expect(triggered.statusCode, triggered.body).toBe(201);
  const run = triggered.json<{ id: string; status: string }>();
  expect(run.status).toBe('awaiting_approval');
  const actions = (await t.app.inject({ method: 'GET', url: `/api/runs/${run.id}/actions`, headers: auth })).json<{ id: string }[]>();
  expect(actions.length).toBeGreaterThan(0);
  return { runId: run.id, actionIds: actions.map((a) => a.id) };
}

describe('with no OTLP endpoint configured', () => {
  const exporter = new InMemorySpanExporter();
  let t: TestApp;
  let jira: JiraStandIn;

  beforeAll(async () => {
    jira = await startJiraStandIn();
    t = await createTestApp({ label: 'traces_off', spanExporter: exporter });
  });
  afterAll(async () => {
    await t?.close();
    await jira?.close();
  });

  it('records no span and writes no trace context into events', async () => {
    expect(t.infra.tracing.enabled).toBe(false);
    const auth = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
    const { runId, actionIds } = await plannedRun(t, jira, auth, 'OFF');
    for (const action of actionIds) {
      const res = await t.app.inject({ method: 'POST', url: `/api/runs/${runId}/actions/${action}/approve`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
    }
    await eventually('the run to complete', async () => {
      const run = (await t.app.inject({ method: 'GET', url: `/api/runs/${runId}`, headers: auth })).json<{ status: string }>();
      return run.status === 'completed' ? run : undefined;
    });
    expect(jira.writes().length).toBeGreaterThan(0);
    expect(exporter.getFinishedSpans()).toEqual([]);
    const events = await readStream(t, runStreamId(runId));
    expect(events.filter((e) => 'traceparent' in e.metadata)).toEqual([]);
  });
});

describe('with an OTLP endpoint configured', () => {
  const exporter = new InMemorySpanExporter();
  let t: TestApp;
  let jira: JiraStandIn;

  beforeAll(async () => {
    jira = await startJiraStandIn();
    // Every trace recorded: the default records at most ten new traces a second (the last describe below).
    t = await createTestApp({ label: 'traces_on', env: { OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_TRACES_SAMPLER: 'parentbased_always_on' }, spanExporter: exporter });
  });
  afterAll(async () => {
    await t?.close();
    await jira?.close();
  });

  it('follows one trace from the approve request through the append to the runs projection and the executor’s board call', async () => {
    expect(t.infra.tracing.enabled).toBe(true);
    const auth = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
    const { runId, actionIds } = await plannedRun(t, jira, auth, 'ON');
    const last = actionIds.pop()!;
    for (const action of actionIds) {
      expect((await t.app.inject({ method: 'POST', url: `/api/runs/${runId}/actions/${action}/approve`, headers: auth })).statusCode).toBe(200);
    }
    // The earlier approvals are projected before the last one, so that the last one's events make a
    // batch of their own (a batch of several requests' events is a trace of its own, linked to each
    // of them: test/unit/event-spans.test.ts).
    await eventually('the earlier approvals in the read model', async () => {
      const actions = (await t.app.inject({ method: 'GET', url: `/api/runs/${runId}/actions`, headers: auth })).json<{ id: string; status: string }[]>();
      return actions.filter((a) => a.status === 'approved').length === actionIds.length ? actions : undefined;
    });
    jira.clearRequests();

    // The last approval starts the execution: the run executor writes to the board.
    const approved = await t.app.inject({ method: 'POST', url: `/api/runs/${runId}/actions/${last}/approve?note=do-not-record`, headers: auth });
    expect(approved.statusCode, approved.body).toBe(200);
    const requestId = approved.headers['x-request-id'];
    await eventually('the run to complete', async () => {
      const run = (await t.app.inject({ method: 'GET', url: `/api/runs/${runId}`, headers: auth })).json<{ status: string }>();
      return run.status === 'completed' ? run : undefined;
    });
    expect(jira.writes().length).toBeGreaterThan(0);

    const spans = () => exporter.getFinishedSpans();
    const id = (s: ReadableSpan) => s.spanContext().spanId;
    const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

    // 1. The request's span: method and route pattern, status code, no value of the path or query.
    const request = await eventually('the approve request span', () => spans().find((s) => s.attributes['sprintguard.request_id'] === requestId));
    expect(request.name).toBe('POST /api/runs/:run_id/actions/:action_id/approve');
    expect(request.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/runs/:run_id/actions/:action_id/approve', 'http.response.status_code': 200 });
    const traceId = request.spanContext().traceId;
    const inTrace = () => spans().filter((s) => s.spanContext().traceId === traceId);

    // 2. The append of the approval, named by the stream's category, inside the request.
    const append = inTrace().find((s) => s.name === 'append run' && parentOf(s) === id(request));
    expect(append, 'append span under the request').toBeDefined();
    expect(append!.attributes['sprintguard.event.types']).toEqual(expect.arrayContaining(['ActionApproved', 'RunExecutionStarted']));

    // 3. The runs projection's batch continues the append's trace.
    const batch = await eventually('the runs projection batch span', () => inTrace().find((s) => s.name === 'projection runs' && parentOf(s) === id(append!)));
    expect(batch.attributes['sprintguard.projection']).toBe('runs');

    // 4. The run executor's step on RunExecutionStarted, and its call to the board as a child.
    const step = await eventually('the executor step', () =>
      inTrace().find((s) => s.name === 'reactor run_executor' && s.attributes['sprintguard.event.type'] === 'RunExecutionStarted' && parentOf(s) === id(append!)),
    );
    const boardCall = await eventually('the board call', () => inTrace().find((s) => s.name.startsWith('board ') && parentOf(s) === id(step)));
    expect(boardCall.attributes).toMatchObject({ 'sprintguard.board.kind': 'jira' });
    expect(['comment', 'addLabel']).toContain(boardCall.attributes['sprintguard.board.operation']);

    // Nothing recorded anywhere carries the query's value, a stream id or the bearer token.
    const recorded = JSON.stringify(spans().map((s) => ({ name: s.name, attributes: s.attributes })));
    expect(recorded).not.toContain('do-not-record');
    expect(recorded).not.toContain(runId);
    expect(recorded).not.toContain(auth.authorization.slice('Bearer '.length));

    // The events carry the append's trace context, and the stream's hash chain still verifies.
    const events = await readStream(t, runStreamId(runId));
    const approval = events.find((e) => e.type === 'ActionApproved' && (e.data as { action_id: string }).action_id === last)!;
    expect(approval.metadata.traceparent).toBe(`00-${traceId}-${id(append!)}-01`);
    const chain = verifyChain(runStreamId(runId), events);
    expect(chain.broken).toBeUndefined();
    expect(chain.unsealedPrefix).toBe(0);
  });
});

describe('with an OTLP endpoint and the default sampling', () => {
  const exporter = new InMemorySpanExporter();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ label: 'traces_sampled', env: { OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, RATE_LIMIT_READS_PER_MINUTE: '10000' }, spanExporter: exporter });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records every new trace up to ten a second, and every span of a trace its caller sampled', async () => {
    expect(t.config.OTEL_TRACES_SAMPLER).toBe('parentbased_always_on');
    expect(t.config.TRACES_MAX_PER_SECOND).toBe(10);
    const auth = await t.auth({ orgId: 'org_sampled', userId: 'ada', admin: true });
    const requests = 300;
    const started = performance.now();
    for (let i = 0; i < requests; i++) expect((await t.app.inject({ method: 'GET', url: '/api/runs', headers: auth })).statusCode).toBe(200);
    const seconds = (performance.now() - started) / 1000;
    const recorded = exporter.getFinishedSpans().filter((s) => s.name === 'GET /api/runs').length;
    // A full bucket of ten at the start, then ten a second: never more, and never fewer than the burst.
    expect(recorded).toBeGreaterThanOrEqual(10);
    expect(recorded).toBeLessThanOrEqual(10 + Math.ceil(10 * seconds) + 1);
    expect(recorded).toBeLessThan(requests);

    // A caller's sampled trace is recorded whole: the request, its append, the projection's batch.
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const put = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: { ...auth, traceparent: `00-${traceId}-00f067aa0ba902b7-01` }, payload: { write_mode: 'approval', action_cap: 7 } });
    expect(put.statusCode, put.body).toBe(200);
    const inTrace = (id: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === id).map((s) => s.name);
    await eventually('the projection batch of the sampled command', () => (inTrace(traceId).some((n) => n.startsWith('projection ')) ? true : undefined));
    expect(inTrace(traceId)).toEqual(expect.arrayContaining(['PUT /api/org/settings', 'append org']));

    // A caller's unsampled trace records nothing, and leaves no traceparent in its event.
    const unsampled = '5bf92f3577b34da6a3ce929d0e0e4737';
    const again = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: { ...auth, traceparent: `00-${unsampled}-00f067aa0ba902b8-00` }, payload: { write_mode: 'approval', action_cap: 8 } });
    expect(again.statusCode, again.body).toBe(200);
    const events = await readStream(t, 'org-org_sampled');
    const last = events.at(-1)!;
    expect(last.metadata.traceparent).toBeUndefined();
    expect(last.metadata.user_id).toBe('ada');
    await eventually('the settings in the read model', async () => {
      const settings = (await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: auth })).json<{ action_cap: number }>();
      return settings.action_cap === 8 ? settings : undefined;
    });
    expect(inTrace(unsampled)).toEqual([]);
  });
});
