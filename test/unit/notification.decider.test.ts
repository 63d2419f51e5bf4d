import { describe, expect, it } from 'vitest';
import { notificationDecider } from '../../src/domain/notification.decider.js';
import type { NotificationEvent, NotificationSettings } from '../../src/domain/notification.events.js';
import { meetingNotification, runNotification } from '../../src/domain/notification.message.js';
import { fold } from '../../src/domain/decider.js';
import { runDecider } from '../../src/domain/run.decider.js';
import type { RunEvent } from '../../src/domain/run.events.js';
import { renderDiscord } from '../../src/adapters/chat/discord.js';
import { renderSlack } from '../../src/adapters/chat/slack.js';
import { renderTeams } from '../../src/adapters/chat/teams.js';
import { renderEmail } from '../../src/adapters/mail/smtp.js';
import { deciderSpec } from '../support/decider-spec.js';

const now = new Date('2026-11-23T09:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(notificationDecider);
const REF = '0b9e3c1e-6a1f-4c55-9a55-0d1c3c1e6a1f';
const REF2 = '7d2f4e9a-1b3c-4d5e-8f60-718293a4b5c6';

const settings: NotificationSettings = { slack_webhook_ref: REF, email_recipients: ['ops@acme.test'], events: ['run_awaiting_approval', 'run_failed'] };
const saved = (s: NotificationSettings): NotificationEvent => ({ type: 'NotificationSettingsSaved', data: { settings: s, at } });

describe('notification settings decider', () => {
  it('records the settings with webhook references only, recipients normalized', () => {
    spec
      .given()
      .when({ type: 'SaveNotificationSettings', settings: { ...settings, email_recipients: [' Ops@ACME.test', 'ops@acme.test', 'dev@acme.test'] }, now })
      .then([saved({ ...settings, email_recipients: ['dev@acme.test', 'ops@acme.test'] })]);
  });

  it('appends nothing for the same settings, and records a changed reference', () => {
    spec.given([saved(settings)]).when({ type: 'SaveNotificationSettings', settings: { ...settings, events: ['run_failed', 'run_awaiting_approval'] }, now }).thenNothing();
    spec.given([saved(settings)]).when({ type: 'SaveNotificationSettings', settings: { ...settings, slack_webhook_ref: REF2 }, now }).then([saved({ ...settings, slack_webhook_ref: REF2 })]);
  });

  it('refuses a webhook URL where its secret-store reference belongs, and a bad address', () => {
    spec.given().when({ type: 'SaveNotificationSettings', settings: { ...settings, discord_webhook_ref: 'https://discord.com/api/webhooks/1/tok' }, now }).thenFails('invalid', /reference stored webhook URLs/);
    spec.given().when({ type: 'SaveNotificationSettings', settings: { ...settings, email_recipients: ['not-an-address'] }, now }).thenFails('invalid', /email_recipients/);
  });
});

const runEvents: RunEvent[] = [
  {
    type: 'RunRequested',
    data: {
      run_id: 'run-42',
      org_id: 'org_a',
      board_type: 'jira',
      project_key: 'ENG',
      cycles: ['T'],
      dry_run: false,
      flow: 'trigger',
      settings: { write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 },
      requested_by: 'ada',
      at,
    },
  },
  {
    type: 'RunPlanned',
    data: {
      actions: [
        { action_id: 'act-1', cycle: 'T', kind: 'comment', item_key: 'ENG-1', params: { body: 'x' }, reason: 'r' },
        { action_id: 'act-2', cycle: 'T', kind: 'label', item_key: 'ENG-1', params: { label: 'needs-triage' }, reason: 'r' },
      ],
      items_read: 3,
      at,
    },
  },
  { type: 'ApprovalRequested', data: { pending_count: 2, at } },
];

describe('notification messages', () => {
  const run = fold(runDecider, runEvents);
  const n = runNotification('org_a', run, runEvents[2]!)!;

  it('say what is awaited, where, with counts and a link path', () => {
    expect(n).toMatchObject({ kind: 'run_awaiting_approval', org_id: 'org_a', title: 'Actions awaiting approval: jira ENG', link_path: '/api/runs/run-42/actions' });
    expect(n.facts).toContainEqual({ name: 'Awaiting approval', value: '2' });
    expect(n.facts).toContainEqual({ name: 'Run', value: 'run-42' });
    expect(runNotification('org_a', run, { type: 'RunLogged', data: { level: 'info', message: 'x', at } })).toBeUndefined();
  });

  it('for a meeting, list the new proposals and nothing when all were duplicates', () => {
    const meeting = { meeting_id: 'm1', org_id: 'org_a', board_type: 'jira' as const, project_key: 'ENG', title: 'Standup', transcript: 't', transcript_sha256: 'h', transcript_chars: 1, ingested_by: 'ada', at };
    const proposal = (title: string, outcome: 'created' | 'duplicate') => ({ proposal_id: title, title, kind: 'task' as const, assignee: null, evidence: 'e', outcome });
    const m = meetingNotification(meeting, [proposal('Fix login', 'created'), proposal('Old', 'duplicate')])!;
    expect(m).toMatchObject({ kind: 'meeting_proposals', title: '1 new proposal from "Standup": jira ENG' });
    expect(m.summary).toContain('Fix login');
    expect(meetingNotification(meeting, [proposal('Old', 'duplicate')])).toBeUndefined();
  });

  it('render in each product format', () => {
    const slack = renderSlack({ ...n, summary: 'a <b> & c' });
    expect(slack.text).toContain('Actions awaiting approval');
    expect(slack.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: n.title, emoji: false } });
    expect(JSON.stringify(slack.blocks[1])).toContain('a &lt;b&gt; &amp; c');

    const teams = renderTeams({ ...n, link_url: 'https://sg.example.com/api/runs/run-42/actions' });
    expect(teams).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', version: '1.4' } }] });
    expect(teams.attachments[0]!.content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open in Sprintguard', url: 'https://sg.example.com/api/runs/run-42/actions' }]);

    const discord = renderDiscord({ ...n, title: '@everyone look' });
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds[0]!.fields).toContainEqual({ name: 'Awaiting approval', value: '2', inline: true });

    const mail = renderEmail({ ...n, title: 'two\r\nlines', summary: '<script>' });
    expect(mail.subject).toBe('two lines');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('/api/runs/run-42/actions');
  });
});
