// POST /api/webhooks/email-bounce and the suppression feed through app.inject on the whole app
// (real PostgreSQL event store, projector, read models), with genuinely signed SNS messages whose
// certificate a local HTTPS stand-in serves (trusted only through the test harness's ServiceOptions).
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../src/adapters/event-store.js';
import type { SnsMessage } from '../../src/adapters/sns/sns-message.js';
import { createReplayLedger } from '../../src/adapters/sns/sns-replay-ledger.js';
import { createSnsVerifier } from '../../src/adapters/sns/sns-verifier.js';
import { createSuppressionCommands } from '../../src/commands/suppression.commands.js';
import { suppressionsStreamId } from '../../src/domain/streams.js';
import errorsPlugin from '../../src/http/plugins/errors.js';
import { emailBounceRoutes } from '../../src/http/routes/email-bounce.routes.js';
import { EMAIL_SUPPRESSIONS_PROJECTION } from '../../src/projections/email-suppressions.projection.js';
import { isSuppressed } from '../../src/queries/suppressions.query.js';
import { sesBounce, sesComplaint, snsHeaders, startSnsStandIn, TEST_TOPIC_ARN, type SnsStandIn } from '../support/stand-ins/sns-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const KEY = 'system-key-0123456789abcdef';
let sns: SnsStandIn;
let t: TestApp;

beforeAll(async () => {
  sns = await startSnsStandIn();
  t = await createTestApp({ label: 'email_bounce', env: { SYSTEM_API_KEY: KEY, SNS_TOPIC_ARN: TEST_TOPIC_ARN }, service: { snsTrust: sns.trust } });
});
afterAll(async () => {
  await t?.close();
  await sns?.close();
});

const post = (message: SnsMessage | string, headers: Record<string, string> = typeof message === 'string' ? {} : snsHeaders(message)) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/email-bounce', headers: { 'content-type': 'text/plain; charset=UTF-8', ...headers }, payload: typeof message === 'string' ? message : JSON.stringify(message) });

async function suppressionEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    for await (const e of t.infra.store.readStream(suppressionsStreamId())) events.push(e);
  } catch {
    // no stream yet
  }
  return events;
}

/** The suppressions read model includes the stream's last event (a per-stream read sees every committed event; the global head may trail it). */
async function caughtUp() {
  for await (const last of t.infra.store.readStream(suppressionsStreamId(), { from: 'end', direction: 'backwards', maxCount: 1 })) {
    expect(await t.projector.waitFor(last.position, { projections: [EMAIL_SUPPRESSIONS_PROJECTION], timeoutMs: 10_000 })).toBe(true);
  }
}

const feed = async (query = '') => t.app.inject({ url: `/api/email/suppressions${query}`, headers: { 'x-api-key': KEY } });

describe('POST /api/webhooks/email-bounce', () => {
  it('records each recipient of a bounce as EmailSuppressed on the deployment-wide stream, without diagnostic text or org', async () => {
    const before = (await suppressionEvents()).length;
    const message = sns.notification(sesBounce(['Alice@Example.com', 'bob@example.com'], { subType: 'NoEmail' }));
    const res = await post(message);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'recorded', message_id: message.MessageId, suppressed: 2 });
    const events = (await suppressionEvents()).slice(before);
    expect(events.map((e) => [e.type, (e.data as { email: string }).email])).toEqual([
      ['EmailSuppressed', 'alice@example.com'],
      ['EmailSuppressed', 'bob@example.com'],
    ]);
    expect(events[0]!.data).toMatchObject({ reason: 'bounce', type: 'Permanent', sub_type: 'NoEmail', source_message_id: message.MessageId, at: '2026-11-20T10:00:00.000Z' });
    expect(events[0]!.metadata.org_id).toBeUndefined();
    // The fixture's diagnostic text ("smtp; 550 5.1.1 user unknown (secret-diagnostic-text)") is nowhere.
    expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toMatch(/diagnostic|user unknown/);
  });

  it('answers a replayed MessageId with a duplicate acknowledgement and changes nothing', async () => {
    const message = sns.notification(sesBounce(['replay@example.com']));
    expect((await post(message)).json().status).toBe('recorded');
    const count = (await suppressionEvents()).length;
    for (let i = 0; i < 3; i++) {
      const res = await post(message);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'duplicate', message_id: message.MessageId });
    }
    expect((await suppressionEvents()).length).toBe(count);
  });

  it('records complaints and the eventType (configuration set) form', async () => {
    for (const payload of [sesComplaint(['c1@example.com']), sesComplaint(['c2@example.com'], { eventType: true }), sesBounce(['b2@example.com'], { eventType: true, bounceType: 'Undetermined' })]) {
      const res = await post(sns.notification(payload, { version: '1', subject: 'Amazon SES Email Event Notification' }));
      expect(res.json()).toMatchObject({ status: 'recorded', suppressed: 1 });
    }
    // Polled: the global head read by caughtUp() can trail a just-committed append under load (the
    // store's read horizon), so waiting for it does not prove these rows are projected.
    for (const email of ['C2@example.com', 'b2@example.com']) {
      const deadline = Date.now() + 10_000;
      while (!(await isSuppressed(t.infra.db.knex, email))) {
        if (Date.now() > deadline) throw new Error(`${email} never reached the suppressions read model`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });

  it('acknowledges transient bounces, deliveries and non-SES messages without suppressing', async () => {
    const count = (await suppressionEvents()).length;
    for (const payload of [sesBounce(['soft@example.com'], { bounceType: 'Transient', subType: 'MailboxFull' }), { notificationType: 'Delivery', delivery: {} }, 'hello from the console']) {
      const res = await post(sns.notification(payload));
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('ignored');
    }
    expect((await suppressionEvents()).length).toBe(count);
  });

  it('refuses tampered, wrong-topic, foreign, http, redirecting and stale messages, recording nothing', async () => {
    const count = (await suppressionEvents()).length;
    const good = sns.notification(sesBounce(['target@example.com']));
    const cases: [string, SnsMessage, number][] = [
      ['tampered', { ...good, Message: JSON.stringify(sesBounce(['victim@example.com'])) }, 403],
      ['wrong topic', sns.notification(sesBounce(['x@example.com']), { topicArn: 'arn:aws:sns:us-east-1:123456789012:other' }), 403],
      ['foreign host', sns.notification(sesBounce(['x@example.com']), { certUrl: 'https://sns.us-east-1.amazonaws.com.evil.io/cert.pem' }), 400],
      ['http', sns.notification(sesBounce(['x@example.com']), { certUrl: sns.certUrl.replace('https:', 'http:') }), 400],
      ['redirect', sns.notification(sesBounce(['x@example.com']), { certUrl: `${sns.origin}/moved.pem` }), 403],
      ['expired certificate', sns.notification(sesBounce(['x@example.com']), { certUrl: `${sns.origin}/expired.pem` }), 403],
      ['stale', sns.notification(sesBounce(['x@example.com']), { timestamp: new Date(Date.now() - 73 * 3_600_000) }), 400],
    ];
    for (const [name, message, status] of cases) {
      const res = await post(message);
      expect(res.statusCode, name).toBe(status);
      expect(Object.keys(res.json()), name).toEqual(['detail']);
    }
    expect((await post(good, { ...snsHeaders(good), 'x-amz-sns-message-type': 'SubscriptionConfirmation' })).statusCode).toBe(400);
    expect((await post('{"Type":')).statusCode).toBe(400);
    expect((await post('{}')).json()).toEqual({ detail: 'The SNS message has no Type' });
    expect((await suppressionEvents()).length).toBe(count);
    // The genuine one still goes through afterwards (nothing was put in the ledger by the refusals).
    expect((await post(good)).json().status).toBe('recorded');
  });

  it('confirms a SubscriptionConfirmation by visiting its SubscribeURL, and acknowledges an UnsubscribeConfirmation without visiting', async () => {
    const sub = sns.subscription('SubscriptionConfirmation');
    const res = await post(sub);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'confirmed', message_id: sub.MessageId });
    expect(sns.confirmations).toContain(sub.Token);
    const unsub = sns.subscription('UnsubscribeConfirmation');
    expect((await post(unsub)).json().status).toBe('acknowledged');
    expect(sns.confirmations).not.toContain(unsub.Token);
    const foreign = sns.subscription('SubscriptionConfirmation', { subscribeUrl: 'https://evil.example/confirm' });
    expect((await post(foreign)).statusCode).toBe(400);
  });
});

describe('GET and DELETE /api/email/suppressions', () => {
  it('accept only X-API-Key equal to SYSTEM_API_KEY: no key, a wrong key or an org admin bearer token get 401 { error }', async () => {
    const admin = await t.auth({ orgId: 'org_a', userId: 'boss', admin: true });
    for (const headers of [{}, { 'x-api-key': 'wrong' }, { 'x-api-key': `${KEY}x` }, admin, { ...admin, 'x-api-key': '' }]) {
      for (const [method, url] of [['GET', '/api/email/suppressions'], ['DELETE', '/api/email/suppressions/alice%40example.com']] as const) {
        const res = await t.app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(401);
        expect(Object.keys(res.json())).toEqual(['error']);
      }
    }
  });

  it('lists current suppressions newest first, paginated, without diagnostic text', async () => {
    await caughtUp();
    const res = await feed('?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(2);
    expect(body.limit).toBe(2);
    expect(body.total).toBeGreaterThanOrEqual(6);
    const all = (await feed('?limit=500')).json<{ items: { email: string; last_suppressed_at: string }[] }>();
    const times = all.items.map((i) => i.last_suppressed_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.items.find((i) => i.email === 'alice@example.com')).toEqual({
      email: 'alice@example.com',
      reason: 'bounce',
      type: 'Permanent',
      sub_type: 'NoEmail',
      first_suppressed_at: '2026-11-20T10:00:00.000Z',
      last_suppressed_at: '2026-11-20T10:00:00.000Z',
      count: 1,
    });
    expect(res.body).not.toMatch(/diagnostic|550/);
    expect((await feed('?limit=0')).statusCode).toBe(400);
    expect((await feed('?limit=2&org=x')).statusCode).toBe(400);
  });

  it('DELETE removes a suppressed address (204), then 404; the notifier query follows', async () => {
    expect(await isSuppressed(t.infra.db.knex, 'ALICE@example.com')).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/email/suppressions/Alice%40Example.com', headers: { 'x-api-key': KEY } });
    expect(res.statusCode).toBe(204);
    expect(await isSuppressed(t.infra.db.knex, 'alice@example.com')).toBe(false);
    expect((await feed('?limit=500')).json<{ items: { email: string }[] }>().items.map((i) => i.email)).not.toContain('alice@example.com');
    const again = await t.app.inject({ method: 'DELETE', url: '/api/email/suppressions/alice%40example.com', headers: { 'x-api-key': KEY } });
    expect(again.statusCode).toBe(404);
    expect(Object.keys(again.json())).toEqual(['detail']);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/email/suppressions/not-an-address', headers: { 'x-api-key': KEY } })).statusCode).toBe(400);
    // A new bounce suppresses the address again.
    expect((await post(sns.notification(sesBounce(['alice@example.com'])))).json().status).toBe('recorded');
    await caughtUp();
    expect(await isSuppressed(t.infra.db.knex, 'alice@example.com')).toBe(true);
  });
});

describe('without SYSTEM_API_KEY', () => {
  it('the feed answers 401 { error } whatever the caller sends', async () => {
    const { suppressionRoutes } = await import('../../src/http/routes/suppressions.routes.js');
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(suppressionRoutes, { knex: t.infra.db.knex, commands: createSuppressionCommands({ store: t.infra.store, now: () => new Date() }), systemApiKey: undefined, awaitReadModel: async () => {} });
    for (const headers of [{ 'x-api-key': KEY }, { 'x-api-key': '' }, {}]) {
      const res = await app.inject({ url: '/api/email/suppressions', headers });
      expect(res.statusCode).toBe(401);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
    expect((await app.inject({ method: 'DELETE', url: '/api/email/suppressions/a%40b.io', headers: { 'x-api-key': KEY } })).statusCode).toBe(401);
    await app.close();
  });
});

describe('a failure after verification', () => {
  it('leaves the MessageId out of the ledger, so SNS’s retry records it (and a re-append adds nothing)', async () => {
    const commands = createSuppressionCommands({ store: t.infra.store, now: () => new Date() });
    let failures = 1;
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(emailBounceRoutes, {
      verifier: createSnsVerifier({ trust: sns.trust, topicArn: TEST_TOPIC_ARN, requireTopic: true }),
      ledger: createReplayLedger(t.infra.db.knex, { maxRows: 1000, maxAgeMs: 3_600_000 }),
      commands: {
        ...commands,
        record: async (command, context) => {
          const result = await commands.record(command, context);
          // The events are appended, then the process "fails" before the ledger row.
          if (failures-- > 0) throw new Error('simulated crash after the append');
          return result;
        },
      },
      now: () => new Date(),
    });
    const message = sns.notification(sesBounce(['retry@example.com']));
    const inject = () => app.inject({ method: 'POST', url: '/api/webhooks/email-bounce', headers: snsHeaders(message), payload: JSON.stringify(message) });
    const first = await inject();
    expect(first.statusCode).toBe(500);
    expect(first.json()).toEqual({ detail: 'Internal server error' });
    const retry = await inject();
    expect(retry.json()).toEqual({ status: 'recorded', message_id: message.MessageId, suppressed: 1 });
    expect((await inject()).json().status).toBe('duplicate');
    const mine = (await suppressionEvents()).filter((e) => (e.data as { source_message_id: string }).source_message_id === message.MessageId);
    expect(mine).toHaveLength(1);
    await app.close();
  });
});

describe('in production (NODE_ENV=production)', () => {
  it('refuses every notification while SNS_TOPIC_ARN is unset, and a foreign topic once it is set, before fetching anything', async () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_JWKS_URL: 'https://127.0.0.1:1/.well-known/jwks.json',
      AUTH_ISSUER: 'https://issuer.example',
      AUTH_AUDIENCE: 'sprintguard',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    const before = sns.requests.length;
    for (const [env, status] of [
      [production, 503],
      [{ ...production, SNS_TOPIC_ARN: 'arn:aws:sns:us-east-1:123456789012:other' }, 403],
    ] as const) {
      const prod = await createTestApp({ label: 'email_bounce_prod', env, service: { snsTrust: sns.trust } });
      try {
        const message = sns.notification(sesBounce(['prod@example.com']));
        const res = await prod.app.inject({ method: 'POST', url: '/api/webhooks/email-bounce', headers: snsHeaders(message), payload: JSON.stringify(message) });
        expect(res.statusCode).toBe(status);
        expect(Object.keys(res.json())).toEqual(['detail']);
      } finally {
        await prod.close();
      }
    }
    expect(sns.requests.length).toBe(before);
  });
});
