// The console's stream reader (console/src/api/sse.ts) against a small local server that drops the
// connection in the middle of an event: it reconnects after the server's `retry:` delay, with a
// fresh Authorization header and Last-Event-ID, and hands every event over exactly once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { followStream, type SseEvent } from '../../console/src/api/sse.js';

interface Seen {
  lastEventId: string | undefined;
  authorization: string | undefined;
  at: number;
}

let server: http.Server;
let url: string;
const requests: Seen[] = [];
let droppedAt = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const lastEventId = req.headers['last-event-id'];
    requests.push({ lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined, authorization: req.headers.authorization, at: Date.now() });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    const from = lastEventId === undefined ? 0 : Number(lastEventId) + 1;
    if (requests.length === 1) {
      // Two whole events, then half of the third, then the connection is gone.
      res.write('retry: 100\n\n');
      res.write('id: 0\nevent: RunRequested\ndata: {"n":0}\n\n');
      res.write('id: 1\nevent: RunPlanned\ndata: {"n":1}\n\n');
      res.write('id: 2\nevent: ActionApproved\ndata: {"n":');
      setTimeout(() => {
        droppedAt = Date.now();
        req.socket.destroy();
      }, 50);
      return;
    }
    // Resumes after the last id the client names, as the API does.
    for (let n = from; n <= 3; n++) res.write(`id: ${n}\nevent: E${n}\ndata: {"n":${n}}\n\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/runs/stream`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('resumes with Last-Event-ID after a dropped connection, losing and repeating nothing', async () => {
  const events: SseEvent[] = [];
  const states: string[] = [];
  const abort = new AbortController();
  let tokens = 0;
  const done = new Promise<void>((resolve) => {
    void followStream({
      url,
      headers: async () => ({ authorization: `Bearer token-${++tokens}` }),
      onEvent: (e) => {
        events.push(e);
        if (events.length === 4) resolve();
      },
      onState: (s) => states.push(s),
      signal: abort.signal,
      // Far longer than the test waits: reconnecting in time means the server's `retry:` was used.
      defaultRetryMs: 30_000,
    });
  });
  await done;
  abort.abort();

  expect(events.map((e): [string | undefined, unknown] => [e.id, JSON.parse(e.data)])).toEqual([
    ['0', { n: 0 }],
    ['1', { n: 1 }],
    ['2', { n: 2 }],
    ['3', { n: 3 }],
  ]);
  expect(requests.map((r) => [r.lastEventId, r.authorization])).toEqual([
    [undefined, 'Bearer token-1'],
    ['1', 'Bearer token-2'],
  ]);
  // After the server's 100 ms, not the client's default.
  expect(requests[1]!.at - droppedAt).toBeGreaterThanOrEqual(90);
  expect(requests[1]!.at - droppedAt).toBeLessThan(10_000);
  expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
});
