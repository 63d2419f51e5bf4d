// The bounce webhook and the suppression feed through the real server process. The process is
// started by a test-only entry (test/support/sns-service-entry.ts) that calls the same startServer
// as `sprintguard serve` with the SNS stand-in's trust; the production bin, given the same
// environment, refuses the stand-in (nothing in the environment can widen the SNS trust).
// The burst: 1,000 notifications, 10% of them replays, sent concurrently — nothing lost, nothing
// duplicated.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import type { SnsMessage } from '../../src/adapters/sns/sns-message.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';
import { sesBounce, snsHeaders, startSnsStandIn, TEST_TOPIC_ARN, type SnsStandIn } from '../support/stand-ins/sns-stand-in.js';

const KEY = 'e2e-system-key-0123456789';
const ENTRY = path.resolve(import.meta.dirname, '../support/sns-service-entry.ts');

let sns: SnsStandIn;
let service: ServiceProcess;
let dataDir: string;
let databaseUrl: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  sns = await startSnsStandIn();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-sns-e2e-'));
  databaseUrl = await createTestDatabaseUrl('sns_e2e');
  const trustFile = path.join(dataDir, 'sns-trust.json');
  await fs.writeFile(trustFile, JSON.stringify({ hostname: '127.0.0.1', port: String(sns.port), ca: sns.tlsCert }));
  env = cleanEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SYSTEM_API_KEY: KEY,
    SNS_TOPIC_ARN: TEST_TOPIC_ARN,
    // Writes keep the default limit (60/min per address): the webhook must not be limited (SNS
    // does not retry a 429). Reads are raised for the feed polling below.
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
  });
  service = await startService({ env, port: await freePort(), argv: ['--import', 'tsx', ENTRY, trustFile] });
}, 60_000);

afterAll(async () => {
  await service?.stop('SIGTERM');
  await sns?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const post = async (message: SnsMessage, url = service.url) => {
  const res = await fetch(`${url}/api/webhooks/email-bounce`, { method: 'POST', headers: snsHeaders(message), body: JSON.stringify(message) });
  return { status: res.status, body: (await res.json()) as { status?: string; detail?: string; suppressed?: number } };
};
const feedPage = async (offset: number, headers: Record<string, string> = { 'x-api-key': KEY }) => {
  const res = await fetch(`${service.url}/api/email/suppressions?limit=500&offset=${offset}`, { headers });
  return { status: res.status, body: (await res.json()) as { items: { email: string; count: number }[]; total: number; error?: string } };
};

async function fullFeed(): Promise<{ email: string; count: number }[]> {
  const items: { email: string; count: number }[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await feedPage(offset);
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    if (page.body.items.length < 500) return items;
  }
}

/** Polls the feed until `done` holds (the projector runs asynchronously), or gives up after a generous bound. */
async function feedUntil(done: (items: { email: string; count: number }[]) => boolean): Promise<{ email: string; count: number }[]> {
  for (let i = 0; ; i++) {
    const items = await fullFeed();
    if (done(items) || i >= 600) return items;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function eventsOfStream(): Promise<{ email: string; source: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; source: string }>(
      `SELECT data->>'email' AS email, data->>'source_message_id' AS source FROM es.events WHERE stream_name = 'suppressions' AND event_type = 'EmailSuppressed'`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('through the real server process', () => {
  it('records a genuine bounce, answers a replay as a duplicate, and refuses forged or misdirected messages', async () => {
    const good = sns.notification(sesBounce(['E2E@Example.com']));
    expect(await post(good)).toEqual({ status: 200, body: { status: 'recorded', message_id: good.MessageId, suppressed: 1 } });
    expect(await post(good)).toEqual({ status: 200, body: { status: 'duplicate', message_id: good.MessageId } });

    const cases: [string, SnsMessage, number][] = [
      ['tampered', { ...good, MessageId: 'forged-id', Message: JSON.stringify(sesBounce(['victim@example.com'])) }, 403],
      ['wrong topic', sns.notification(sesBounce(['x@example.com']), { topicArn: 'arn:aws:sns:us-east-1:123456789012:other' }), 403],
      ['redirecting certificate URL', sns.notification(sesBounce(['x@example.com']), { certUrl: `${sns.origin}/moved.pem` }), 403],
      ['http certificate URL', sns.notification(sesBounce(['x@example.com']), { certUrl: sns.certUrl.replace('https:', 'http:') }), 400],
      ['foreign host', sns.notification(sesBounce(['x@example.com']), { certUrl: 'https://sns.us-east-1.amazonaws.com.evil.io/c.pem' }), 400],
    ];
    for (const [name, message, status] of cases) {
      const res = await post(message);
      expect(res.status, name).toBe(status);
      expect(Object.keys(res.body), name).toEqual(['detail']);
    }

    const sub = sns.subscription('SubscriptionConfirmation');
    expect((await post(sub)).body.status).toBe('confirmed');
    expect(sns.confirmations).toContain(sub.Token);

    const items = await feedUntil((list) => list.some((i) => i.email === 'e2e@example.com'));
    expect(items.map((i) => i.email)).toEqual(['e2e@example.com']);
    expect((await eventsOfStream()).map((e) => e.email)).toEqual(['e2e@example.com']);
  });

  it('serves the feed to X-API-Key only: an organization admin bearer token gets 401; DELETE removes', async () => {
    const token = await signDevToken(dataDir, { orgId: 'org_a', userId: 'boss', admin: true });
    const denied = await feedPage(0, { authorization: `Bearer ${token}` });
    expect(denied.status).toBe(401);
    expect(Object.keys(denied.body)).toEqual(['error']);
    const del = await fetch(`${service.url}/api/email/suppressions/e2e%40example.com`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(del.status).toBe(401);
    const ok = await fetch(`${service.url}/api/email/suppressions/E2E%40example.com`, { method: 'DELETE', headers: { 'x-api-key': KEY } });
    expect(ok.status).toBe(204);
    expect((await fullFeed()).map((i) => i.email)).not.toContain('e2e@example.com');
  });

  it('a burst of 1,000 notifications with 10% replays, sent concurrently, loses nothing and duplicates nothing', async () => {
    const originals = Array.from({ length: 900 }, (_, i) => sns.notification(sesBounce([`burst-${i}@example.com`])));
    const replays = originals.filter((_, i) => i % 9 === 0).map((m) => ({ ...m }));
    expect(replays).toHaveLength(100);
    // Shuffled (deterministically), so replays race their originals.
    const all = [...originals, ...replays].map((m, i) => ({ m, k: (i * 7919) % 1000 })).sort((a, b) => a.k - b.k).map((x) => x.m);
    const results: { status: number; body: { status?: string } }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < all.length) {
          const message = all[next++]!;
          results.push(await post(message));
        }
      }),
    );
    expect(results).toHaveLength(1000);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(results.filter((r) => r.body.status === 'recorded')).toHaveLength(900);
    expect(results.filter((r) => r.body.status === 'duplicate')).toHaveLength(100);

    const events = (await eventsOfStream()).filter((e) => e.email.startsWith('burst-'));
    expect(events).toHaveLength(900);
    expect(new Set(events.map((e) => e.email)).size).toBe(900);
    expect(new Set(events.map((e) => e.source))).toEqual(new Set(originals.map((m) => m.MessageId)));

    const feed = await feedUntil((items) => items.filter((i) => i.email.startsWith('burst-')).length >= 900);
    const burst = feed.filter((i) => i.email.startsWith('burst-'));
    expect(burst).toHaveLength(900);
    expect(burst.every((i) => i.count === 1)).toBe(true);
  }, 120_000);

  it('the production entry (bin/sprintguard.js) with the same environment refuses the stand-in', async () => {
    // A start on a loaded machine (the suite's other files run beside it) took more than 30 s once.
    const production = await startService({ env: { ...env, PROJECTOR_ENABLED: 'false', REACTORS_ENABLED: 'false' }, port: await freePort(), timeoutMs: 60_000 });
    try {
      const res = await post(sns.notification(sesBounce(['x@example.com'])), production.url);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/not on an SNS host/);
    } finally {
      await production.stop('SIGTERM');
    }
  }, 90_000);
});
