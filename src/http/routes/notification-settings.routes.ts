// GET/PUT /api/settings/notifications: the organization's notification channels. Both need
// integration:write: a webhook URL is a credential (it posts to the channel), and even masked the
// settings say where the organization's messages go.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type { Position } from '../../adapters/event-store.js';
import type { NotificationCommands } from '../../commands/notification.commands.js';
import { getNotificationSettings } from '../../queries/notification-settings.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { NotificationSettingsInputSchema, NotificationSettingsResponse } from '../schemas/notification.schemas.js';

export interface NotificationSettingsRouteDeps {
  knex: Knex;
  notifications: NotificationCommands;
  awaitReadModel: (position: Position | undefined) => Promise<void>;
}

export const notificationSettingsRoutes: FastifyPluginAsyncTypebox<NotificationSettingsRouteDeps> = async (app, deps) => {
  app.get(
    '/api/settings/notifications',
    {
      config: { permission: 'integration:write' },
      schema: { tags: ['settings'], summary: 'Read the notification channels (webhook URLs masked)', response: { 200: NotificationSettingsResponse, ...authErrorResponses } },
    },
    async (request) => getNotificationSettings(deps.knex, request.orgId),
  );

  app.put(
    '/api/settings/notifications',
    {
      config: { permission: 'integration:write' },
      schema: {
        tags: ['settings'],
        summary: 'Save the notification channels; an omitted webhook URL keeps the saved one, null removes it',
        body: NotificationSettingsInputSchema,
        response: { 200: NotificationSettingsResponse, ...authErrorResponses },
      },
    },
    async (request) => {
      const result = await deps.notifications.save(request.orgId, request.body, commandContext(request));
      await deps.awaitReadModel(result.position);
      return getNotificationSettings(deps.knex, request.orgId);
    },
  );
};
