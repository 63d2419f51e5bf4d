// Notification channel settings: webhook URLs go to the secret store first, then the event records
// only their ids (as integration.commands.ts does for board tokens).
import type { EventStore } from '../adapters/event-store.js';
import { SecretDecryptionError, type SecretStore } from '../adapters/secrets/secret-store.js';
import { invalid } from '../domain/errors.js';
import { notificationDecider } from '../domain/notification.decider.js';
import {
  chatChannels,
  notificationKinds,
  webhookRefField,
  type ChatChannelKind,
  type NotificationKind,
  type NotificationSettings,
} from '../domain/notification.events.js';
import { orgStreamId } from '../domain/streams.js';
import { handleCommand, loadStream, type CommandContext } from './handle-command.js';
import type { StateCache } from './state-cache.js';

/**
 * PUT body. A webhook URL that is omitted keeps the saved one (GET shows it masked, so a client can
 * change the other fields without the URL); `null` removes the channel. Lists omitted keep theirs.
 */
export interface NotificationSettingsInput {
  slack_webhook_url?: string | null;
  teams_webhook_url?: string | null;
  discord_webhook_url?: string | null;
  email_recipients?: string[];
  events?: NotificationKind[];
}

export interface NotificationCommandDeps {
  store: EventStore;
  secrets: SecretStore;
  now: () => Date;
  /** Throws with a message naming the rule when a webhook URL is not allowed. */
  checkUrl: (channel: ChatChannelKind, url: string) => void;
  cache?: StateCache;
}

/** A channel's saved webhook, decrypted, or why it cannot be used (never the URL). */
export type SavedWebhook = { url: string } | { unusable: string };

export interface SavedNotificationChannels {
  events: NotificationKind[];
  email_recipients: string[];
  webhooks: Partial<Record<ChatChannelKind, SavedWebhook>>;
}

export const urlField = (channel: ChatChannelKind) => `${channel}_webhook_url` as const;

export function createNotificationCommands(deps: NotificationCommandDeps) {
  const load = async (orgId: string) => (await loadStream(deps.store, orgStreamId(orgId), notificationDecider, deps.cache)).state.settings;

  return {
    load,
    async save(orgId: string, input: NotificationSettingsInput, context: CommandContext) {
      const saved = await load(orgId);
      const settings: NotificationSettings = {
        email_recipients: input.email_recipients ?? saved?.email_recipients ?? [],
        events: input.events ?? saved?.events ?? [...notificationKinds],
      };
      // Every URL is checked before any is stored: a refused one leaves no orphan secrets behind.
      for (const channel of chatChannels) {
        const url = input[urlField(channel)];
        if (typeof url !== 'string') continue;
        try {
          deps.checkUrl(channel, url);
        } catch (err) {
          throw invalid(`body/${urlField(channel)}: ${err instanceof Error ? err.message : 'not allowed'}`);
        }
      }
      for (const channel of chatChannels) {
        const url = input[urlField(channel)];
        const ref =
          url === null ? undefined : typeof url === 'string' ? await deps.secrets.put(orgId, `${channel}_webhook_url`, url) : saved?.[webhookRefField(channel)];
        if (ref !== undefined) settings[webhookRefField(channel)] = ref;
      }
      const result = await handleCommand({
        store: deps.store,
        streamId: orgStreamId(orgId),
        decider: notificationDecider,
        command: { type: 'SaveNotificationSettings', settings, now: deps.now() },
        context,
        ...(deps.cache ? { cache: deps.cache } : {}),
      });
      // Webhook URLs these settings no longer name (replaced or removed) are deleted.
      const keep = chatChannels.map((channel) => settings[webhookRefField(channel)]).filter((r) => r !== undefined);
      await deps.secrets.removeReplaced(orgId, chatChannels.map((channel) => `${channel}_webhook_url`), keep);
      return result;
    },
    /**
     * The organization's channels with webhook URLs decrypted, for the notifier; undefined when
     * nothing is saved. A URL that no longer decrypts (SECRETS_KEY changed) makes its channel
     * unusable, with a message the notifier records; it never throws for that.
     */
    async loadChannels(orgId: string): Promise<SavedNotificationChannels | undefined> {
      const settings = await load(orgId);
      if (!settings) return undefined;
      const webhooks: SavedNotificationChannels['webhooks'] = {};
      for (const channel of chatChannels) {
        const ref = settings[webhookRefField(channel)];
        if (ref === undefined) continue;
        try {
          const url = await deps.secrets.get(orgId, ref);
          webhooks[channel] = url === undefined ? { unusable: `the saved ${channel} webhook URL is missing: save it again` } : { url };
        } catch (err) {
          if (!(err instanceof SecretDecryptionError)) throw err;
          webhooks[channel] = { unusable: `${err.message}: save the ${channel} webhook URL again` };
        }
      }
      return { events: settings.events, email_recipients: settings.email_recipients, webhooks };
    },
  };
}

export type NotificationCommands = ReturnType<typeof createNotificationCommands>;
