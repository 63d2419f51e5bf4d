// The SNS HTTP(S) envelope: parsing the raw body (SNS posts JSON as text/plain) and the canonical
// string to sign, per type (docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html).
// Pure: no I/O.

export type SnsMessageType = 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

export interface SnsMessage {
  Type: SnsMessageType;
  MessageId: string;
  TopicArn: string;
  Subject?: string | null;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  UnsubscribeURL?: string;
  Token?: string;
  SubscribeURL?: string;
}

/** A body that is not an SNS message: the caller is at fault (400). */
export class SnsMessageError extends Error {
  override readonly name = 'SnsMessageError';
}

// Keys signed per type, in the byte order AWS documents. UnsubscribeConfirmation uses the same keys
// as SubscriptionConfirmation (one npm verifier gets this wrong and rejects genuine messages).
const SIGNED_KEYS: Record<SnsMessageType, readonly (keyof SnsMessage)[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

const TYPES = new Set<string>(Object.keys(SIGNED_KEYS));
const REQUIRED = ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL'] as const;
const MAX_MESSAGE_ID = 128;

export function isSnsMessageType(value: unknown): value is SnsMessageType {
  return typeof value === 'string' && TYPES.has(value);
}

/** Parses and shape-checks the raw request body. Throws SnsMessageError naming the problem. */
export function parseSnsMessage(raw: string): SnsMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new SnsMessageError('The body is not a JSON SNS message');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SnsMessageError('The body is not a JSON SNS message');
  const m = parsed as Record<string, unknown>;
  for (const key of REQUIRED) {
    if (typeof m[key] !== 'string' || m[key] === '') throw new SnsMessageError(`The SNS message has no ${key}`);
  }
  if (!isSnsMessageType(m.Type)) throw new SnsMessageError('The SNS message Type is not supported');
  if ((m.MessageId as string).length > MAX_MESSAGE_ID) throw new SnsMessageError('The SNS MessageId is too long');
  for (const key of ['UnsubscribeURL', 'Token', 'SubscribeURL'] as const) {
    if (m[key] !== undefined && typeof m[key] !== 'string') throw new SnsMessageError(`The SNS message ${key} is not a string`);
  }
  if (m.Subject !== undefined && m.Subject !== null && typeof m.Subject !== 'string') throw new SnsMessageError('The SNS message Subject is not a string');
  if (m.Type !== 'Notification') {
    for (const key of ['Token', 'SubscribeURL'] as const) {
      if (typeof m[key] !== 'string' || m[key] === '') throw new SnsMessageError(`The SNS ${m.Type} has no ${key}`);
    }
  }
  return m as unknown as SnsMessage;
}

/**
 * The string SNS signed: for each signed key of the type, in order, `Key\nValue\n`. Values are the
 * JSON-decoded strings. Subject is signed only when present and not null.
 */
export function canonicalString(message: SnsMessage): string {
  const keys = SIGNED_KEYS[message.Type];
  let out = '';
  for (const key of keys) {
    const value = message[key];
    if (key === 'Subject' && (value === undefined || value === null)) continue;
    if (typeof value !== 'string') throw new SnsMessageError(`The SNS message has no ${key}`);
    out += `${key}\n${value}\n`;
  }
  return out;
}

/** SignatureVersion → digest: 1 is SHA1withRSA, 2 is SHA256withRSA; anything else is refused. */
export function digestOf(signatureVersion: string): 'sha1' | 'sha256' | undefined {
  return signatureVersion === '1' ? 'sha1' : signatureVersion === '2' ? 'sha256' : undefined;
}
