// The chat adapters against stand-ins speaking each product's wire format: one call is one attempt,
// and its outcome says whether a retry is safe (429, 5xx, a connection never opened) and how long the
// vendor asked to wait; nothing else is retried, and no outcome ever contains the webhook URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordChannel } from '../../src/adapters/chat/discord.js';
import { createSlackChannel } from '../../src/adapters/chat/slack.js';
import { createTeamsChannel } from '../../src/adapters/chat/teams.js';
import { assertWebhookUrlAllowed } from '../../src/adapters/chat/webhook-url.js';
import type { Notification } from '../../src/domain/notification.message.js';
import { startChatWebhooksStandIn, type ChatWebhooksStandIn } from '../support/stand-ins/chat-webhooks-stand-in.js';
import { freePort } from '../support/service-process.js';

let chat: ChatWebhooksStandIn;
beforeAll(async () => {
  chat = await startChatWebhooksStandIn();
});
afterAll(async () => {
  await chat?.close();
});
beforeEach(() => {
  chat.clear();
});

const n: Notification = {
  kind: 'run_awaiting_approval',
  org_id: 'org_a',
  title: 'Actions awaiting approval: jira ENG',
  summary: '2 planned actions of a run await approval.',
  facts: [
    { name: 'Project', value: 'jira ENG' },
    { name: 'Awaiting approval', value: '2' },
  ],
  link_path: '/api/runs/run-1/actions',
};

const secretOf = (url: string) => url.split('/').pop()!.split('=').pop()!;

describe('Slack incoming webhook', () => {
  it('posts Block Kit with a text fallback; 200 "ok" is delivered', async () => {
    expect(await createSlackChannel(chat.urls.slack).send(n)).toEqual({ ok: true });
    const [req] = chat.requests;
    expect(req).toMatchObject({ product: 'slack', status: 200, contentType: 'application/json; charset=utf-8' });
    expect(req!.body).toMatchObject({ text: expect.stringContaining('Actions awaiting approval'), blocks: [{ type: 'header' }, { type: 'section' }, { type: 'section' }, { type: 'context' }] });
  });

  it('429 is retryable with the Retry-After hint; a plain-text error code is final and names the code, not the URL', async () => {
    chat.failNext('slack', 1, 429, { retryAfter: '3' });
    const limited = await createSlackChannel(chat.urls.slack).send(n);
    expect(limited).toMatchObject({ ok: false, retryable: true, retryAfterMs: 3000 });
    chat.failNext('slack', 1, 404);
    const gone = await createSlackChannel(chat.urls.slack).send(n);
    expect(gone).toMatchObject({ ok: false, retryable: false });
    expect(!gone.ok && gone.message).toContain('channel_not_found');
    expect(JSON.stringify([limited, gone])).not.toContain(secretOf(chat.urls.slack));
  });
});

describe('Teams Workflows webhook', () => {
  it('posts a message with one Adaptive Card; 202 Accepted is delivered', async () => {
    expect(await createTeamsChannel(chat.urls.teams).send(n)).toEqual({ ok: true });
    expect(chat.requests[0]).toMatchObject({ status: 202 });
    expect(chat.requests[0]!.body).toMatchObject({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', body: [{ type: 'TextBlock', text: n.title }, {}, { type: 'FactSet' }, {}] } }],
    });
  });

  it('5xx is retryable', async () => {
    chat.failNext('teams', 1, 502);
    expect(await createTeamsChannel(chat.urls.teams).send(n)).toMatchObject({ ok: false, retryable: true });
  });
});

describe('Discord webhook', () => {
  it('posts content and an embed without mentions; 204 is delivered', async () => {
    expect(await createDiscordChannel(chat.urls.discord).send(n)).toEqual({ ok: true });
    expect(chat.requests[0]).toMatchObject({ status: 204 });
    expect(chat.requests[0]!.body).toMatchObject({ content: n.title, allowed_mentions: { parse: [] }, embeds: [{ title: n.title }] });
  });

  it('a 429 is waited out by the JSON retry_after (seconds), preferred to the header', async () => {
    chat.failNext('discord', 1, 429, { retryAfterBody: 0.25, retryAfter: '1' });
    expect(await createDiscordChannel(chat.urls.discord).send(n)).toMatchObject({ ok: false, retryable: true, retryAfterMs: 250 });
    chat.failNext('discord', 1, 404);
    expect(await createDiscordChannel(chat.urls.discord).send(n)).toMatchObject({ ok: false, retryable: false, message: expect.stringContaining('Unknown Webhook') });
  });
});

describe('connection failures', () => {
  it('a refused connection is retryable (nothing was sent); a timeout is not (the post may have landed)', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/services/T/B/x`;
    expect(await createSlackChannel(closed).send(n)).toMatchObject({ ok: false, retryable: true, message: expect.stringContaining('ECONNREFUSED') });

    const silent = http.createServer(() => undefined); // takes the request, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/services/T/B/x`;
      const out = await createSlackChannel(url, { timeoutMs: 300 }).send(n);
      expect(out).toMatchObject({ ok: false, retryable: false, message: expect.stringContaining('may have been delivered') });
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });
});

describe('webhook URL policy', () => {
  it('in production: https on each product’s own hosts only', () => {
    expect(() => assertWebhookUrlAllowed('slack', 'https://hooks.slack.com/services/T/B/x', false)).not.toThrow();
    expect(() => assertWebhookUrlAllowed('discord', 'https://discord.com/api/webhooks/1/tok', false)).not.toThrow();
    expect(() => assertWebhookUrlAllowed('teams', 'https://prod-12.westeurope.logic.azure.com/workflows/abc', false)).not.toThrow();
    expect(() => assertWebhookUrlAllowed('slack', 'https://evil.example.com/services/x', false)).toThrow(/hooks.slack.com/);
    expect(() => assertWebhookUrlAllowed('discord', 'https://discord.com/channels/1', false)).toThrow(/api\/webhooks/);
    expect(() => assertWebhookUrlAllowed('teams', 'http://prod.logic.azure.com/x', false)).toThrow(/https/);
    expect(() => assertWebhookUrlAllowed('slack', chat.urls.slack, false)).toThrow();
  });

  it('with private URLs allowed (development, tests): local stand-ins', () => {
    expect(() => assertWebhookUrlAllowed('slack', chat.urls.slack, true)).not.toThrow();
  });
});
