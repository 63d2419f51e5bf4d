// Notifications end to end (docs/notifications.md): the real server process (`serve`, whose workers
// include the notifier), real PostgreSQL, a Jira stand-in, chat webhook stand-ins and a real SMTP server
// (STARTTLS, certificate made for this run and trusted through SMTP_CA_FILE). A run awaiting
// approval produces one message per channel; a broken channel (Discord answering 404) is recorded
// and does not hold back the run, whose completion is announced as well; no webhook secret reaches
// the logs. An address on the suppression list (a bounce recorded on the `suppressions` stream) gets
// no e-mail: the server's notifier reads the suppressions read model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/adapters/postgres/database.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { suppressionsStreamId } from '../../src/domain/streams.js';
import { startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';
import { startChatWebhooksStandIn, type ChatWebhooksStandIn } from '../support/stand-ins/chat-webhooks-stand-in.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { decodeQuotedPrintable, startSmtpStandIn, type SmtpStandIn } from '../support/stand-ins/smtp-stand-in.js';

let h: RunHarness;
let jira: JiraStandIn;
let chat: ChatWebhooksStandIn;
let smtp: SmtpStandIn;
const SYSTEM_API_KEY = 'e2e-system-key-0123456789';

beforeAll(async () => {
  [jira, chat, smtp] = await Promise.all([startJiraStandIn(), startChatWebhooksStandIn(), startSmtpStandIn({ mode: 'starttls' })]);
  h = await startRunHarness('notifications_e2e', {
    SMTP_HOST: smtp.host,
    SMTP_PORT: String(smtp.port),
    SMTP_TLS: 'starttls',
    SMTP_USER: smtp.user,
    SMTP_PASSWORD: smtp.password,
    SMTP_FROM: 'Sprintguard <sprintguard@example.test>',
    SMTP_CA_FILE: smtp.caFile,
    NOTIFY_LINK_BASE_URL: 'https://sprintguard.example.test',
    SYSTEM_API_KEY,
  });
  const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['NTF'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await h.call('PUT', '/api/org/settings', { write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await Promise.all([jira?.close(), chat?.close(), smtp?.close()]);
});

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A bounce as the SNS webhook records it, appended straight to the deployment-wide stream. */
async function recordBounce(email: string): Promise<void> {
  const db = createDatabase({ url: h.databaseUrl, poolSize: 1 });
  try {
    const store = createPgEventStore({ pool: db.pool, connectionString: h.databaseUrl });
    const data = { email, reason: 'bounce', type: 'Permanent', sub_type: 'General', source_message_id: 'msg-e2e-1', at: new Date().toISOString() };
    await store.append(suppressionsStreamId(), [{ type: 'EmailSuppressed', data, metadata: { user_id: 'system', correlation_id: 'e2e', causation_id: 'e2e' } }]);
    await store.close();
  } finally {
    await db.close();
  }
  // In the read model (what the notifier asks) before any notification is due.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${h.service.url}/api/email/suppressions`, { headers: { 'x-api-key': SYSTEM_API_KEY } });
    const body = (await res.json()) as { items?: { email: string }[] };
    if (body.items?.some((i) => i.email === email)) return;
    if (Date.now() > deadline) throw new Error('the suppression never reached the read model');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const texts = (bodies: unknown[]) => bodies.map((b) => JSON.stringify(b));

describe('notifications through the real service', () => {
  it('a run awaiting approval, then completed, reaches every working channel; a broken one blocks nothing', async () => {
    const put = await h.call('PUT', '/api/settings/notifications', {
      slack_webhook_url: chat.urls.slack,
      teams_webhook_url: chat.urls.teams,
      discord_webhook_url: chat.urls.discord,
      email_recipients: ['ops@acme.test', 'Bounced@Acme.test'],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await recordBounce('bounced@acme.test');
    chat.failAlways('discord', 404);
    chat.failNext('slack', 1, 429, { retryAfter: '1' }); // waited out, then delivered

    jira.seedIssue({ key: 'NTF-1', summary: 'Checkout is slow', assignee: jira.users[0]!, estimate: 2 });
    const triggered = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'NTF', cycles: ['T'] });
    expect(triggered.status, JSON.stringify(triggered.body)).toBe(201);
    const run = triggered.body;
    expect(run.status).toBe('awaiting_approval');

    await until('the approval messages', () => chat.received('slack').length >= 1 && chat.received('teams').length >= 1 && smtp.messages.length >= 1);
    expect(texts(chat.received('slack'))[0]).toContain(`Actions awaiting approval: jira NTF`);
    expect(texts(chat.received('slack'))[0]).toContain(`https://sprintguard.example.test/api/runs/${run.id}/actions`);
    expect(texts(chat.received('teams'))[0]).toContain('AdaptiveCard');
    expect(smtp.messages[0]).toMatchObject({ to: ['ops@acme.test'], secure: true });
    expect(decodeQuotedPrintable(smtp.messages[0]!.raw)).toContain(run.id);
    expect(chat.requests.filter((r) => r.product === 'slack').map((r) => r.status)).toEqual([429, 200]);

    // The broken channel held back neither the other channels nor the run.
    expect((await h.call('POST', `/api/runs/${run.id}/approve-all`, {})).status).toBe(200);
    await h.waitForRun(run.id, (r) => r.status === 'completed');
    await until('the completion messages', () => chat.received('slack').length >= 2 && chat.received('teams').length >= 2 && smtp.messages.length >= 2);
    expect(texts(chat.received('slack'))[1]).toContain('Run completed: jira NTF');
    expect(chat.received('discord')).toEqual([]);
    expect(chat.requests.filter((r) => r.product === 'discord').length).toBeGreaterThanOrEqual(1);

    // Exactly one message per event and channel.
    expect(chat.received('slack')).toHaveLength(2);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages.flatMap((m) => m.to)).not.toContain('Bounced@Acme.test');
    expect(smtp.messages.flatMap((m) => m.to).map((to) => to.toLowerCase())).not.toContain('bounced@acme.test');
    const output = h.service.output();
    expect(output).toContain('notification not delivered');
    for (const secret of ['slack-secret-abc', 'teams-secret-def', 'discord-secret-ghi', smtp.password]) expect(output).not.toContain(secret);
  });
});
