// Stand-ins for the three chat webhooks the notifier posts to, on one real HTTP server on 127.0.0.1,
// each answering in its product's documented wire format (docs/notifications.md):
//   Slack   POST /services/T000/B000/<secret>   → 200 text/plain "ok"; 429 + Retry-After; errors as plain-text codes
//   Teams   POST /workflows/<id>/triggers/manual → 202 Accepted, empty body
//   Discord POST /api/webhooks/<id>/<token>      → 204 No Content; 429 with JSON {message, retry_after, global}
// Every request is recorded (product, path, content type, parsed JSON body, status).
//
//   const chat = await startChatWebhooksStandIn();
//   chat.urls.slack / chat.urls.teams / chat.urls.discord     // the webhook URLs to save
//   chat.failNext('slack', 1, 429, { retryAfter: '1' })       // next Slack post: 429 + Retry-After: 1
//   chat.failNext('discord', 1, 429, { retryAfterBody: 0.25 }) // Discord's JSON retry_after (seconds)
//   chat.failAlways('teams', 500)                              // every Teams post answers 500 until reset
//   chat.received('slack')                                     // the accepted posts' JSON bodies
//   await chat.close();
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatProduct = 'slack' | 'teams' | 'discord';

export interface ChatRequest {
  product: ChatProduct;
  path: string;
  contentType: string | undefined;
  body: unknown;
  status: number;
}

interface Fault {
  status: number;
  retryAfter?: string;
  retryAfterBody?: number;
}

const PATHS: Record<ChatProduct, string> = {
  slack: '/services/T0001/B0001/slack-secret-abc',
  teams: '/workflows/0a1b2c/triggers/manual/paths/invoke?sig=teams-secret-def',
  discord: '/api/webhooks/1234567890/discord-secret-ghi',
};

function productOf(path: string): ChatProduct | undefined {
  if (path.startsWith('/services/')) return 'slack';
  if (path.startsWith('/workflows/')) return 'teams';
  if (path.startsWith('/api/webhooks/')) return 'discord';
  return undefined;
}

function answer(product: ChatProduct, res: http.ServerResponse, fault: Fault | undefined): number {
  if (fault) {
    if (fault.retryAfter) res.setHeader('retry-after', fault.retryAfter);
    if (product === 'discord' && fault.status === 429) {
      res.writeHead(429, { 'content-type': 'application/json', 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': String(fault.retryAfterBody ?? 1) });
      res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: fault.retryAfterBody ?? 1, global: false }));
    } else if (product === 'discord') {
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: fault.status === 404 ? 'Unknown Webhook' : 'Server error', code: fault.status === 404 ? 10015 : 0 }));
    } else if (product === 'slack') {
      res.writeHead(fault.status, { 'content-type': 'text/plain' });
      res.end(fault.status === 429 ? 'rate_limited' : fault.status === 404 ? 'channel_not_found' : fault.status === 410 ? 'channel_is_archived' : 'internal_error');
    } else {
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: fault.status === 429 ? 'TooManyRequests' : 'InternalServerError', message: 'stand-in fault' } }));
    }
    return fault.status;
  }
  if (product === 'slack') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    return 200;
  }
  res.writeHead(product === 'teams' ? 202 : 204);
  res.end();
  return product === 'teams' ? 202 : 204;
}

export async function startChatWebhooksStandIn() {
  const requests: ChatRequest[] = [];
  const queued: Record<ChatProduct, Fault[]> = { slack: [], teams: [], discord: [] };
  const always: Partial<Record<ChatProduct, Fault>> = {};

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const product = productOf(path);
      if (req.method !== 'POST' || !product) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('No stand-in route');
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const fault = queued[product].shift() ?? always[product];
      // A body that is not JSON is refused the way each product does.
      const status = typeof body === 'string' ? answer(product, res, { status: 400 }) : answer(product, res, fault);
      requests.push({ product, path, contentType: req.headers['content-type'], body, status });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    urls: { slack: `${base}${PATHS.slack}`, teams: `${base}${PATHS.teams}`, discord: `${base}${PATHS.discord}` } as Record<ChatProduct, string>,
    requests,
    failNext(product: ChatProduct, count: number, status: number, hints: { retryAfter?: string; retryAfterBody?: number } = {}) {
      for (let i = 0; i < count; i++) queued[product].push({ status, ...hints });
    },
    failAlways(product: ChatProduct, status: number | undefined) {
      if (status === undefined) delete always[product];
      else always[product] = { status };
    },
    /** Bodies of the posts the product accepted. */
    received(product: ChatProduct): unknown[] {
      return requests.filter((r) => r.product === product && r.status < 300).map((r) => r.body);
    },
    clear() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ChatWebhooksStandIn = Awaited<ReturnType<typeof startChatWebhooksStandIn>>;
