// The SNS verifier against a local HTTPS stand-in serving a per-run signing certificate: genuine
// messages of every type and both signature versions pass; tampered, wrong-topic, redirecting,
// http, foreign-host, expired, missing and oversized certificates fail; the certificate cache is
// bounded and shared; SubscribeURLs are visited under the same host rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnsVerifier, SnsVerificationError, type SnsVerifier } from '../../src/adapters/sns/sns-verifier.js';
import type { SnsMessage } from '../../src/adapters/sns/sns-message.js';
import { sesBounce, startSnsStandIn, TEST_TOPIC_ARN, type SnsStandIn } from '../support/stand-ins/sns-stand-in.js';

let sns: SnsStandIn;
let verifier: SnsVerifier;

beforeAll(async () => {
  sns = await startSnsStandIn();
  verifier = createSnsVerifier({ trust: sns.trust, topicArn: TEST_TOPIC_ARN, requireTopic: true });
});
afterAll(async () => {
  await sns?.close();
});

async function refusal(message: SnsMessage, verifierToUse = verifier, header: string | undefined = message.Type): Promise<SnsVerificationError> {
  try {
    await verifierToUse.verify(message, header);
  } catch (err) {
    if (err instanceof SnsVerificationError) return err;
    throw err;
  }
  throw new Error('the message was accepted');
}

describe('genuine messages', () => {
  it.each(['1', '2'] as const)('accepts a Notification signed with SignatureVersion %s, with and without Subject', async (version) => {
    await verifier.verify(sns.notification(sesBounce(['a@x.io']), { version }), 'Notification');
    await verifier.verify(sns.notification(sesBounce(['a@x.io']), { version, subject: 'Amazon SES Email Event Notification' }), 'Notification');
  });

  it.each(['SubscriptionConfirmation', 'UnsubscribeConfirmation'] as const)('accepts a %s (v1 and v2)', async (type) => {
    await verifier.verify(sns.subscription(type, { version: '1' }), type);
    await verifier.verify(sns.subscription(type, { version: '2' }), type);
  });

  it('fetches a certificate once for many concurrent messages and keeps it', async () => {
    const fresh = createSnsVerifier({ trust: sns.trust, topicArn: TEST_TOPIC_ARN, requireTopic: true });
    await Promise.all(Array.from({ length: 20 }, () => fresh.verify(sns.notification(sesBounce(['a@x.io'])), 'Notification')));
    await fresh.verify(sns.notification(sesBounce(['a@x.io'])), 'Notification');
    expect(fresh.certificates.fetches).toBe(1);
  });

  it('bounds the certificate cache by size and by age', async () => {
    let now = Date.now();
    const small = createSnsVerifier({ trust: sns.trust, topicArn: TEST_TOPIC_ARN, requireTopic: true, certificateCacheSize: 1, certificateCacheMaxAgeMs: 60_000, now: () => now });
    const a = sns.notification(sesBounce(['a@x.io']));
    const b = sns.notification(sesBounce(['a@x.io']), { certUrl: `${sns.certUrl.replace('.pem', '')}.pem?copy=1` });
    await small.verify(a, 'Notification');
    await small.verify(b, 'Notification'); // evicts a's URL
    await small.verify(a, 'Notification');
    expect(small.certificates.fetches).toBe(3);
    now += 61_000;
    await small.verify(a, 'Notification');
    expect(small.certificates.fetches).toBe(4);
  });
});

describe('refused messages', () => {
  it('a tampered Message, MessageId, Subject or Type-specific field', async () => {
    const n = sns.notification(sesBounce(['a@x.io']), { subject: 'S' });
    for (const tampered of [
      { ...n, Message: JSON.stringify(sesBounce(['victim@x.io'])) },
      { ...n, MessageId: 'other' },
      { ...n, Subject: 'T' },
      { ...n, Subject: null },
      { ...n, Timestamp: new Date(0).toISOString() },
    ]) {
      const err = await refusal(tampered);
      expect(err.status).toBe(403);
      expect(err.message).toMatch(/signature is invalid/);
    }
    const s = sns.subscription('SubscriptionConfirmation');
    expect((await refusal({ ...s, SubscribeURL: `${sns.origin}/confirm?Token=evil` })).status).toBe(403);
    expect((await refusal({ ...s, Token: 'evil' })).status).toBe(403);
  });

  it('a message signed by another key, or with a garbage signature', async () => {
    const foreign = sns.sign({ ...sns.notification('x'), Type: 'Notification' }, { key: sns.foreignKey });
    expect((await refusal(foreign)).message).toMatch(/signature is invalid/);
    expect((await refusal({ ...sns.notification('x'), Signature: '!!not base64!!' })).status).toBe(403);
    expect((await refusal({ ...sns.notification('x'), SignatureVersion: '3' })).message).toMatch(/SignatureVersion/);
  });

  it('a wrong topic, before fetching anything', async () => {
    const before = sns.requests.length;
    const err = await refusal(sns.notification('x', { topicArn: 'arn:aws:sns:us-east-1:123456789012:other' }));
    expect(err.status).toBe(403);
    expect(err.message).toMatch(/another topic/);
    expect(sns.requests.length).toBe(before);
  });

  it('without a configured topic: refused when required (production), any topic otherwise', async () => {
    const required = createSnsVerifier({ trust: sns.trust, requireTopic: true });
    expect((await refusal(sns.notification('x'), required)).status).toBe(503);
    await createSnsVerifier({ trust: sns.trust, requireTopic: false }).verify(sns.notification('x', { topicArn: 'arn:aws:sns:eu-west-1:123456789012:any' }), 'Notification');
  });

  it('a message type header that disagrees with Type', async () => {
    const err = await refusal(sns.notification('x'), verifier, 'SubscriptionConfirmation');
    expect(err.status).toBe(400);
    await expect(verifier.verify(sns.notification('x'), undefined)).rejects.toMatchObject({ status: 400 });
  });

  it.each([
    ['a redirecting certificate URL', '/moved.pem', 403, /HTTP 301/],
    ['a missing certificate (404)', '/missing.pem', 403, /HTTP 404/],
    ['an expired certificate', '/expired.pem', 403, /not valid now/],
    ['an oversized certificate body', '/huge.pem', 403, /more than/],
  ])('%s', async (_name, path, status, message) => {
    const err = await refusal(sns.notification('x', { certUrl: `${sns.origin}${path}` }));
    expect(err.status).toBe(status);
    expect(err.message).toMatch(message);
  });

  it('a certificate host that stalls: 503, so SNS retries', async () => {
    const impatient = createSnsVerifier({ trust: sns.trust, topicArn: TEST_TOPIC_ARN, requireTopic: true, timeoutMs: 300 });
    const err = await refusal(sns.notification('x', { certUrl: `${sns.origin}/slow.pem` }), impatient);
    expect(err.status).toBe(503);
    expect(err.message).toMatch(/did not answer/);
  });

  it.each([
    ['an http URL', (o: string) => `${o.replace('https:', 'http:')}/SimpleNotificationService-test.pem`, /https/],
    ['a foreign host', () => 'https://evil.example/SimpleNotificationService-test.pem', /SNS host/],
    ['the right host on another port', (o: string) => `${o.replace(/:\d+$/, ':1')}/SimpleNotificationService-test.pem`, /SNS host/],
    ['a URL not ending in .pem', (o: string) => `${o}/SimpleNotificationService-test.txt`, /\.pem/],
  ])('%s, without fetching it', async (_name, url, message) => {
    const before = sns.requests.length;
    const err = await refusal(sns.notification('x', { certUrl: url(sns.origin) }));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(message);
    expect(sns.requests.length).toBe(before);
  });

  it('the production host rule refuses the stand-in, and the system CAs refuse its certificate', async () => {
    const production = createSnsVerifier({ trust: { hostRule: () => true }, topicArn: TEST_TOPIC_ARN, requireTopic: true });
    expect((await refusal(sns.notification('x'), production)).status).toBe(403);
    const aws = createSnsVerifier({ trust: { hostRule: (u) => /^sns\.[a-z0-9-]+\.amazonaws\.com$/.test(u.hostname) }, topicArn: TEST_TOPIC_ARN, requireTopic: true });
    expect((await refusal(sns.notification('x'), aws)).message).toMatch(/SNS host/);
  });
});

describe('subscription confirmation', () => {
  it('visits the SubscribeURL on the SNS host', async () => {
    const m = sns.subscription('SubscriptionConfirmation');
    await verifier.verify(m, m.Type);
    await verifier.confirmSubscription(m);
    expect(sns.confirmations).toContain(m.Token);
  });

  it('refuses a SubscribeURL off the host rule, over http or redirecting, without visiting it', async () => {
    for (const [url, status] of [
      ['https://evil.example/confirm?Token=x', 400],
      [`${sns.origin.replace('https:', 'http:')}/confirm?Token=x`, 400],
      [`${sns.origin}/confirm-moved?Token=x`, 400],
    ] as const) {
      const m = sns.subscription('SubscriptionConfirmation', { subscribeUrl: url });
      await verifier.verify(m, m.Type); // genuinely signed: the URL rule is what refuses it
      const before = sns.confirmations.length;
      const err = await verifier.confirmSubscription(m).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, url).toBeInstanceOf(SnsVerificationError);
      expect((err as SnsVerificationError).status).toBe(status);
      expect(sns.confirmations.length).toBe(before);
    }
  });
});
