// Our own SNS message verifier (docs/email-suppressions.md; the npm ones either reject genuine
// UnsubscribeConfirmation messages or hard-code the host rule and ignore the fetch status).
//
// Order of the checks, cheapest and network-free first, so that a forged message never makes us
// fetch anything it names:
//   1. the x-amz-sns-message-type header agrees with Type;
//   2. SignatureVersion is 1 (SHA1withRSA) or 2 (SHA256withRSA);
//   3. TopicArn equals the configured topic (required in production; checked when set elsewhere);
//   4. SigningCertURL passes the URL policy (https, SNS host, .pem);
//   5. the certificate is fetched (no redirect, 200 only, size cap, timeout), cached, in validity;
//   6. the signature over the canonical string verifies with its public key.
// The host rule and the https trust (CA) come from the caller: production passes the AWS rule and
// the system CAs; only the test harness passes others (never an environment variable).
import { verify as verifySignature } from 'node:crypto';
import { canonicalString, digestOf, type SnsMessage } from './sns-message.js';
import { createCertificateCache, SnsCertificateError, type CertificateSource } from './sns-certificates.js';
import { httpsGetNoRedirect, SnsFetchError } from './sns-https.js';
import { AWS_CERTIFICATE_PATH, awsSnsHostRule, checkSnsUrl, SnsUrlError, type SnsHostRule } from './sns-url-policy.js';
import { timingSafeEqualText } from '../crypto/timing-safe.js';

/** What only the test harness may replace. Production uses the defaults. */
export interface SnsTrust {
  hostRule: SnsHostRule;
  /** The path a certificate URL must have; undefined (stand-ins only) → any `.pem` path. */
  certificatePath?: RegExp;
  /** CA certificates (PEM) for the https fetches; undefined → the system's. */
  ca?: string[];
}

export const productionSnsTrust: SnsTrust = { hostRule: awsSnsHostRule, certificatePath: AWS_CERTIFICATE_PATH };

export interface SnsVerifierOptions {
  trust: SnsTrust;
  /** The subscribed topic; undefined → any topic (refused in production by `requireTopic`). */
  topicArn?: string;
  /** Production: a missing topicArn refuses every message. */
  requireTopic: boolean;
  now?: () => number;
  timeoutMs?: number;
  maxCertificateBytes?: number;
  certificateCacheSize?: number;
  certificateCacheMaxAgeMs?: number;
}

/**
 * Why a message was refused. `status`: 400 malformed or not from SNS, 403 not authentic (signature,
 * topic, certificate), 503 not configured or SNS's certificate host failing (SNS retries a 5xx).
 */
export class SnsVerificationError extends Error {
  override readonly name = 'SnsVerificationError';
  constructor(
    readonly status: 400 | 403 | 503,
    message: string,
  ) {
    super(message);
  }
}

export interface SnsVerifier {
  verify(message: SnsMessage, headerType: string | undefined): Promise<void>;
  /** Visits the SubscribeURL of a verified SubscriptionConfirmation, under the same host rule. */
  confirmSubscription(message: SnsMessage): Promise<void>;
  readonly certificates: CertificateSource;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function createSnsVerifier(options: SnsVerifierOptions): SnsVerifier {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const { trust } = options;
  const certificates = createCertificateCache({
    ...(trust.ca ? { ca: trust.ca } : {}),
    timeoutMs,
    maxBytes: options.maxCertificateBytes ?? 16 * 1024,
    maxEntries: options.certificateCacheSize ?? 32,
    maxAgeMs: options.certificateCacheMaxAgeMs ?? 60 * 60 * 1000,
    now,
  });

  return {
    certificates,
    async verify(message, headerType) {
      if (headerType !== message.Type) throw new SnsVerificationError(400, 'x-amz-sns-message-type does not match the message Type');
      const digest = digestOf(message.SignatureVersion);
      if (!digest) throw new SnsVerificationError(400, 'SignatureVersion must be 1 or 2');
      if (options.topicArn === undefined) {
        if (options.requireTopic) throw new SnsVerificationError(503, 'The bounce webhook is not configured (SNS_TOPIC_ARN)');
      } else if (!timingSafeEqualText(message.TopicArn, options.topicArn)) {
        throw new SnsVerificationError(403, 'The message is for another topic');
      }
      let certUrl: URL;
      try {
        certUrl = checkSnsUrl(message.SigningCertURL, 'SigningCertURL', trust.hostRule, {
          pem: true,
          ...(trust.certificatePath ? { certificatePath: trust.certificatePath } : {}),
        });
      } catch (err) {
        if (err instanceof SnsUrlError) throw new SnsVerificationError(400, err.message);
        throw err;
      }
      if (!BASE64.test(message.Signature)) throw new SnsVerificationError(403, 'The message signature is invalid');
      let key;
      try {
        key = await certificates.publicKey(certUrl);
      } catch (err) {
        if (err instanceof SnsCertificateError) throw new SnsVerificationError(err.retryable ? 503 : 403, err.message);
        throw err;
      }
      let valid: boolean;
      try {
        valid = verifySignature(digest, Buffer.from(canonicalString(message), 'utf8'), key, Buffer.from(message.Signature, 'base64'));
      } catch {
        valid = false; // a key type that cannot verify RSA signatures
      }
      if (!valid) throw new SnsVerificationError(403, 'The message signature is invalid');
    },
    async confirmSubscription(message) {
      let url: URL;
      try {
        url = checkSnsUrl(message.SubscribeURL ?? '', 'SubscribeURL', trust.hostRule, { pem: false });
      } catch (err) {
        if (err instanceof SnsUrlError) throw new SnsVerificationError(400, err.message);
        throw err;
      }
      try {
        await httpsGetNoRedirect(url, { ...(trust.ca ? { ca: trust.ca } : {}), timeoutMs, maxBytes: 64 * 1024 });
      } catch (err) {
        if (err instanceof SnsFetchError) throw new SnsVerificationError(err.retryable ? 503 : 400, `SubscribeURL ${err.message}`);
        throw err;
      }
    },
  };
}
