// GET/POST /api/settings/integration and POST /api/settings/test-connection.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import type { Position } from '../../adapters/event-store.js';
import { BoardProviderError, type BoardConnection, type BoardProvider } from '../../adapters/boards/board-provider.js';
import type { IntegrationCommands, IntegrationInput } from '../../commands/integration.commands.js';
import { getIntegrationSettings } from '../../queries/integration-settings.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { IntegrationInputSchema, IntegrationSettingsResponse, TestConnectionResponse } from '../schemas/integration.schemas.js';

export interface IntegrationRouteDeps {
  knex: Knex;
  integration: IntegrationCommands;
  /** Builds a provider for a connection (throws when a URL is not allowed). */
  providerFor: (connection: BoardConnection) => BoardProvider;
  awaitReadModel: (position: Position | undefined) => Promise<void>;
}

export const integrationRoutes: FastifyPluginAsyncTypebox<IntegrationRouteDeps> = async (app, deps) => {
  app.get(
    '/api/settings/integration',
    {
      config: { permission: 'integration:write' },
      schema: { tags: ['settings'], summary: 'Read the board integration settings (secrets masked)', response: { 200: IntegrationSettingsResponse, ...authErrorResponses } },
    },
    async (request) => getIntegrationSettings(deps.knex, request.orgId),
  );

  app.post(
    '/api/settings/integration',
    {
      config: { permission: 'integration:write' },
      schema: {
        tags: ['settings'],
        summary: 'Save the board integration settings; an omitted secret keeps the saved one',
        body: IntegrationInputSchema,
        response: { 200: IntegrationSettingsResponse, ...authErrorResponses },
      },
    },
    async (request) => {
      const result = await deps.integration.save(request.orgId, request.body, commandContext(request));
      await deps.awaitReadModel(result.position);
      return getIntegrationSettings(deps.knex, request.orgId);
    },
  );

  app.post(
    '/api/settings/test-connection',
    {
      config: { permission: 'integration:write' },
      schema: {
        tags: ['settings'],
        summary: 'Test access to a board: the given settings, or the saved ones when the body is empty',
        body: Type.Optional(Type.Union([IntegrationInputSchema, Type.Object({}, { additionalProperties: false })])),
        response: { 200: TestConnectionResponse, ...authErrorResponses },
      },
    },
    async (request) => {
      const body = request.body as IntegrationInput | Record<string, never> | undefined;
      let connection: BoardConnection | undefined;
      let projectKey: string | undefined;
      if (body && 'board_type' in body) {
        const input = body as IntegrationInput;
        connection = await deps.integration.connectionFor(request.orgId, input);
        projectKey = input.board_type === 'jira' ? input.project_keys?.[0] : input.team_keys?.[0];
      } else {
        const saved = await deps.integration.loadBoardConnection(request.orgId);
        if (!saved) return { ok: false, board_type: 'none', error: 'No board integration is configured' };
        connection = saved.connection;
        projectKey = saved.project_keys[0];
      }
      try {
        const { account } = await deps.providerFor(connection).testConnection(projectKey);
        return { ok: true, board_type: connection.board_type, account };
      } catch (err) {
        if (err instanceof BoardProviderError) return { ok: false, board_type: connection.board_type, error: err.message };
        throw err;
      }
    },
  );
};
