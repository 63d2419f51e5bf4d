// Shapes of GET/PUT /api/settings/notifications (docs/notifications.md).
import { Type } from '@sinclair/typebox';
import { NotificationKindSchema } from '../../domain/notification.events.js';

const WebhookUrl = Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()]);

export const NotificationSettingsInputSchema = Type.Object(
  {
    slack_webhook_url: Type.Optional(WebhookUrl),
    teams_webhook_url: Type.Optional(WebhookUrl),
    discord_webhook_url: Type.Optional(WebhookUrl),
    email_recipients: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 320, format: 'email' }), { maxItems: 50 })),
    events: Type.Optional(Type.Array(NotificationKindSchema, { maxItems: 5, uniqueItems: true })),
  },
  { additionalProperties: false, minProperties: 1 },
);

const MASK = Type.Literal('********');

export const NotificationSettingsResponse = Type.Object({
  configured: Type.Boolean(),
  slack_webhook_url: Type.Optional(MASK),
  teams_webhook_url: Type.Optional(MASK),
  discord_webhook_url: Type.Optional(MASK),
  email_recipients: Type.Array(Type.String()),
  events: Type.Array(Type.String()),
  updated_at: Type.Optional(Type.String({ format: 'date-time' })),
});
