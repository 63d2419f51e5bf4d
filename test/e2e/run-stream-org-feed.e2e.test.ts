// GET /api/runs/stream without run_id (the organization feed), over a listening server:
// - a client that comes back with the Last-Event-ID it was given (a global position) gets what it
//   missed, only its organization's, with no gap and no duplicate, then live events;
// - a client too far behind is told to reload (`event: reset`) instead of a silent gap;
// - a client that does not read is disconnected once its unread bytes pass the limit, instead of
//   the server buffering for it without bound.
// The last two use the route with small limits, on the test app's real store.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSource } from 'eventsource';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStreamRoutes } from '../../src/http/routes/run-stream.routes.js';
import { createRunFeed, type RunFeed } from '../../src/http/sse/run-feed.js';
import { runEvents, toAppend } from '../support/run-events.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORG = 'org_feed';
let t: TestApp;
let base: string;
let token: string;

interface Message {
  id: string;
  type: string;
  runId: string;
  revision: string;
}

const TYPES = ['RunRequested', 'RunPlanned', 'ApprovalRequested', 'ActionApproved', 'RunLogged', 'RunExecutionStarted', 'reset'];

function connect(url: string, headers: Record<string, string>) {
  const received: Message[] = [];
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const es = new EventSource(url, { fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }) });
  es.addEventListener('open', () => opened());
  for (const type of TYPES) {
    es.addEventListener(type, (ev) => {
      const data = JSON.parse(String(ev.data)) as { run_id?: string; revision?: string };
      received.push({ id: ev.lastEventId, type, runId: data.run_id ?? '', revision: data.revision ?? '' });
    });
  }
  return { es, received, open };
}

async function until(check: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const seed = (runId: string, orgId: string, items = 2) => runEvents({ runId, orgId, projectKey: 'FEED', items: Array.from({ length: items }, (_, i) => `FEED-${i + 1}`) });
const append = (runId: string, orgId: string, events = seed(runId, orgId)) => t.infra.store.append(`run-${runId}`, toAppend(events, orgId));

beforeAll(async () => {
  t = await createTestApp({ label: 'run_stream_org_feed' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = await t.token({ orgId: ORG, userId: 'ada', admin: true });
});
afterAll(async () => t?.close());

describe('organization run feed', () => {
  it('resumes after Last-Event-ID with what was missed, no gap and no duplicate, then goes live', async () => {
    const first = connect(`${base}/api/runs/stream`, { authorization: `Bearer ${token}` });
    await first.open;
    const a = seed('feed-a', ORG);
    await append('feed-a', ORG, a);
    await until(() => first.received.length === a.length);
    expect(first.received.every((m) => /^\d+\/\d+$/.test(m.id))).toBe(true);
    const lastId = first.received.at(-1)!.id;
    first.es.close();

    // Away: the organization's events and another organization's.
    const b = seed('feed-b', ORG, 3);
    await append('feed-b', ORG, b);
    await append('feed-x', 'org_not_mine');

    const back = connect(`${base}/api/runs/stream`, { authorization: `Bearer ${token}`, 'last-event-id': lastId });
    try {
      await until(() => back.received.length === b.length);
      expect(back.received.map((m) => `${m.runId}@${m.revision}`)).toEqual(b.map((_, i) => `feed-b@${i}`));
      // Then live, joined on the position.
      const c = seed('feed-c', ORG);
      await append('feed-c', ORG, c);
      await until(() => back.received.length === b.length + c.length);
      await new Promise((r) => setTimeout(r, 200));
      const keys = back.received.map((m) => `${m.runId}@${m.revision}`);
      expect(keys).toEqual([...b.map((_, i) => `feed-b@${i}`), ...c.map((_, i) => `feed-c@${i}`)]);
      expect(new Set(back.received.map((m) => m.id)).size).toBe(keys.length);
      expect(back.received.some((m) => m.runId === 'feed-x')).toBe(false);
    } finally {
      back.es.close();
    }
  });

  it('ignores a Last-Event-ID that is not a position (live only)', async () => {
    const c = connect(`${base}/api/runs/stream`, { authorization: `Bearer ${token}`, 'last-event-id': 'not-a-position' });
    try {
      await c.open;
      await new Promise((r) => setTimeout(r, 300));
      expect(c.received).toEqual([]);
    } finally {
      c.es.close();
    }
  });
});

describe('organization run feed limits', () => {
  let app: FastifyInstance;
  let feed: RunFeed;
  let small: string;

  beforeAll(async () => {
    // The route alone, on the same store, with tiny limits; the caller is ORG.
    feed = createRunFeed(t.infra.store);
    app = Fastify();
    app.decorateRequest('orgId', '');
    app.addHook('onRequest', async (request) => {
      request.orgId = ORG;
    });
    await app.register(runStreamRoutes, { store: t.infra.store, feed, resumeScanLimit: 3, maxBufferedBytes: 64 * 1024 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    small = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await feed?.close();
  });

  it('tells a client too far behind to reload, then goes live', async () => {
    const first = connect(`${small}/api/runs/stream`, {});
    await first.open;
    await append('limit-a', ORG);
    await until(() => first.received.length > 0);
    const lastId = first.received[0]!.id;
    first.es.close();
    await append('limit-b', ORG, seed('limit-b', ORG, 4));

    const back = connect(`${small}/api/runs/stream`, { 'last-event-id': lastId });
    try {
      await until(() => back.received.some((m) => m.type === 'reset'));
      const beforeReset = back.received.findIndex((m) => m.type === 'reset');
      expect(beforeReset).toBeLessThanOrEqual(3);
      await append('limit-c', ORG);
      await until(() => back.received.some((m) => m.runId === 'limit-c'));
    } finally {
      back.es.close();
    }
  });

  it('disconnects a client that stops reading once its unread messages pass the limit', async () => {
    const { port } = app.server.address() as AddressInfo;
    let closed = false;
    const req = http.get({ host: '127.0.0.1', port, path: '/api/runs/stream' }, (res) => {
      expect(res.statusCode).toBe(200);
      res.pause(); // never reads
      res.on('close', () => (closed = true));
      res.on('error', () => (closed = true));
    });
    req.on('error', () => (closed = true));
    await until(() => feed.subscriptions === 1);
    await new Promise((r) => setTimeout(r, 100));
    // ~8 MB of events: more than the socket buffers hold, so the unread bytes pile up in the server.
    const big = 'x'.repeat(20_000);
    for (let i = 0; i < 40; i++) {
      await t.infra.store.append(
        `run-slow-${i}`,
        Array.from({ length: 10 }, () => ({ type: 'RunLogged', data: { level: 'info', message: big, at: new Date().toISOString() }, metadata: { org_id: ORG, user_id: 'ada', correlation_id: 'c', causation_id: 'c' } })),
      );
    }
    // The server let it go: the feed had no other listener, so it stops with it.
    await until(() => feed.subscriptions === 0);
    await until(() => closed);
    req.destroy();
  });
});
