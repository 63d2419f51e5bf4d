// The chat webhook signature (docs/chat.md): what is accepted and every rejection.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chatRequestKeyFromSignature, signChatRequest, verifyChatSignature, type ChatSignatureInput } from '../../src/http/chat-signature.js';

const SECRET = 'chat-signing-secret';
const NOW = 1_800_000_000;
const ORG = 'org_chat';
const BODY = Buffer.from('{"text":"status"}');

const input = (overrides: Partial<ChatSignatureInput> = {}): ChatSignatureInput => {
  const timestamp = overrides.timestamp ?? String(NOW);
  return {
    secret: SECRET,
    timestamp,
    signature: signChatRequest(SECRET, timestamp, ORG, BODY),
    orgId: ORG,
    body: BODY,
    nowSeconds: NOW,
    maxAgeSeconds: 300,
    ...overrides,
  };
};

describe('chat signature', () => {
  it('is HMAC-SHA256 over "v1:" + timestamp + ":" + org id + ":" + raw body, hex, prefixed v1=', () => {
    const expected = createHmac('sha256', SECRET).update(`v1:${NOW}:${ORG}:{"text":"status"}`).digest('hex');
    expect(signChatRequest(SECRET, String(NOW), ORG, BODY)).toBe(`v1=${expected}`);
    expect(verifyChatSignature(input())).toEqual({ ok: true, digest: expected });
  });

  it('accepts upper-case hex and the edges of the window', () => {
    const sig = input().signature!;
    expect(verifyChatSignature(input({ signature: `v1=${sig.slice(3).toUpperCase()}` })).ok).toBe(true);
    for (const ts of [NOW - 300, NOW + 300]) {
      expect(verifyChatSignature(input({ timestamp: String(ts), signature: signChatRequest(SECRET, String(ts), ORG, BODY) })).ok).toBe(true);
    }
  });

  it('refuses everything when the server has no secret', () => {
    expect(verifyChatSignature(input({ secret: undefined }))).toEqual({ ok: false, reason: 'not_configured' });
    expect(verifyChatSignature(input({ secret: '' }))).toEqual({ ok: false, reason: 'not_configured' });
  });

  it('refuses a missing header', () => {
    expect(verifyChatSignature(input({ timestamp: undefined }))).toMatchObject({ reason: 'missing' });
    expect(verifyChatSignature(input({ signature: undefined }))).toMatchObject({ reason: 'missing' });
  });

  it('refuses an old timestamp and one too far in the future', () => {
    const at = (ts: number) => input({ timestamp: String(ts), signature: signChatRequest(SECRET, String(ts), ORG, BODY) });
    expect(verifyChatSignature(at(NOW - 301))).toMatchObject({ ok: false, reason: 'stale' });
    expect(verifyChatSignature(at(NOW + 301))).toMatchObject({ ok: false, reason: 'future' });
    expect(verifyChatSignature({ ...at(NOW - 1000), maxAgeSeconds: 1200 }).ok).toBe(true);
  });

  it('refuses a timestamp that is not unix seconds', () => {
    for (const ts of ['', '-5', '1.5', '1e9', ' 1800000000', '2026-11-23T08:00:00Z', '9'.repeat(13)]) {
      expect(verifyChatSignature(input({ timestamp: ts, signature: signChatRequest(SECRET, ts, ORG, BODY) }))).toMatchObject({ reason: 'malformed_timestamp' });
    }
  });

  it('refuses a malformed signature header', () => {
    const hex = input().signature!.slice(3);
    for (const sig of [hex, `v0=${hex}`, `v1=${hex.slice(1)}`, `v1=${hex}00`, `v1=${'z'.repeat(64)}`, '']) {
      expect(verifyChatSignature(input({ signature: sig }))).toMatchObject({ reason: 'malformed_signature' });
    }
  });

  it('refuses a signature made for another organization', () => {
    const forOther = signChatRequest(SECRET, String(NOW), 'org_other', BODY);
    expect(verifyChatSignature(input({ signature: forOther }))).toMatchObject({ reason: 'mismatch' });
  });

  it('refuses any changed body byte, a changed timestamp and another secret', () => {
    for (let i = 0; i < BODY.length; i++) {
      const changed = Buffer.from(BODY);
      changed[i] = changed[i]! ^ 0x01;
      expect(verifyChatSignature(input({ body: changed })), `byte ${i}`).toMatchObject({ reason: 'mismatch' });
    }
    expect(verifyChatSignature(input({ body: Buffer.concat([BODY, Buffer.from(' ')]) }))).toMatchObject({ reason: 'mismatch' });
    expect(verifyChatSignature(input({ signature: input().signature, timestamp: String(NOW - 1) }))).toMatchObject({ reason: 'mismatch' });
    expect(verifyChatSignature(input({ signature: signChatRequest('another-secret', String(NOW), ORG, BODY) }))).toMatchObject({ reason: 'mismatch' });
  });

  it('derives one request key per signature and organization', () => {
    const digest = 'ab'.repeat(32);
    expect(chatRequestKeyFromSignature(ORG, digest)).toBe(chatRequestKeyFromSignature(ORG, digest));
    expect(chatRequestKeyFromSignature(ORG, digest)).not.toBe(chatRequestKeyFromSignature('org_other', digest));
    expect(chatRequestKeyFromSignature(ORG, digest)).toMatch(/^[0-9a-f]{40}$/);
    expect(chatRequestKeyFromSignature(ORG, digest)).not.toContain(digest.slice(0, 16));
  });
});
