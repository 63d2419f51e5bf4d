// GET/POST /api/settings/integration and POST /api/settings/test-connection.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import type { Position } from '../../adapters/event-store.js';
import { BoardProviderError, type BoardConnection, type BoardProvider } from '../../adapters/boards/board-provider.js';
import { ProviderUrlError } from '../../adapters/boards/url-policy.js';
import { SecretDecryptionError } from '../../adapters/secrets/secret-store.js';
import type { IntegrationCommands, IntegrationInput } from '../../commands/integration.commands.js';
import { getIntegrationSettings } from '../../queries/integration-settings.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses } from '../schemas/common.schemas.js';
import { IntegrationInputSchema, IntegrationSettingsResponse, TestConnectionResponse } from '../schemas/integration.schemas.js';

export interface IntegrationRouteDeps {
  knex: Knex;
  integration: IntegrationCommands;
  /** Builds a provider for a connection (throws when a URL is not allowed). */
  /** `trace`: the request's traceparent (tracing on), the parent of the board calls. */
  providerFor: (connection: BoardConnection, trace?: string) => BoardProvider;
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
      // A POST with no body at all (no content-type) also means "test the saved settings": the body
      // schema is an object, so undefined would otherwise answer 400 "body must be object".
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const body = request.body as IntegrationInput | Record<string, never> | undefined;
      let connection: BoardConnection | undefined;
      let projectKey: string | undefined;
      try {
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
      } catch (err) {
        // A saved secret that no longer decrypts (SECRETS_KEY changed, row altered) is a failed test
        // with a message saying so (it names the secret id, never its value), not a 500. (With a body
        // that omits the secret, the command already answers 400 asking for it.)
        if (!(err instanceof SecretDecryptionError)) throw err;
        const shown = await getIntegrationSettings(deps.knex, request.orgId);
        return { ok: false, board_type: 'board_type' in shown ? shown.board_type : 'none', error: `${err.message}: save the settings again with the secret` };
      }
      try {
        // Inside the try: saved settings whose URL the policy no longer allows (ALLOW_PRIVATE_PROVIDER_URLS
        // turned off since) are a failed test, not a server error.
        const { account } = await deps.providerFor(connection, request.traceparent).testConnection(projectKey);
        return { ok: true, board_type: connection.board_type, account };
      } catch (err) {
        // Both messages are safe to show: the adapters never put a credential in an error.
        if (err instanceof BoardProviderError || err instanceof ProviderUrlError) return { ok: false, board_type: connection.board_type, error: err.message };
        throw err;
      }
    },
  );
};
