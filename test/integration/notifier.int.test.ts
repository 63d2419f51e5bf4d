// The notifier on a real event store and database, posting to chat stand-ins and a real SMTP server
// (STARTTLS). Shows: every channel receives the message in its format; a redelivered event sends
// nothing twice (the delivery ledger); a channel that keeps failing is recorded as failed after its
// bounded attempts while the others are delivered and the handler returns (it never blocks the
// runner); vendor wait hints are honoured; a suppressed address receives nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordChannel } from '../../src/adapters/chat/discord.js';
import { createSlackChannel } from '../../src/adapters/chat/slack.js';
import { createTeamsChannel } from '../../src/adapters/chat/teams.js';
import { assertWebhookUrlAllowed } from '../../src/adapters/chat/webhook-url.js';
import type { EventStore, RecordedEvent } from '../../src/adapters/event-store.js';
import { createSmtpMailer, type SmtpMailer } from '../../src/adapters/mail/smtp.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { createSecretStore } from '../../src/adapters/secrets/secret-store.js';
import { createNotificationCommands, type NotificationCommands, type NotificationSettingsInput } from '../../src/commands/notification.commands.js';
import type { ChatChannelKind } from '../../src/domain/notification.events.js';
import { meetingStreamId, runStreamId } from '../../src/domain/streams.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { createNotifier, createNotifierReactor, type NotifierDeps } from '../../src/reactors/notifier.reactor.js';
import { createReactorRunner } from '../../src/reactors/reactor-runner.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { startChatWebhooksStandIn, type ChatWebhooksStandIn } from '../support/stand-ins/chat-webhooks-stand-in.js';
import { decodeQuotedPrintable, startSmtpStandIn, type SmtpStandIn } from '../support/stand-ins/smtp-stand-in.js';

let db: Database;
let store: EventStore;
let chat: ChatWebhooksStandIn;
let smtp: SmtpStandIn;
let mailer: SmtpMailer;
let notifications: NotificationCommands;
const waits: number[] = [];
const suppressed = new Set(['bounced@acme.test']);
const context = { user_id: 'ada', correlation_id: 'test' };
const at = '2026-11-23T09:00:00.000Z';

beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('notifier'), poolSize: 6 });
  await runMigrations(db.knex, eventStoreMigrations);
  await runMigrations(db.knex, readModelMigrations);
  store = createPgEventStore({ pool: db.pool, connectionString: db.url });
  chat = await startChatWebhooksStandIn();
  smtp = await startSmtpStandIn({ mode: 'starttls' });
  mailer = createSmtpMailer({ host: smtp.host, port: smtp.port, user: smtp.user, password: smtp.password, from: 'sprintguard@example.test', ca: smtp.ca });
  notifications = createNotificationCommands({
    store,
    secrets: createSecretStore(db.knex, randomBytes(32)),
    now: () => new Date(at),
    checkUrl: (channel, url) => void assertWebhookUrlAllowed(channel, url, true),
  });
});
afterAll(async () => {
  mailer?.close();
  await store?.close();
  await db?.close();
  await chat?.close();
  await smtp?.close();
});
beforeEach(() => {
  chat.clear();
  chat.failAlways('slack', undefined);
  chat.failAlways('teams', undefined);
  chat.failAlways('discord', undefined);
  smtp.messages.length = 0;
  waits.length = 0;
});

function notifier(overrides: Partial<NotifierDeps> = {}) {
  return createNotifier({
    store,
    knex: db.knex,
    loadChannels: (orgId) => notifications.loadChannels(orgId),
    chatChannel: (kind: ChatChannelKind, url, signal) => (kind === 'slack' ? createSlackChannel : kind === 'teams' ? createTeamsChannel : createDiscordChannel)(url, { signal }),
    mailer,
    isSuppressed: async (email) => suppressed.has(email),
    linkBaseUrl: 'https://sprintguard.example.test',
    retry: { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 30_000 },
    // Waits are recorded, not slept: the test shows which waits were asked for without taking them.
    sleep: async (ms) => void waits.push(ms),
    now: () => new Date(at),
    ...overrides,
  });
}

async function configure(orgId: string, input: NotificationSettingsInput = {}) {
  await notifications.save(orgId, { slack_webhook_url: chat.urls.slack, teams_webhook_url: chat.urls.teams, discord_webhook_url: chat.urls.discord, email_recipients: ['ops@acme.test', 'bounced@acme.test'], ...input }, { ...context, org_id: orgId });
}

/** Appends a run that planned two actions and waits for approval; returns its ApprovalRequested event. */
async function runAwaitingApproval(orgId: string, project = 'ENG'): Promise<RecordedEvent> {
  const runId = randomUUID();
  await store.append(
    runStreamId(runId),
    [
      {
        type: 'RunRequested',
        data: { run_id: runId, org_id: orgId, board_type: 'jira', project_key: project, cycles: ['T'], dry_run: false, flow: 'trigger', settings: { write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 }, requested_by: 'ada', at },
      },
      {
        type: 'RunPlanned',
        data: {
          actions: [
            { action_id: 'act-1', cycle: 'T', kind: 'comment', item_key: `${project}-1`, params: { body: 'x' }, reason: 'r' },
            { action_id: 'act-2', cycle: 'T', kind: 'label', item_key: `${project}-1`, params: { label: 'needs-triage' }, reason: 'r' },
          ],
          items_read: 2,
          at,
        },
      },
      { type: 'ApprovalRequested', data: { pending_count: 2, at } },
    ].map((e) => ({ ...e, metadata: { org_id: orgId, user_id: 'ada', correlation_id: 'c', causation_id: 'c' } })),
    { expectedRevision: 'no_stream' },
  );
  return lastEvent(runStreamId(runId));
}

async function lastEvent(stream: string): Promise<RecordedEvent> {
  for await (const e of store.readStream(stream, { from: 'end', direction: 'backwards', maxCount: 1 })) return e;
  throw new Error(`empty stream ${stream}`);
}

describe('notifier', () => {
  it('sends to every channel in its format, and skips a suppressed address', async () => {
    await configure('org_all');
    const event = await runAwaitingApproval('org_all');
    const notify = notifier();
    await notify.handle(event, new AbortController().signal);

    expect(chat.received('slack')).toHaveLength(1);
    expect(chat.received('slack')[0]).toMatchObject({ blocks: [{ type: 'header', text: { text: 'Actions awaiting approval: jira ENG' } }, {}, {}, {}] });
    expect(JSON.stringify(chat.received('slack')[0])).toContain('https://sprintguard.example.test/api/runs/');
    expect(chat.received('teams')[0]).toMatchObject({ type: 'message', attachments: [{ content: { type: 'AdaptiveCard' } }] });
    expect(chat.received('discord')[0]).toMatchObject({ content: 'Actions awaiting approval: jira ENG', allowed_mentions: { parse: [] } });

    expect(smtp.messages.map((m) => m.to)).toEqual([['ops@acme.test']]);
    expect(smtp.messages[0]!.raw).toContain('Subject: Actions awaiting approval: jira ENG');
    expect(decodeQuotedPrintable(smtp.messages[0]!.raw)).toContain('Awaiting approval: 2');

    const rows = await notify.ledger.forEvent(event.id);
    expect(rows.map((r) => [r.channel, r.recipient, r.status, r.attempts])).toEqual([
      ['discord', '', 'delivered', 1],
      ['email', 'bounced@acme.test', 'suppressed', 0],
      ['email', 'ops@acme.test', 'delivered', 1],
      ['slack', '', 'delivered', 1],
      ['teams', '', 'delivered', 1],
    ]);
  });

  it('a redelivered event sends nothing already delivered', async () => {
    await configure('org_redeliver');
    const event = await runAwaitingApproval('org_redeliver');
    await notifier().handle(event, new AbortController().signal);
    const posts = chat.requests.length;
    const mails = smtp.messages.length;
    expect(posts).toBe(3);

    await notifier().handle(event, new AbortController().signal); // the at-least-once runner hands it over again
    expect(chat.requests.length).toBe(posts);
    expect(smtp.messages.length).toBe(mails);
  });

  it('a channel that keeps failing is recorded as failed after bounded attempts; the others are delivered; the handler returns', async () => {
    await configure('org_failing');
    chat.failAlways('teams', 503);
    const event = await runAwaitingApproval('org_failing');
    const notify = notifier();
    await expect(notify.handle(event, new AbortController().signal)).resolves.toBeUndefined();

    expect(chat.requests.filter((r) => r.product === 'teams').map((r) => r.status)).toEqual([503, 503, 503]);
    expect(waits).toEqual([1_000, 2_000]); // exponential backoff between the three attempts
    expect(chat.received('slack')).toHaveLength(1);
    expect(chat.received('discord')).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
    const teams = (await notify.ledger.forEvent(event.id)).find((r) => r.channel === 'teams')!;
    expect(teams).toMatchObject({ status: 'failed', attempts: 3 });
    expect(teams.error).toContain('Teams answered 503');
    expect(teams.error).not.toContain('teams-secret');

    // Failed is settled: handling the event again does not hammer the broken channel.
    chat.clear();
    await notify.handle(event, new AbortController().signal);
    expect(chat.requests).toEqual([]);
  });

  it('honours Retry-After (Slack header) and retry_after (Discord JSON), then delivers', async () => {
    await configure('org_limited', { teams_webhook_url: null, email_recipients: [] });
    chat.failNext('slack', 1, 429, { retryAfter: '2' });
    chat.failNext('discord', 1, 429, { retryAfterBody: 0.5 });
    const event = await runAwaitingApproval('org_limited');
    const notify = notifier();
    await notify.handle(event, new AbortController().signal);
    expect(waits.sort((a, b) => a - b)).toEqual([500, 2_000]);
    expect(chat.received('slack')).toHaveLength(1);
    expect(chat.received('discord')).toHaveLength(1);
    expect(chat.received('teams')).toHaveLength(0);
    expect((await notify.ledger.forEvent(event.id)).map((r) => [r.channel, r.status, r.attempts])).toEqual([
      ['discord', 'delivered', 2],
      ['slack', 'delivered', 2],
    ]);
  });

  it('a wait hint longer than allowed fails the delivery at once instead of waiting', async () => {
    await configure('org_long_wait', { teams_webhook_url: null, discord_webhook_url: null, email_recipients: [] });
    chat.failNext('slack', 1, 429, { retryAfter: '3600' });
    const event = await runAwaitingApproval('org_long_wait');
    const notify = notifier();
    await notify.handle(event, new AbortController().signal);
    expect(waits).toEqual([]);
    expect((await notify.ledger.forEvent(event.id))[0]).toMatchObject({ channel: 'slack', status: 'failed', attempts: 1 });
  });

  it('sends only the kinds the organization chose, and records e-mail as failed when SMTP is not configured', async () => {
    await configure('org_kinds', { events: ['run_failed'], teams_webhook_url: null, discord_webhook_url: null });
    const notify = notifier({ mailer: undefined });
    await notify.handle(await runAwaitingApproval('org_kinds'), new AbortController().signal);
    expect(chat.requests).toEqual([]);

    await configure('org_nosmtp', { teams_webhook_url: null, discord_webhook_url: null, slack_webhook_url: null, email_recipients: ['ops@acme.test'] });
    const event = await runAwaitingApproval('org_nosmtp');
    await notify.handle(event, new AbortController().signal);
    expect((await notify.ledger.forEvent(event.id)).map((r) => [r.channel, r.status, r.error])).toEqual([['email', 'failed', 'SMTP is not configured (SMTP_HOST, SMTP_FROM)']]);
  });

  it('does not announce the past: an event older than the age limit sends nothing', async () => {
    await configure('org_old', { teams_webhook_url: null, discord_webhook_url: null, email_recipients: [] });
    const event = await runAwaitingApproval('org_old');
    const later = new Date(event.created.getTime() + 25 * 3_600_000);
    const notify = notifier({ now: () => later });
    await notify.handle(event, new AbortController().signal);
    expect(chat.requests).toEqual([]);
    expect(await notify.ledger.forEvent(event.id)).toEqual([]);
  });

  it('announces new proposals extracted from a meeting', async () => {
    await configure('org_meeting', { teams_webhook_url: null, discord_webhook_url: null, email_recipients: [] });
    const meetingId = randomUUID();
    const metadata = { org_id: 'org_meeting', user_id: 'ada', correlation_id: 'c', causation_id: 'c' };
    await store.append(meetingStreamId(meetingId), [
      { type: 'MeetingIngested', data: { meeting_id: meetingId, org_id: 'org_meeting', board_type: 'linear', project_key: 'OPS', title: 'Weekly', transcript: 't', transcript_sha256: 'h', transcript_chars: 1, ingested_by: 'ada', at }, metadata },
      {
        type: 'ProposalsExtracted',
        data: { extractor: 'rules', proposals: [{ proposal_id: 'p1', title: 'Rotate the keys', kind: 'task', assignee: null, evidence: 'e', outcome: 'created' }], follow_ups: [], at },
        metadata,
      },
    ]);
    await notifier().handle(await lastEvent(meetingStreamId(meetingId)), new AbortController().signal);
    expect(chat.received('slack')).toHaveLength(1);
    expect(JSON.stringify(chat.received('slack')[0])).toContain('Rotate the keys');
    expect((chat.received('slack')[0] as { text: string }).text).toContain('1 new proposal from "Weekly": linear OPS');
  });

  it('a shutdown during a wait leaves the delivery unrecorded, so it is made after the restart', async () => {
    await configure('org_shutdown', { teams_webhook_url: null, discord_webhook_url: null, email_recipients: [] });
    chat.failNext('slack', 1, 503);
    const event = await runAwaitingApproval('org_shutdown');
    const shutdown = new AbortController();
    await notifier({ sleep: async () => shutdown.abort() }).handle(event, shutdown.signal);
    expect(await notifier().ledger.forEvent(event.id)).toEqual([]);

    await notifier().handle(event, new AbortController().signal);
    expect((await notifier().ledger.forEvent(event.id)).map((r) => [r.channel, r.status])).toEqual([['slack', 'delivered']]);
    expect(chat.received('slack')).toHaveLength(1);
  });

  it('under the reactor runner, a broken channel does not hold back later events', async () => {
    await configure('org_runner', { teams_webhook_url: null, discord_webhook_url: null, email_recipients: [] });
    chat.failAlways('slack', 404);
    const first = await runAwaitingApproval('org_runner', 'ONE');
    const second = await runAwaitingApproval('org_runner', 'TWO');
    const notify = notifier();
    const runner = createReactorRunner({ store, db, reactors: [createNotifierReactor(notify)], timing: { leaderRetryMs: 50 } });
    await runner.start();
    try {
      for (let i = 0; i < 200; i++) {
        const settled = [...(await notify.ledger.forEvent(first.id)), ...(await notify.ledger.forEvent(second.id))];
        if (settled.length === 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await runner.stop();
    }
    expect((await notify.ledger.forEvent(first.id))[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('channel_not_found') });
    expect((await notify.ledger.forEvent(second.id))[0]).toMatchObject({ status: 'failed' });
  });
});
