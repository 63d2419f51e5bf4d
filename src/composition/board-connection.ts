// The organization's board integration: saved settings (secrets in the secret store), a provider
// for them, and the notification channel settings that share the secret store.
import type { BoardConnection, BoardProvider } from '../adapters/boards/board-provider.js';
import { createBoardProvider } from '../adapters/boards/create-board-provider.js';
import { assertProviderUrlAllowed, ProviderUrlError } from '../adapters/boards/url-policy.js';
import { withBoardTracing } from '../adapters/telemetry/traced-board-provider.js';
import { assertWebhookUrlAllowed } from '../adapters/chat/webhook-url.js';
import { createSecretStore, loadSecretsKey, previousSecretsKey, SecretDecryptionError } from '../adapters/secrets/secret-store.js';
import { createIntegrationCommands, type IntegrationCommands } from '../commands/integration.commands.js';
import { createNotificationCommands, type NotificationCommands } from '../commands/notification.commands.js';
import { StateCache } from '../commands/state-cache.js';
import { DomainError } from '../domain/errors.js';
import type { ConnectedBoard } from '../http/routes/run-route-deps.js';
import { BoardNotConfiguredError, type BoardProviders } from '../reactors/run-processor.js';
import type { Infrastructure } from './infrastructure.js';

const NO_BOARD = 'No board integration is configured: save one with POST /api/settings/integration';

/** The organization's board integration: saved settings, secrets decrypted, and a provider for them. */
export interface OrgBoards {
  integration: IntegrationCommands;
  /** `trace`: with tracing on, the traceparent its calls' spans are children of. */
  providerFor: (connection: BoardConnection, trace?: string) => BoardProvider;
  providers: BoardProviders;
  connectedBoard: (orgId: string, trace?: string) => Promise<ConnectedBoard>;
  /** Notification channel settings; webhook URLs share the secret store with the board tokens. */
  notifications: NotificationCommands;
}

export async function createOrgBoards(infra: Infrastructure, now: () => Date): Promise<OrgBoards> {
  const { config } = infra;
  const key = await loadSecretsKey({ configured: config.SECRETS_KEY, dataDir: config.dataDir, isProduction: config.isProduction });
  const secrets = createSecretStore(infra.db.knex, key, { previousKey: previousSecretsKey(config.SECRETS_KEY_PREVIOUS) });
  const integration = createIntegrationCommands({
    store: infra.store,
    secrets,
    now,
    checkUrl: (url) => void assertProviderUrlAllowed(url, config.allowPrivateProviderUrls),
    cache: new StateCache(),
  });
  const providerFor = (connection: BoardConnection, trace?: string) => {
    const provider = createBoardProvider(connection, { allowPrivateUrls: config.allowPrivateProviderUrls, ...(infra.orgUrlFetch ? { fetch: infra.orgUrlFetch } : {}) });
    // A client span per board call when tracing is on (docs/observability.md), the child of `trace`.
    return infra.tracing.enabled ? withBoardTracing(provider, trace) : provider;
  };
  /**
   * The saved connection and its provider. A secret that no longer decrypts (SECRETS_KEY changed) or a
   * saved URL the policy no longer allows is a setup problem the user can fix by saving again: it
   * becomes `unusable`'s message (safe: neither carries a credential), never a 500 or a retry loop.
   */
  async function connect(orgId: string, unusable: (message: string) => Error, trace: string | undefined) {
    try {
      const saved = await integration.loadBoardConnection(orgId);
      return saved && { saved, provider: providerFor(saved.connection, trace) };
    } catch (err) {
      if (err instanceof SecretDecryptionError || err instanceof ProviderUrlError) {
        throw unusable(`The saved board integration cannot be used (${err.message}): save it again with POST /api/settings/integration`);
      }
      throw err;
    }
  }
  const notifications = createNotificationCommands({
    store: infra.store,
    secrets,
    now,
    checkUrl: (channel, url) => void assertWebhookUrlAllowed(channel, url, config.allowPrivateProviderUrls),
    cache: new StateCache(),
  });
  return {
    integration,
    notifications,
    providerFor,
    providers: {
      async forOrg(orgId, boardType, trace) {
        const connected = await connect(orgId, (message) => new BoardNotConfiguredError(message), trace);
        if (!connected) throw new BoardNotConfiguredError(NO_BOARD);
        if (connected.saved.connection.board_type !== boardType) {
          throw new BoardNotConfiguredError(`The connected board is ${connected.saved.connection.board_type}, not ${boardType}`);
        }
        return connected.provider;
      },
    },
    async connectedBoard(orgId, trace) {
      const connected = await connect(orgId, (message) => new DomainError('invalid', message), trace);
      if (!connected) throw new DomainError('invalid', NO_BOARD);
      return { provider: connected.provider, board_type: connected.saved.connection.board_type, project_keys: connected.saved.project_keys };
    },
  };
}
