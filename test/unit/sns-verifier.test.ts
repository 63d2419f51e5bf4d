// The pieces of the SNS verifier that need no network: canonical strings, digests, the URL rule,
// SES payload parsing, and the suppression decider.
import { describe, expect, it } from 'vitest';
import { canonicalString, digestOf, parseSnsMessage, SnsMessageError, type SnsMessage } from '../../src/adapters/sns/sns-message.js';
import { AWS_CERTIFICATE_PATH, awsSnsHostRule, checkSnsUrl, SnsUrlError } from '../../src/adapters/sns/sns-url-policy.js';
import { createSnsVerifier, productionSnsTrust, SnsVerificationError } from '../../src/adapters/sns/sns-verifier.js';
import { parseSesFeedback } from '../../src/adapters/sns/ses-notification.js';
import { suppressionDecider } from '../../src/domain/suppression.decider.js';
import { nameBasedUuid } from '../../src/commands/suppression.commands.js';
import { deciderSpec } from '../support/decider-spec.js';

const base = {
  MessageId: 'm-1',
  TopicArn: 'arn:aws:sns:us-east-1:123456789012:t',
  Message: 'line one\nline two',
  Timestamp: '2026-11-23T08:00:00.000Z',
  SignatureVersion: '2',
  Signature: 'c2ln',
  SigningCertURL: 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem',
};

describe('canonical string to sign', () => {
  it('Notification: Message, MessageId, Subject, Timestamp, TopicArn, Type; unsigned fields left out', () => {
    const m: SnsMessage = { ...base, Type: 'Notification', Subject: 'Hello', UnsubscribeURL: 'https://x' };
    expect(canonicalString(m)).toBe(
      'Message\nline one\nline two\nMessageId\nm-1\nSubject\nHello\nTimestamp\n2026-11-23T08:00:00.000Z\nTopicArn\narn:aws:sns:us-east-1:123456789012:t\nType\nNotification\n',
    );
  });

  it('Notification without Subject, or with a null Subject, signs no Subject line', () => {
    const expected = 'Message\nline one\nline two\nMessageId\nm-1\nTimestamp\n2026-11-23T08:00:00.000Z\nTopicArn\narn:aws:sns:us-east-1:123456789012:t\nType\nNotification\n';
    expect(canonicalString({ ...base, Type: 'Notification' })).toBe(expected);
    expect(canonicalString({ ...base, Type: 'Notification', Subject: null })).toBe(expected);
  });

  it.each(['SubscriptionConfirmation', 'UnsubscribeConfirmation'] as const)('%s: Message, MessageId, SubscribeURL, Timestamp, Token, TopicArn, Type', (Type) => {
    const m: SnsMessage = { ...base, Type, Token: 'tok', SubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription' };
    expect(canonicalString(m)).toBe(
      `Message\nline one\nline two\nMessageId\nm-1\nSubscribeURL\nhttps://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription\nTimestamp\n2026-11-23T08:00:00.000Z\nToken\ntok\nTopicArn\narn:aws:sns:us-east-1:123456789012:t\nType\n${Type}\n`,
    );
  });

  it('SignatureVersion 1 is SHA1, 2 is SHA256, anything else is refused', () => {
    expect(digestOf('1')).toBe('sha1');
    expect(digestOf('2')).toBe('sha256');
    expect(digestOf('3')).toBeUndefined();
    expect(digestOf('')).toBeUndefined();
  });
});

describe('parsing the envelope', () => {
  it('accepts a complete message and refuses malformed ones', () => {
    expect(parseSnsMessage(JSON.stringify({ ...base, Type: 'Notification' })).MessageId).toBe('m-1');
    for (const bad of ['not json', '[]', JSON.stringify({ ...base, Type: 'Other' }), JSON.stringify({ ...base, Type: 'Notification', Signature: 5 }), JSON.stringify({ ...base, Type: 'SubscriptionConfirmation' })]) {
      expect(() => parseSnsMessage(bad), bad).toThrow(SnsMessageError);
    }
  });
});

describe('the SNS URL rule', () => {
  const ok = (u: string, pem = true) => checkSnsUrl(u, 'SigningCertURL', awsSnsHostRule, { pem });
  it('accepts https on sns.<region>.amazonaws.com(.cn) ending in .pem', () => {
    expect(ok('https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0123.pem').hostname).toBe('sns.us-east-1.amazonaws.com');
    expect(ok('https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-0123.pem').hostname).toBe('sns.cn-north-1.amazonaws.com.cn');
    expect(ok('https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=x', false).search).toContain('Token');
  });
  it.each([
    ['http', 'http://sns.us-east-1.amazonaws.com/a.pem', /https/],
    ['foreign host', 'https://evil.example/a.pem', /SNS host/],
    ['suffix attack', 'https://sns.us-east-1.amazonaws.com.evil.io/a.pem', /SNS host/],
    ['prefix attack', 'https://evilsns.us-east-1.amazonaws.com/a.pem', /SNS host/],
    ['subdomain', 'https://x.sns.us-east-1.amazonaws.com/a.pem', /SNS host/],
    ['port', 'https://sns.us-east-1.amazonaws.com:8443/a.pem', /SNS host/],
    ['credentials', 'https://u:p@sns.us-east-1.amazonaws.com/a.pem', /credentials/],
    ['not pem', 'https://sns.us-east-1.amazonaws.com/a.txt', /\.pem/],
    ['pem in query only', 'https://sns.us-east-1.amazonaws.com/a?x=.pem', /\.pem/],
    ['garbage', 'not a url', /not a URL/],
  ])('refuses %s', (_name, url, message) => {
    expect(() => ok(url)).toThrow(SnsUrlError);
    expect(() => ok(url)).toThrow(message);
  });
});

describe('the SNS certificate path', () => {
  const cert = (u: string) => checkSnsUrl(u, 'SigningCertURL', awsSnsHostRule, { pem: true, certificatePath: AWS_CERTIFICATE_PATH });
  it('accepts only /SimpleNotificationService-<hex>.pem on the SNS host', () => {
    expect(cert('https://sns.us-east-1.amazonaws.com/SimpleNotificationService-6aad65c2f9911b05cd53efda11f913f9.pem').pathname).toBe(
      '/SimpleNotificationService-6aad65c2f9911b05cd53efda11f913f9.pem',
    );
    for (const path of ['/a.pem', '/x/SimpleNotificationService-abc.pem', '/SimpleNotificationService-xyz.pem', '/SimpleNotificationService-abc.pem?v=1', '/SimpleNotificationService-.pem']) {
      expect(() => cert(`https://sns.us-east-1.amazonaws.com${path}`), path).toThrow(/SimpleNotificationService-<hex>\.pem/);
    }
  });

  it('is what the production verifier checks, before fetching anything', async () => {
    const verifier = createSnsVerifier({ trust: productionSnsTrust, topicArn: base.TopicArn, requireTopic: true });
    const message: SnsMessage = { ...base, Type: 'Notification', SigningCertURL: 'https://sns.us-east-1.amazonaws.com/any-path-1.pem' };
    const error = await verifier.verify(message, 'Notification').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SnsVerificationError);
    expect((error as Error).message).toMatch(/SimpleNotificationService-<hex>\.pem/);
  });
});

describe('SES feedback', () => {
  it('reads bounces and complaints in both notificationType and eventType forms, without diagnostic text', () => {
    const bounce = { bounce: { bounceType: 'Permanent', bounceSubType: 'NoEmail', bouncedRecipients: [{ emailAddress: 'A@x.io', diagnosticCode: 'smtp; 550 secret' }], timestamp: '2026-11-20T10:00:00Z' } };
    for (const key of ['notificationType', 'eventType']) {
      const r = parseSesFeedback(JSON.stringify({ [key]: 'Bounce', ...bounce }));
      expect(r).toEqual({ ok: true, feedback: { kind: 'bounce', type: 'Permanent', subType: 'NoEmail', recipients: ['A@x.io'], at: '2026-11-20T10:00:00.000Z' } });
      expect(JSON.stringify(r)).not.toContain('secret');
      const c = parseSesFeedback(JSON.stringify({ [key]: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'b@x.io' }], complaintFeedbackType: 'abuse' } }));
      expect(c).toEqual({ ok: true, feedback: { kind: 'complaint', type: 'abuse', subType: null, recipients: ['b@x.io'], at: undefined } });
    }
    expect(parseSesFeedback(JSON.stringify({ notificationType: 'Delivery', delivery: {} })).ok).toBe(false);
    expect(parseSesFeedback('plain text').ok).toBe(false);
  });
});

describe('suppression decider', () => {
  const spec = deciderSpec(suppressionDecider);
  const at = new Date('2026-11-20T10:00:00Z');
  const record = (recipients: string[]) =>
    ({ type: 'RecordSuppressions', reason: 'bounce', kindType: 'Permanent', subType: 'General', recipients, sourceMessageId: 'm-1', at }) as const;
  const suppressed = (email: string) => ({
    type: 'EmailSuppressed' as const,
    data: { email, reason: 'bounce' as const, type: 'Permanent', sub_type: 'General', source_message_id: 'm-1', at: at.toISOString() },
  });

  it('records each plausible recipient once, lower-cased, whatever the state', () => {
    spec.given([]).when(record(['A@X.io', 'a@x.io ', 'not-an-address', 'b@x.io'])).then([suppressed('a@x.io'), suppressed('b@x.io')]);
    spec.given([suppressed('a@x.io')]).when(record(['a@x.io'])).then([suppressed('a@x.io')]);
  });

  it('removes a suppressed address (any case) and refuses an unknown one with 404', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    spec.given([suppressed('a@x.io')]).when({ type: 'RemoveSuppression', email: 'A@X.IO', now }).then([{ type: 'EmailSuppressionRemoved', data: { email: 'a@x.io', at: now.toISOString() } }]);
    spec.given([]).when({ type: 'RemoveSuppression', email: 'a@x.io', now }).thenFails('not_found');
    spec
      .given([suppressed('a@x.io'), { type: 'EmailSuppressionRemoved', data: { email: 'a@x.io', at: now.toISOString() } }])
      .when({ type: 'RemoveSuppression', email: 'a@x.io', now })
      .thenFails('not_found');
  });

  it('derives the same event id from the same message and address, a version-5 uuid', () => {
    expect(nameBasedUuid('sns:m-1:a@x.io')).toBe(nameBasedUuid('sns:m-1:a@x.io'));
    expect(nameBasedUuid('sns:m-1:a@x.io')).not.toBe(nameBasedUuid('sns:m-2:a@x.io'));
    expect(nameBasedUuid('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
