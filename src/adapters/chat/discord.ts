// Discord webhook (docs/notifications.md): `content` plus one embed; `allowed_mentions.parse: []` always, so a
// project or proposal title containing @everyone or a role mention pings nobody. Success is 204 (200
// with ?wait=true). A 429 explains itself in JSON: {"message", "retry_after": <seconds, float>,
// "global"}; that hint is preferred to the Retry-After header.
import type { Notification } from '../../domain/notification.message.js';
import { postWebhook, rejected, type NotificationChannel, type WebhookOptions } from './channel.js';

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function renderDiscord(n: Notification) {
  return {
    content: clip(n.title, 2000),
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(n.title, 256),
        description: clip(`${n.summary}\n\n${n.link_url ?? `\`${n.link_path}\``}`, 4096),
        ...(n.link_url ? { url: n.link_url } : {}),
        color: n.kind === 'run_failed' ? 0xed4245 : 0x5865f2,
        fields: n.facts.slice(0, 25).map((f) => ({ name: clip(f.name, 256), value: clip(f.value, 1024), inline: true })),
      },
    ],
  };
}

/** Discord's retry_after (seconds, float) from a 429 body, in ms. */
export function discordRetryAfter(body: string): number | undefined {
  try {
    const parsed = JSON.parse(body) as { retry_after?: unknown };
    return typeof parsed.retry_after === 'number' && parsed.retry_after >= 0 ? Math.ceil(parsed.retry_after * 1000) : undefined;
  } catch {
    return undefined;
  }
}

export function createDiscordChannel(url: string, options: WebhookOptions = {}): NotificationChannel {
  return {
    kind: 'discord',
    send: (n) =>
      postWebhook(
        'Discord',
        url,
        renderDiscord(n),
        options,
        (status, body) => (status === 204 || status === 200 ? { ok: true } : rejected('Discord', status, body)),
        discordRetryAfter,
      ),
  };
}
