// notification_settings: what GET /api/settings/notifications shows. Which chat channels are set up
// (a boolean each), never a URL nor its secret id; the recipients and the chosen kinds.
import type { NotificationEvent } from '../domain/notification.events.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import type { Projection } from './projection.js';
import { upsertForward } from './upsert.js';

export const NOTIFICATION_SETTINGS_PROJECTION = 'notification_settings';

export const notificationSettingsProjection: Projection = {
  name: NOTIFICATION_SETTINGS_PROJECTION,
  version: 1,
  tables: ['notification_settings'],
  filter: { streamPrefixes: [streamCategories.org], eventTypePrefixes: ['NotificationSettings'] },
  async apply(trx, events) {
    const rows = new Map<string, Record<string, unknown> & { revision: string }>();
    for (const recorded of events) {
      const orgId = idOfStream('org', recorded.streamName);
      const event = { type: recorded.type, data: recorded.data } as NotificationEvent;
      if (!orgId || event.type !== 'NotificationSettingsSaved') continue;
      const s = event.data.settings;
      rows.set(orgId, {
        org_id: orgId,
        slack: s.slack_webhook_ref !== undefined,
        teams: s.teams_webhook_ref !== undefined,
        discord: s.discord_webhook_ref !== undefined,
        email_recipients: s.email_recipients,
        events: s.events,
        revision: recorded.revision.toString(),
        updated_at: recorded.created,
      });
    }
    await upsertForward(trx, 'notification_settings', ['org_id'], [...rows.values()]);
  },
};
