// Notification channel settings on the org stream (`org-<orgId>`). Webhook URLs are credentials
// (whoever holds one can post to the channel), so the event carries only their ids in the secret
// store, like the integration settings (docs/security.md). E-mail recipients are not secrets: the event
// carries them, so the audit trail shows who was told.
import { Type, type Static } from '@sinclair/typebox';
import { SecretRefSchema } from './integration.events.js';

/** What a notification is about; an organization chooses which of them it wants. */
export const NotificationKindSchema = Type.Union([
  Type.Literal('run_awaiting_confirmation'),
  Type.Literal('run_awaiting_approval'),
  Type.Literal('run_completed'),
  Type.Literal('run_failed'),
  Type.Literal('meeting_proposals'),
]);
export type NotificationKind = Static<typeof NotificationKindSchema>;

export const notificationKinds: readonly NotificationKind[] = [
  'run_awaiting_confirmation',
  'run_awaiting_approval',
  'run_completed',
  'run_failed',
  'meeting_proposals',
];

export const chatChannels = ['slack', 'teams', 'discord'] as const;
export type ChatChannelKind = (typeof chatChannels)[number];
export type ChannelKind = ChatChannelKind | 'email';

export const NotificationSettingsSchema = Type.Object({
  slack_webhook_ref: Type.Optional(SecretRefSchema),
  teams_webhook_ref: Type.Optional(SecretRefSchema),
  discord_webhook_ref: Type.Optional(SecretRefSchema),
  email_recipients: Type.Array(Type.String()),
  events: Type.Array(NotificationKindSchema),
});
export type NotificationSettings = Static<typeof NotificationSettingsSchema>;

/** Carries the complete settings after the save, so readers never merge. */
export const NotificationSettingsSavedSchema = Type.Object({
  settings: NotificationSettingsSchema,
  at: Type.String({ format: 'date-time' }),
});

export type NotificationEvent = { type: 'NotificationSettingsSaved'; data: Static<typeof NotificationSettingsSavedSchema> };

export const notificationEventSchemas = {
  NotificationSettingsSaved: NotificationSettingsSavedSchema,
} as const satisfies Record<NotificationEvent['type'], unknown>;

export const webhookRefField = (channel: ChatChannelKind) => `${channel}_webhook_ref` as const;
