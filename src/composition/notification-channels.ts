// The notifier with its channels: chat webhooks per organization, SMTP from the environment.
import fs from 'node:fs';
import type { NotificationChannel } from '../adapters/chat/channel.js';
import { createDiscordChannel } from '../adapters/chat/discord.js';
import { createSlackChannel } from '../adapters/chat/slack.js';
import { createTeamsChannel } from '../adapters/chat/teams.js';
import { assertWebhookUrlAllowed } from '../adapters/chat/webhook-url.js';
import { createSmtpMailer } from '../adapters/mail/smtp.js';
import type { NotificationCommands } from '../commands/notification.commands.js';
import type { ChatChannelKind } from '../domain/notification.events.js';
import { isSuppressed } from '../queries/suppressions.query.js';
import { createNotifier } from '../reactors/notifier.reactor.js';
import type { Infrastructure } from './infrastructure.js';

/** The SMTP mailer when SMTP_HOST is set; throws on an incomplete or unreadable configuration. */
function createConfiguredMailer(config: Infrastructure['config']): NotificationChannel | undefined {
  if (!config.SMTP_HOST) return undefined;
  if (!config.SMTP_FROM) throw new Error('SMTP_FROM is required with SMTP_HOST (the From address of notification e-mails)');
  let ca: string | undefined;
  if (config.SMTP_CA_FILE) {
    try {
      ca = fs.readFileSync(config.SMTP_CA_FILE, 'utf8');
    } catch (err) {
      throw new Error(`SMTP_CA_FILE cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}): ${config.SMTP_CA_FILE}`, { cause: err });
    }
  }
  return createSmtpMailer({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    ...(config.SMTP_TLS ? { tls: config.SMTP_TLS } : {}),
    from: config.SMTP_FROM,
    ...(config.SMTP_USER ? { user: config.SMTP_USER, password: config.SMTP_PASSWORD ?? '' } : {}),
    ...(ca ? { ca } : {}),
    timeoutMs: config.NOTIFY_TIMEOUT_MS,
  });
}

export function createConfiguredNotifier(infra: Infrastructure, notifications: NotificationCommands, now: () => Date) {
  const { config } = infra;
  const webhook = { timeoutMs: config.NOTIFY_TIMEOUT_MS };
  const chatChannel = (kind: ChatChannelKind, url: string, signal: AbortSignal): NotificationChannel => {
    // Checked again at send time: a URL saved while private hosts were allowed must not be used
    // once they are not (the failure is recorded, the other channels go on).
    try {
      assertWebhookUrlAllowed(kind, url, config.allowPrivateProviderUrls);
    } catch (err) {
      const message = `the saved ${kind} webhook URL is not allowed (${err instanceof Error ? err.message : 'policy'}): save it again`;
      return { kind, send: async () => ({ ok: false, retryable: false, message }) };
    }
    const factory = kind === 'slack' ? createSlackChannel : kind === 'teams' ? createTeamsChannel : createDiscordChannel;
    return factory(url, { ...webhook, signal, ...(infra.orgUrlFetch ? { fetch: infra.orgUrlFetch } : {}) });
  };
  const mailer = createConfiguredMailer(config);
  return createNotifier({
    store: infra.store,
    knex: infra.db.knex,
    loadChannels: (orgId) => notifications.loadChannels(orgId),
    chatChannel,
    ...(mailer ? { mailer } : {}),
    // Addresses that bounced or complained (the suppressions read model) receive nothing.
    isSuppressed: (email) => isSuppressed(infra.db.knex, email),
    ...(config.NOTIFY_LINK_BASE_URL ? { linkBaseUrl: config.NOTIFY_LINK_BASE_URL } : {}),
    ...(config.PUBLIC_URL ? { consoleBaseUrl: new URL('/app/', config.PUBLIC_URL).href } : {}),
    retry: { maxAttempts: config.NOTIFY_MAX_ATTEMPTS, maxDelayMs: config.NOTIFY_MAX_RETRY_DELAY_MS },
    maxEventAgeMs: config.NOTIFY_MAX_EVENT_AGE_MS,
    now,
    log: infra.log.child({ component: 'notifier' }),
    onSettled: (channel, status) => infra.metrics.recordNotificationDelivery(channel, status),
  });
}
