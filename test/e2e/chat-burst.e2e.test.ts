// A burst of 1,000 signed chat requests against the real server, about 10 % of them exact replays
// of another request of the burst (some arriving while the original is still in flight), plus
// retries after the burst: every request is answered, replays with their original's answer, and
// exactly one event is recorded per distinct request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_HELP } from '../../src/domain/chat.answers.js';
import { deliver, recordedChatEvents, signedDelivery, type ChatDelivery } from '../support/chat-client.js';
import { ORG, startRunHarness, type RunHarness } from '../support/run-harness.js';

const SECRET = 'burst-chat-signing-secret';
const TOTAL = 1_000;
const REPLAYS = 100;
const IN_FLIGHT = 100;
let h: RunHarness;

beforeAll(async () => {
  // The limiter keys public routes by client address: this test is one address sending 1,000 writes.
  h = await startRunHarness('chat_burst', { CHAT_WEBHOOK_SIGNING_SECRET: SECRET, RATE_LIMIT_WRITES_PER_MINUTE: '100000', LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await h?.close();
});

/** A deterministic shuffle (no Math.random: a failure must be reproducible). */
function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('chat burst', () => {
  it('answers 1,000 requests (10 % replays) once each and records exactly one event per distinct request', async () => {
    const originals: { user: string; text: string; delivery: ChatDelivery }[] = [];
    for (let i = 0; i < TOTAL - REPLAYS; i++) {
      const user = `burst-user-${i}`;
      const text = i % 2 === 0 ? 'help' : 'status';
      originals.push({ user, text, delivery: signedDelivery(h.service.url, SECRET, ORG, { text, user, channel: 'burst' }) });
    }
    // Replays: the very same delivery object (same timestamp, body and signature) sent again.
    const sends = shuffle([
      ...originals.map((o, index) => ({ index, replay: false })),
      ...Array.from({ length: REPLAYS }, (_, k) => ({ index: (k * 9) % originals.length, replay: true })),
    ]);

    const answers: { index: number; replay: boolean; status: number; text: string }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < sends.length) {
        const send = sends[next++]!;
        const res = await deliver(originals[send.index]!.delivery);
        answers.push({ ...send, status: res.status, text: res.text });
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    expect(answers).toHaveLength(TOTAL);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const byIndex = new Map<number, string>();
    for (const a of answers.filter((x) => !x.replay)) byIndex.set(a.index, a.text);
    expect(byIndex.size).toBe(originals.length);
    for (const [index, text] of byIndex) {
      if (originals[index]!.text === 'help') expect(text).toBe(CHAT_HELP);
      else expect(text).toBe('No runs yet.\nNothing waits for approval.');
    }
    // A replay answers exactly what its original answered.
    for (const a of answers.filter((x) => x.replay)) expect(a.text).toBe(byIndex.get(a.index));

    // Retries after the burst: answered again, nothing new recorded.
    for (const o of originals.slice(0, 20)) expect((await deliver(o.delivery)).status).toBe(200);

    const events = await recordedChatEvents(h.databaseUrl);
    expect(events).toHaveLength(originals.length);
    expect(new Set(events.map((e) => e.stream_name)).size).toBe(originals.length);
    expect(new Set(events.map((e) => e.data.user))).toEqual(new Set(originals.map((o) => o.user)));
  }, 120_000);
});
