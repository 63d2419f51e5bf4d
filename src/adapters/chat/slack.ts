// Slack incoming webhook (docs/notifications.md): Block Kit with a `text` fallback (shown in
// notifications and by clients without blocks). Success is HTTP 200 with the body "ok"; errors are
// plain-text codes (400 invalid_payload, 403 action_prohibited, 404 channel_not_found, 410
// channel_is_archived) and are final; 429 carries Retry-After.
import type { Notification } from '../../domain/notification.message.js';
import { postWebhook, rejected, type NotificationChannel, type WebhookOptions } from './channel.js';

/** Slack mrkdwn control characters (api.slack.com "Formatting text": escape &, <, >). */
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function renderSlack(n: Notification) {
  const link = n.link_url ? `<${n.link_url}|Open in Sprintguard>` : `\`${esc(n.link_path)}\``;
  return {
    text: clip(`${n.title}: ${n.summary}`, 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(n.title, 150), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: clip(esc(n.summary), 3000) } },
      // A section holds at most 10 fields of at most 2000 characters.
      { type: 'section', fields: n.facts.slice(0, 10).map((f) => ({ type: 'mrkdwn', text: clip(`*${esc(f.name)}*\n${esc(f.value)}`, 2000) })) },
      { type: 'context', elements: [{ type: 'mrkdwn', text: link }] },
    ],
  };
}

export function createSlackChannel(url: string, options: WebhookOptions = {}): NotificationChannel {
  return {
    kind: 'slack',
    send: (n) =>
      postWebhook('Slack', url, renderSlack(n), options, (status, body) =>
        status === 200 ? { ok: true } : rejected('Slack', status, body),
      ),
  };
}
