// The notifier the composition builds keeps time by the composition's one clock (ServiceOptions.now),
// like every other service: the delivery ledger dates its rows with it. The service is built as
// `serve` builds it, on a real database, posting to a chat stand-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStreamId } from '../../src/domain/streams.js';
import { runEvents, toAppend } from '../support/run-events.js';
import { startChatWebhooksStandIn, type ChatWebhooksStandIn } from '../support/stand-ins/chat-webhooks-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORG = 'org_notifier_clock';
// Six hours ahead of the wall clock: far enough to tell apart, well inside the age past which events
// are not announced (NOTIFY_MAX_EVENT_AGE_MS, 24 h).
const AHEAD_MS = 6 * 3_600_000;
let t: TestApp;
let chat: ChatWebhooksStandIn;

beforeAll(async () => {
  chat = await startChatWebhooksStandIn();
  t = await createTestApp({ label: 'notifier_clock', service: { now: () => new Date(Date.now() + AHEAD_MS) } });
});
afterAll(async () => {
  await t?.close();
  await chat?.close();
});

describe('the composed notifier', () => {
  it("dates its deliveries by the composition's clock", async () => {
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings/notifications', headers: await t.auth({ orgId: ORG, userId: 'ada', admin: true }), payload: { slack_webhook_url: chat.urls.slack } });
    expect(saved.statusCode, saved.body).toBe(200);
    const wallClock = Date.now();
    // A run awaiting approval (the request and the plan, one decision), as the command handler appends it.
    await t.infra.store.append(runStreamId('clock-1'), toAppend(runEvents({ runId: 'clock-1', orgId: ORG }), ORG), { expectedRevision: 'no_stream' });

    const deadline = Date.now() + 20_000;
    while (chat.received('slack').length === 0) {
      if (Date.now() > deadline) throw new Error('no Slack message');
      await new Promise((r) => setTimeout(r, 50));
    }
    let rows: { status: string; settled_at: Date }[] = [];
    while (rows.length === 0 && Date.now() < deadline) {
      rows = await t.infra.db.knex('notification_deliveries').where({ org_id: ORG }).select('status', 'settled_at');
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('delivered');
    expect(rows[0]!.settled_at.getTime()).toBeGreaterThanOrEqual(wallClock + AHEAD_MS);
    expect(rows[0]!.settled_at.getTime()).toBeLessThan(Date.now() + AHEAD_MS + 1_000);
  });
});
