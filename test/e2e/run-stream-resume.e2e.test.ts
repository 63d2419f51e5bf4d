// GET /api/runs/stream under churn, with a real SSE client (eventsource) over a listening server:
// - the server drops every connection mid-run, events are appended while clients are away, and the
//   clients' own reconnect (Last-Event-ID sent by the client library) gives no gap and no duplicate;
// - clients joining while events are being appended switch from history to live without a gap;
// - N clients share one subscription, which stops when the last one leaves and restarts on demand.
// The runs are appended below the command layer, but one whole decision per append, as the command
// handler appends them, and with one action left undecided: the run executor runs (as in `serve`) and
// finds nothing to do. A run cut between its RunPlanned and its ApprovalRequested looks like a run
// being planned; the executor would fail it (no board is connected) and append to the stream
// between two of the test's appends.
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunCommand } from '../../src/domain/run.decider.js';
import type { RunEvent } from '../../src/domain/run.events.js';
import { runEvents, toAppend } from '../support/run-events.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORG = 'org_sse_resume';
let t: TestApp;
let base: string;
let token: string;

/**
 * A long run: requested and planned (one decision of `planned` events), then `items` actions approved
 * one by one (one event each). One more action is planned and never decided, so the run waits for
 * approval and never executes.
 */
function longRun(runId: string, items: number): { events: RunEvent[]; planned: number } {
  const now = new Date();
  const keys = Array.from({ length: items + 1 }, (_, i) => `RES-${i + 1}`);
  const seed = { runId, orgId: ORG, projectKey: 'RES', items: keys, now };
  const approvals: RunCommand[] = keys.slice(0, items).map((_, i) => ({ type: 'ApproveAction', actionId: `act-${i + 1}`, by: 'ada', now }));
  const planned = runEvents(seed).length;
  const events = runEvents(seed, ...approvals);
  expect(events.length).toBe(planned + items);
  expect(events.at(-1)!.type).not.toBe('RunExecutionStarted');
  return { events, planned };
}

const feed = () => t.services.app.runStream.feed;

/** Appends events[from, to) to the run stream, with the exact expected revision. */
async function appendRange(runId: string, events: RunEvent[], from: number, to: number) {
  await t.infra.store.append(`run-${runId}`, toAppend(events.slice(from, to), ORG), { expectedRevision: from === 0 ? 'no_stream' : BigInt(from - 1) });
}

interface Client {
  es: EventSource;
  ids: string[];
  opens: number;
  opened: Promise<void>;
}

function connect(url: string, lastEventId?: string): Client {
  let markOpen!: () => void;
  const client: Client = { es: undefined as unknown as EventSource, ids: [], opens: 0, opened: new Promise((r) => (markOpen = r)) };
  // The library sends Last-Event-ID itself on reconnection; the first connection may ask for one.
  client.es = new EventSource(url, {
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      if (lastEventId && !headers.has('last-event-id')) headers.set('last-event-id', lastEventId);
      return fetch(input, { ...init, headers });
    },
  });
  client.es.addEventListener('open', () => {
    client.opens++;
    markOpen();
  });
  for (const type of ['RunRequested', 'RunLogged', 'RunPlanned', 'ApprovalRequested', 'ActionApproved', 'RunExecutionStarted']) {
    client.es.addEventListener(type, (ev) => {
      const data = JSON.parse(String(ev.data)) as { revision: string; type: string };
      expect(data.type).toBe(type);
      expect(data.revision).toBe(ev.lastEventId);
      client.ids.push(ev.lastEventId);
    });
  }
  return client;
}

async function until(check: () => boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => String(from + i));

beforeAll(async () => {
  t = await createTestApp({ label: 'run_stream_resume' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  token = await t.token({ orgId: ORG, userId: 'ada', admin: true });
});
afterAll(async () => t?.close());

describe('run stream: reconnection and joining under appends', () => {
  it('reconnects by itself after the server drops it, resuming after Last-Event-ID with no gap and no duplicate', async () => {
    const { events, planned } = longRun('res-1', 60);
    // Decision boundaries: the plan and four approvals; ten more approvals; the rest.
    const [first, second] = [planned + 4, planned + 14];
    await appendRange('res-1', events, 0, first);
    const clients = [connect(`${base}/api/runs/stream?run_id=res-1`), connect(`${base}/api/runs/stream?run_id=res-1`), connect(`${base}/api/runs/stream?run_id=res-1`, '4')];
    try {
      await until(() => clients.every((c) => c.ids.at(-1) === String(first - 1)), 'the first events');
      expect(feed().subscriptions).toBe(1);

      // Every connection dropped by the server; the feed loses its last listener and stops.
      t.app.server.closeAllConnections();
      await until(() => feed().subscriptions === 0, 'the feed to stop');
      await appendRange('res-1', events, first, second);
      await until(() => clients.every((c) => c.opens === 2), 'the clients to reconnect');
      await appendRange('res-1', events, second, events.length);

      await until(() => clients.every((c) => c.ids.at(-1) === String(events.length - 1)), 'every event');
      expect(clients[0]!.ids).toEqual(range(0, events.length));
      expect(clients[1]!.ids).toEqual(range(0, events.length));
      expect(clients[2]!.ids).toEqual(range(5, events.length));
      expect(feed().subscriptions).toBe(1);
    } finally {
      for (const c of clients) c.es.close();
    }
    await until(() => feed().subscriptions === 0, 'the feed to stop after the last client');
  });

  it('joins history to live with no gap and no duplicate while events are being appended; N clients share one subscription', async () => {
    const { events, planned } = longRun('res-2', 120);
    await appendRange('res-2', events, 0, planned);
    let appended = planned;
    const writer = (async () => {
      while (appended < events.length) {
        const next = appended + 2; // two approvals
        await appendRange('res-2', events, appended, next);
        appended = next;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const clients: { client: Client; from: number }[] = [];
    try {
      // Clients arrive while the writer runs, some resuming from where the stream was then.
      for (let i = 0; i < 20; i++) {
        const resumeAt = i % 2 === 0 ? undefined : Math.max(0, appended - 3);
        clients.push({ client: connect(`${base}/api/runs/stream?run_id=res-2`, resumeAt === undefined ? undefined : String(resumeAt)), from: resumeAt === undefined ? 0 : resumeAt + 1 });
        await new Promise((r) => setTimeout(r, 15));
      }
      await writer;
      await Promise.all(clients.map((c) => c.client.opened));
      expect(feed().subscriptions).toBe(1);
      await until(() => clients.every((c) => c.client.ids.at(-1) === String(events.length - 1)), 'every client to reach the end');
      for (const { client, from } of clients) expect(client.ids).toEqual(range(from, events.length));
    } finally {
      // Closed whatever happened (the writer's failure is the test's), so no stream outlives the test.
      await Promise.allSettled([writer]);
      for (const { client } of clients) client.es.close();
    }
    await until(() => feed().subscriptions === 0, 'the feed to stop after the last client');
  });

  it('delivers an event appended right after the stream opens (the feed starts before the answer)', async () => {
    // The organization feed is live only: what counts is that nothing appended after "open" is lost,
    // including when this very connection starts the feed.
    for (let round = 0; round < 5; round++) {
      await until(() => feed().subscriptions === 0, 'no feed');
      const received: string[] = [];
      const es = new EventSource(`${base}/api/runs/stream`, {
        fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` } }),
      });
      es.addEventListener('RunRequested', (ev) => received.push(String(JSON.parse(String(ev.data)).run_id)));
      try {
        await new Promise<void>((resolve) => es.addEventListener('open', () => resolve()));
        const { events, planned } = longRun(`res-live-${round}`, 0);
        await appendRange(`res-live-${round}`, events, 0, planned);
        await until(() => received.length === 1, 'the live event');
        expect(received).toEqual([`res-live-${round}`]);
      } finally {
        es.close();
      }
    }
  });
});
