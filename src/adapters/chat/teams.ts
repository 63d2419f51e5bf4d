// Microsoft Teams through a Workflows ("Send webhook alerts to a channel") webhook (docs/notifications.md):
// a message with one Adaptive Card attachment, card version 1.4 (≤ 1.5 is what the default workflow
// renders; the retired O365 connectors' MessageCard is not accepted). The flow answers 202 Accepted
// and runs asynchronously, so 202 means "taken", not "shown": that is as far as delivery can be known.
import type { Notification } from '../../domain/notification.message.js';
import { postWebhook, rejected, type NotificationChannel, type WebhookOptions } from './channel.js';

export function renderTeams(n: Notification) {
  const body: unknown[] = [
    { type: 'TextBlock', text: n.title, weight: 'Bolder', size: 'Medium', wrap: true },
    { type: 'TextBlock', text: n.summary, wrap: true },
    { type: 'FactSet', facts: n.facts.map((f) => ({ title: f.name, value: f.value })) },
  ];
  if (!n.link_url) body.push({ type: 'TextBlock', text: n.link_path, isSubtle: true, wrap: true, fontType: 'Monospace' });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          ...(n.link_url ? { actions: [{ type: 'Action.OpenUrl', title: 'Open in Sprintguard', url: n.link_url }] } : {}),
        },
      },
    ],
  };
}

export function createTeamsChannel(url: string, options: WebhookOptions = {}): NotificationChannel {
  return {
    kind: 'teams',
    send: (n) =>
      postWebhook('Teams', url, renderTeams(n), options, (status, body) =>
        status === 202 || status === 200 ? { ok: true } : rejected('Teams', status, body),
      ),
  };
}
