// Which webhook URLs an organization may save. The general provider rule applies first (https on a
// public host in production; ALLOW_PRIVATE_PROVIDER_URLS lets tests use local stand-ins). Where
// private URLs are not allowed, each product's URL must also be on that product's own hosts
// (docs/notifications.md): the server posts to whatever URL is saved, so an open rule would let a settings
// editor make it call any host of the internet.
import { assertProviderUrlAllowed, ProviderUrlError } from '../boards/url-policy.js';
import type { ChatChannelKind } from '../../domain/notification.events.js';

const HOSTS: Record<ChatChannelKind, { exact: string[]; suffixes: string[]; label: string }> = {
  slack: { exact: ['hooks.slack.com'], suffixes: [], label: 'hooks.slack.com' },
  discord: { exact: ['discord.com', 'discordapp.com', 'canary.discord.com', 'ptb.discord.com'], suffixes: [], label: 'discord.com' },
  // Workflows URLs: Logic Apps and Power Platform / Power Automate hosts; legacy connectors on
  // webhook.office.com are retired but kept, so a tenant still on them can save its URL.
  teams: {
    exact: [],
    suffixes: ['.logic.azure.com', '.api.powerplatform.com', '.powerautomate.com', '.webhook.office.com'],
    label: 'a Logic Apps or Power Automate host',
  },
};

export function assertWebhookUrlAllowed(channel: ChatChannelKind, raw: string, allowPrivate: boolean): URL {
  const url = assertProviderUrlAllowed(raw, allowPrivate);
  if (allowPrivate) return url;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const rule = HOSTS[channel];
  if (!rule.exact.includes(host) && !rule.suffixes.some((s) => host.endsWith(s))) {
    throw new ProviderUrlError(`the ${channel} webhook URL must be on ${rule.label}`);
  }
  if (channel === 'discord' && !url.pathname.startsWith('/api/webhooks/')) throw new ProviderUrlError('the discord webhook URL must be a /api/webhooks/ URL');
  return url;
}
