// The chat webhook signature (docs/chat.md, "Authentication"):
//   X-Service-Timestamp: unix seconds, decimal
//   X-Service-Signature: v1=<hex HMAC-SHA256(secret, "v1:" + timestamp + ":" + org_id + ":" + raw body bytes)>
// The organization id from the URL is inside the signed bytes, so a signature made for one
// organization never authenticates a request to another. The body is the exact bytes received
// (never a re-serialized parse), and the digests are compared in constant time.
import { createHash, createHmac } from 'node:crypto';
import { timingSafeEqualText } from '../adapters/crypto/timing-safe.js';

export const CHAT_TIMESTAMP_HEADER = 'x-service-timestamp';
export const CHAT_SIGNATURE_HEADER = 'x-service-signature';

export interface ChatSignatureInput {
  /** CHAT_WEBHOOK_SIGNING_SECRET; undefined when the server has none (every signature is refused). */
  secret: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  orgId: string;
  body: Buffer;
  /** Current unix time in seconds. */
  nowSeconds: number;
  /** Oldest accepted age, and furthest accepted skew into the future, in seconds. */
  maxAgeSeconds: number;
}

export type ChatSignatureResult =
  | { ok: true; /** Lower-case hex digest, the request's identity for deduplication. */ digest: string }
  | { ok: false; reason: 'not_configured' | 'missing' | 'malformed_timestamp' | 'stale' | 'future' | 'malformed_signature' | 'mismatch' };

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^v1=([0-9a-fA-F]{64})$/;

/** The signed bytes: "v1:<timestamp>:<org id>:" followed by the raw body. */
export function chatSignedBytes(timestamp: string, orgId: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`v1:${timestamp}:${orgId}:`, 'utf8'), body]);
}

/** The header value a sender computes (also used by tests and the documentation's example). */
export function signChatRequest(secret: string, timestamp: string, orgId: string, body: Buffer | string): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return `v1=${createHmac('sha256', secret).update(chatSignedBytes(timestamp, orgId, bytes)).digest('hex')}`;
}

export function verifyChatSignature(input: ChatSignatureInput): ChatSignatureResult {
  if (!input.secret) return { ok: false, reason: 'not_configured' };
  if (input.timestamp === undefined || input.signature === undefined) return { ok: false, reason: 'missing' };
  if (!TIMESTAMP.test(input.timestamp)) return { ok: false, reason: 'malformed_timestamp' };
  const sentAt = Number(input.timestamp);
  if (input.nowSeconds - sentAt > input.maxAgeSeconds) return { ok: false, reason: 'stale' };
  // A timestamp from the future is refused with the same bound: otherwise a request signed "for
  // later" would stay replayable long after the window the sender meant.
  if (sentAt - input.nowSeconds > input.maxAgeSeconds) return { ok: false, reason: 'future' };
  const match = SIGNATURE.exec(input.signature.trim());
  if (!match) return { ok: false, reason: 'malformed_signature' };
  const provided = match[1]!.toLowerCase();
  const expected = signChatRequest(input.secret, input.timestamp, input.orgId, input.body).slice('v1='.length);
  if (!timingSafeEqualText(expected, provided)) return { ok: false, reason: 'mismatch' };
  return { ok: true, digest: provided };
}

/** Messages for the 401 answer; none says which part of a well-formed signature was wrong. */
export const chatSignatureMessages: Record<Exclude<ChatSignatureResult, { ok: true }>['reason'], string> = {
  not_configured: 'Signed chat requests are not accepted: this server has no chat signing secret configured',
  missing: 'Both X-Service-Timestamp and X-Service-Signature are required',
  malformed_timestamp: 'X-Service-Timestamp must be unix time in seconds',
  stale: 'X-Service-Timestamp is too old',
  future: 'X-Service-Timestamp is too far in the future',
  malformed_signature: 'X-Service-Signature must be v1=<hex HMAC-SHA256>',
  mismatch: 'Invalid signature',
};

/**
 * The request's key for deduplication: a retried delivery carries the same signature (and so the
 * same org, timestamp and body). Hashed again so the stream name shows no signature.
 */
export function chatRequestKeyFromSignature(orgId: string, digest: string): string {
  return createHash('sha256').update(`chat-signature\n${orgId}\n${digest}`).digest('hex').slice(0, 40);
}
