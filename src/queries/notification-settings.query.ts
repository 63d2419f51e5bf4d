// The organization's notification settings as GET shows them: webhook URLs masked, never read.
import type { Knex } from 'knex';
import { notificationKinds } from '../domain/notification.events.js';

interface Row {
  slack: boolean;
  teams: boolean;
  discord: boolean;
  email_recipients: string[];
  events: string[];
  updated_at: Date;
}

const MASK = '********' as const;

export async function getNotificationSettings(knex: Knex, orgId: string) {
  const row = await knex('notification_settings').where({ org_id: orgId }).first<Row | undefined>();
  if (!row) return { configured: false, email_recipients: [] as string[], events: [...notificationKinds] as string[] };
  return {
    configured: true,
    ...(row.slack ? { slack_webhook_url: MASK } : {}),
    ...(row.teams ? { teams_webhook_url: MASK } : {}),
    ...(row.discord ? { discord_webhook_url: MASK } : {}),
    email_recipients: row.email_recipients,
    events: row.events,
    updated_at: row.updated_at.toISOString(),
  };
}
