// SNS stand-in for tests: a local HTTPS server (certificate generated per run, trusted only by the
// verifier the test harness builds) serving SNS signing certificates and SubscribeURLs, plus a
// signer producing genuinely signed SNS messages (docs/email-suppressions.md). No key is committed.
import { randomUUID, sign } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { canonicalString, type SnsMessage, type SnsMessageType } from '../../../src/adapters/sns/sns-message.js';
import type { SnsTrust } from '../../../src/adapters/sns/sns-verifier.js';

export const TEST_TOPIC_ARN = 'arn:aws:sns:us-east-1:123456789012:ses-feedback';

export interface SnsStandIn {
  /** https://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** The TLS certificate of the stand-in (PEM), to trust in the verifier. */
  tlsCert: string;
  /** Trust for the verifier: this host and port only, this CA only. */
  trust: SnsTrust;
  certUrl: string;
  /** Requests served, by path (with query). */
  requests: string[];
  confirmations: string[];
  /** Signs a message with the stand-in's signing key (or another one). */
  sign(fields: UnsignedMessage, options?: { version?: '1' | '2'; key?: string; certUrl?: string }): SnsMessage;
  notification(message: unknown, options?: { messageId?: string; topicArn?: string; version?: '1' | '2'; subject?: string | null; timestamp?: Date; certUrl?: string }): SnsMessage;
  subscription(type: Exclude<SnsMessageType, 'Notification'>, options?: { subscribeUrl?: string; topicArn?: string; version?: '1' | '2' }): SnsMessage;
  /** Another key, whose signatures must fail against the served certificate. */
  foreignKey: string;
  close(): Promise<void>;
}

export type UnsignedMessage = Omit<SnsMessage, 'Signature' | 'SigningCertURL' | 'SignatureVersion'>;

export async function startSnsStandIn(): Promise<SnsStandIn> {
  const day = 24 * 3600 * 1000;
  const [tls, signing, expired, foreign] = await Promise.all([
    generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }],
    }),
    generate([{ name: 'commonName', value: 'sns.amazonaws.com' }], { keySize: 2048, algorithm: 'sha256' }),
    generate([{ name: 'commonName', value: 'sns.amazonaws.com' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate: new Date(Date.now() - 30 * day),
      notAfterDate: new Date(Date.now() - day),
    }),
    generate([{ name: 'commonName', value: 'impostor' }], { keySize: 2048, algorithm: 'sha256' }),
  ]);
  const requests: string[] = [];
  const confirmations: string[] = [];
  const server = https.createServer({ key: tls.private, cert: tls.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://stand-in');
    requests.push(url.pathname + url.search);
    switch (url.pathname) {
      case '/SimpleNotificationService-test.pem':
        res.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(signing.cert);
        return;
      case '/expired.pem':
        res.writeHead(200).end(expired.cert);
        return;
      case '/moved.pem':
        res.writeHead(301, { location: '/SimpleNotificationService-test.pem' }).end();
        return;
      case '/slow.pem':
        // Headers and one byte, then nothing: only the verifier's deadline ends it.
        res.writeHead(200).write('-');
        return;
      case '/huge.pem':
        res.writeHead(200).end('x'.repeat(64 * 1024));
        return;
      case '/confirm':
        confirmations.push(url.searchParams.get('Token') ?? '');
        res.writeHead(200, { 'content-type': 'text/xml' }).end('<ConfirmSubscriptionResponse/>');
        return;
      case '/confirm-moved':
        res.writeHead(302, { location: '/confirm' }).end();
        return;
      default:
        res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  const certUrl = `${origin}/SimpleNotificationService-test.pem`;

  const signMessage: SnsStandIn['sign'] = (fields, options = {}) => {
    const version = options.version ?? '2';
    const unsigned = { ...fields, SignatureVersion: version, SigningCertURL: options.certUrl ?? certUrl, Signature: '' } as SnsMessage;
    const signature = sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(canonicalString(unsigned), 'utf8'), options.key ?? signing.private).toString('base64');
    return { ...unsigned, Signature: signature };
  };

  return {
    origin,
    port,
    tlsCert: tls.cert,
    trust: { hostRule: (url) => url.hostname === '127.0.0.1' && url.port === String(port), ca: [tls.cert] },
    certUrl,
    requests,
    confirmations,
    foreignKey: foreign.private,
    sign: signMessage,
    notification(message, options = {}) {
      const messageId = options.messageId ?? randomUUID();
      return signMessage(
        {
          Type: 'Notification',
          MessageId: messageId,
          TopicArn: options.topicArn ?? TEST_TOPIC_ARN,
          ...(options.subject !== undefined ? { Subject: options.subject } : {}),
          Message: typeof message === 'string' ? message : JSON.stringify(message),
          Timestamp: (options.timestamp ?? new Date()).toISOString(),
          UnsubscribeURL: `${origin}/?Action=Unsubscribe&SubscriptionArn=${TEST_TOPIC_ARN}:sub`,
        },
        { ...(options.version ? { version: options.version } : {}), ...(options.certUrl ? { certUrl: options.certUrl } : {}) },
      );
    },
    subscription(type, options = {}) {
      const token = randomUUID().replace(/-/g, '');
      return signMessage(
        {
          Type: type,
          MessageId: randomUUID(),
          TopicArn: options.topicArn ?? TEST_TOPIC_ARN,
          Message: `You have chosen to subscribe to the topic ${options.topicArn ?? TEST_TOPIC_ARN}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
          Timestamp: new Date().toISOString(),
          Token: token,
          SubscribeURL: options.subscribeUrl ?? `${origin}/confirm?Action=ConfirmSubscription&Token=${token}`,
        },
        { ...(options.version ? { version: options.version } : {}) },
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An SES bounce notification (identity-notification form unless `eventType`). */
export function sesBounce(recipients: string[], options: { bounceType?: string; subType?: string; eventType?: boolean; diagnostic?: string } = {}) {
  return {
    [options.eventType ? 'eventType' : 'notificationType']: 'Bounce',
    bounce: {
      bounceType: options.bounceType ?? 'Permanent',
      bounceSubType: options.subType ?? 'General',
      bouncedRecipients: recipients.map((emailAddress) => ({
        emailAddress,
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: options.diagnostic ?? 'smtp; 550 5.1.1 user unknown (secret-diagnostic-text)',
      })),
      timestamp: '2026-11-20T10:00:00.000Z',
      feedbackId: randomUUID(),
      reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
    },
    mail: { timestamp: '2026-11-20T09:59:59.000Z', messageId: randomUUID(), source: 'noreply@sprintguard.example', destination: recipients },
  };
}

export function sesComplaint(recipients: string[], options: { eventType?: boolean; feedbackType?: string } = {}) {
  return {
    [options.eventType ? 'eventType' : 'notificationType']: 'Complaint',
    complaint: {
      complainedRecipients: recipients.map((emailAddress) => ({ emailAddress })),
      timestamp: '2026-11-21T08:00:00.000Z',
      feedbackId: randomUUID(),
      complaintFeedbackType: options.feedbackType ?? 'abuse',
      userAgent: 'ExampleCorp Feedback Loop (V0.01)',
    },
    mail: { timestamp: '2026-11-21T07:59:00.000Z', messageId: randomUUID(), source: 'noreply@sprintguard.example', destination: recipients },
  };
}

/** The headers SNS sends with a message. */
export function snsHeaders(message: SnsMessage): Record<string, string> {
  return {
    'content-type': 'text/plain; charset=UTF-8',
    'x-amz-sns-message-type': message.Type,
    'x-amz-sns-message-id': message.MessageId,
    'x-amz-sns-topic-arn': message.TopicArn,
  };
}
