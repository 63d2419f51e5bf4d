// GET /api/runs/stream with a real SSE client (the eventsource package) over a listening server.
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunCommand } from '../../src/domain/run.decider.js';
import type { RunEvent } from '../../src/domain/run.events.js';
import { runEvents as seedRunEvents, toAppend } from '../support/run-events.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let base: string;
let token: string;
const now = new Date();

const runEvents = (runId: string, org: string, ...commands: RunCommand[]): RunEvent[] =>
  seedRunEvents({ runId, orgId: org, projectKey: 'SSE', now, settings: { action_cap: 25, confirmation_threshold: 100 } }, ...commands);

async function append(runId: string, org: string, events: RunEvent[]) {
  await t.infra.store.append(`run-${runId}`, toAppend(events, org));
}

interface Received {
  id: string;
  type: string;
  revision: string;
}

/** Opens an EventSource with the bearer header; collects messages until closed. */
function connect(url: string, bearer: string, lastEventId?: string) {
  const received: Received[] = [];
  const es = new EventSource(url, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${bearer}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } }),
  });
  const opened = new Promise<void>((resolve) => es.addEventListener('open', () => resolve()));
  const types = ['RunRequested', 'RunLogged', 'RunPlanned', 'ApprovalRequested', 'ActionApproved', 'ActionRejected', 'RunExecutionStarted', 'RunCompleted', 'ActionSkipped'];
  for (const type of types) {
    es.addEventListener(type, (ev) => {
      const data = JSON.parse(String(ev.data)) as { revision: string };
      received.push({ id: ev.lastEventId, type, revision: data.revision });
    });
  }
  return { es, received, opened };
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp({ label: 'run_stream' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  token = await t.token({ orgId: 'org_sse', userId: 'ada', admin: true });
});
afterAll(async () => t?.close());

describe('run stream (SSE)', () => {
  it('replays a run from the start, then goes live; clients share one subscription', async () => {
    const history = runEvents('sse-1', 'org_sse');
    await append('sse-1', 'org_sse', history);
    const a = connect(`${base}/api/runs/stream?run_id=sse-1`, token);
    const b = connect(`${base}/api/runs/stream?run_id=sse-1`, token);
    try {
      await until(() => a.received.length === history.length && b.received.length === history.length);
      expect(t.services.app.runStream.feed.subscriptions).toBe(1);
      expect(a.received.map((m) => m.id)).toEqual(history.map((_, i) => String(i)));
      expect(a.received[0]!.type).toBe('RunRequested');

      const more = runEvents('sse-1', 'org_sse', { type: 'ApproveAction', actionId: 'act-1', by: 'ada', now }).slice(history.length);
      await t.infra.store.append('run-sse-1', more.map((e) => ({ type: e.type, data: e.data, metadata: { org_id: 'org_sse', user_id: 'ada', correlation_id: 'x', causation_id: 'x' } })), { expectedRevision: BigInt(history.length - 1) });
      await until(() => a.received.length === history.length + more.length && b.received.length === history.length + more.length);
      expect(a.received.at(-more.length)!.type).toBe('ActionApproved');
    } finally {
      a.es.close();
      b.es.close();
    }
  });

  it('resumes after Last-Event-ID with no gap and no duplicate', async () => {
    const events = runEvents('sse-2', 'org_sse', { type: 'ApproveAction', actionId: 'act-1', by: 'ada', now });
    await append('sse-2', 'org_sse', events);
    const c = connect(`${base}/api/runs/stream?run_id=sse-2`, token, '3');
    try {
      await until(() => c.received.length === events.length - 4);
      expect(c.received.map((m) => Number(m.id))).toEqual(events.slice(4).map((_, i) => i + 4));
    } finally {
      c.es.close();
    }
  });

  it("streams the organization's live run events without run_id, and nothing of others", async () => {
    const c = connect(`${base}/api/runs/stream`, token);
    try {
      // The answer comes once the feed's start point is fixed: what is appended after "open" arrives.
      await c.opened;
      await append('sse-other', 'org_elsewhere', runEvents('sse-other', 'org_elsewhere'));
      const mine = runEvents('sse-3', 'org_sse');
      await append('sse-3', 'org_sse', mine);
      await until(() => c.received.length === mine.length);
      expect(c.received.every((m) => /^\d+\/\d+$/.test(m.id))).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(c.received).toHaveLength(mine.length);
    } finally {
      c.es.close();
    }
  });

  it('refuses a token in the query string, a missing header, and another organization', async () => {
    const q = await fetch(`${base}/api/runs/stream?run_id=sse-1&access_token=${token}`, { headers: { authorization: `Bearer ${token}` } });
    expect(q.status).toBe(401);
    expect(await q.json()).toHaveProperty('error');
    expect((await fetch(`${base}/api/runs/stream?token=${token}`)).status).toBe(401);
    const other = await t.token({ orgId: 'org_other', admin: true });
    const res = await fetch(`${base}/api/runs/stream?run_id=sse-1`, { headers: { authorization: `Bearer ${other}` } });
    expect(res.status).toBe(404);
    const ok = await fetch(`${base}/api/runs/stream?run_id=sse-1`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await ok.body?.cancel();
  });
});
