// Integration settings: secrets go to the secret store first, then the event records only their ids.
import type { EventStore } from '../adapters/event-store.js';
import type { BoardConnection } from '../adapters/boards/board-provider.js';
import { SecretDecryptionError, type SecretStore } from '../adapters/secrets/secret-store.js';
import { invalid } from '../domain/errors.js';
import { integrationDecider } from '../domain/integration.decider.js';
import { projectKeysOf, type IntegrationSettings, type SourceControlSettings } from '../domain/integration.events.js';
import { orgStreamId } from '../domain/streams.js';
import { handleCommand, loadStream, type CommandContext } from './handle-command.js';
import type { StateCache } from './state-cache.js';

export interface SourceControlInput {
  provider: 'github' | 'gitlab';
  repository: string;
  token?: string;
  base_url?: string;
}

export type IntegrationInput =
  | { board_type: 'jira'; base_url: string; email: string; api_token?: string; project_keys?: string[]; source_control?: SourceControlInput }
  | { board_type: 'linear'; api_key?: string; api_url?: string; team_keys?: string[]; source_control?: SourceControlInput };

export interface IntegrationDeps {
  store: EventStore;
  secrets: SecretStore;
  now: () => Date;
  /** Throws with a message naming the rule when a provider URL is not allowed. */
  checkUrl: (url: string) => void;
  cache?: StateCache;
}

export interface SavedConnection {
  connection: BoardConnection;
  project_keys: string[];
  source_control?: Omit<SourceControlSettings, 'token_ref'> & { token: string };
}

/** Two provider URLs that send a credential to the same place (absent = the provider's default). */
function sameDestination(a: string | undefined, b: string | undefined): boolean {
  const norm = (u: string | undefined) => {
    if (u === undefined) return '';
    try {
      return new URL(u).href.replace(/\/+$/, '');
    } catch {
      return u;
    }
  };
  return norm(a) === norm(b);
}

const missingSecret = (field: string, urlField: string) =>
  invalid(`body/${field} is required (a saved one is reused only for the same board type and the same ${urlField})`);

/** The purposes of the secrets integration settings name (the source-control one is `<provider>_token`). */
const INTEGRATION_SECRET_PURPOSES = ['jira_api_token', 'linear_api_key', 'github_token', 'gitlab_token'];

export function createIntegrationCommands(deps: IntegrationDeps) {
  const load = async (orgId: string) => (await loadStream(deps.store, orgStreamId(orgId), integrationDecider, deps.cache)).state.settings;

  const checkUrl = (field: string, url: string | undefined) => {
    if (url === undefined) return;
    try {
      deps.checkUrl(url);
    } catch (err) {
      throw invalid(`${field}: ${err instanceof Error ? err.message : 'not allowed'}`);
    }
  };

  /** The saved secret an omitted one falls back to. One that no longer decrypts must be sent again (400, not 500). */
  async function keptSecret(orgId: string, ref: string | undefined, field: string): Promise<string | undefined> {
    if (ref === undefined) return undefined;
    try {
      return await deps.secrets.get(orgId, ref);
    } catch (err) {
      if (err instanceof SecretDecryptionError) throw invalid(`body/${field} is required: the saved one cannot be decrypted (the row was altered, or SECRETS_KEY changed)`);
      throw err;
    }
  }

  /** A new secret is stored; an omitted one is kept from the saved settings of the same kind. */
  async function secretRef(orgId: string, purpose: string, value: string | undefined, kept: string | undefined, field: string, urlField: string): Promise<string> {
    if (value !== undefined) return deps.secrets.put(orgId, purpose, value);
    if (kept !== undefined) return kept;
    throw missingSecret(field, urlField);
  }

  async function sourceControl(orgId: string, input: SourceControlInput | undefined, saved: IntegrationSettings | undefined): Promise<SourceControlSettings | undefined> {
    if (!input) return undefined;
    checkUrl('body/source_control/base_url', input.base_url);
    const prev = saved?.source_control;
    const kept = prev && prev.provider === input.provider && sameDestination(prev.base_url, input.base_url) ? prev.token_ref : undefined;
    return {
      provider: input.provider,
      repository: input.repository,
      ...(input.base_url ? { base_url: input.base_url } : {}),
      token_ref: await secretRef(orgId, `${input.provider}_token`, input.token, kept, 'source_control/token', 'source_control/base_url'),
    };
  }

  /** Settings as they would be saved, without saving (also used by test-connection). */
  async function resolve(orgId: string, input: IntegrationInput, persistSecrets: boolean): Promise<{ settings?: IntegrationSettings; connection: BoardConnection }> {
    const saved = await load(orgId);
    if (input.board_type === 'jira') {
      checkUrl('body/base_url', input.base_url);
      const kept = saved?.board_type === 'jira' && sameDestination(saved.base_url, input.base_url) ? saved.api_token_ref : undefined;
      const token = input.api_token ?? (await keptSecret(orgId, kept, 'api_token'));
      if (token === undefined) throw missingSecret('api_token', 'base_url');
      const connection: BoardConnection = { board_type: 'jira', base_url: input.base_url, email: input.email, api_token: token };
      if (!persistSecrets) return { connection };
      const sc = await sourceControl(orgId, input.source_control, saved);
      return {
        connection,
        settings: {
          board_type: 'jira',
          base_url: input.base_url,
          email: input.email,
          project_keys: input.project_keys ?? [],
          api_token_ref: await secretRef(orgId, 'jira_api_token', input.api_token, kept, 'api_token', 'base_url'),
          ...(sc ? { source_control: sc } : {}),
        },
      };
    }
    checkUrl('body/api_url', input.api_url);
    const kept = saved?.board_type === 'linear' && sameDestination(saved.api_url, input.api_url) ? saved.api_key_ref : undefined;
    const key = input.api_key ?? (await keptSecret(orgId, kept, 'api_key'));
    if (key === undefined) throw missingSecret('api_key', 'api_url');
    const connection: BoardConnection = { board_type: 'linear', api_key: key, ...(input.api_url ? { api_url: input.api_url } : {}) };
    if (!persistSecrets) return { connection };
    const sc = await sourceControl(orgId, input.source_control, saved);
    return {
      connection,
      settings: {
        board_type: 'linear',
        ...(input.api_url ? { api_url: input.api_url } : {}),
        team_keys: input.team_keys ?? [],
        api_key_ref: await secretRef(orgId, 'linear_api_key', input.api_key, kept, 'api_key', 'api_url'),
        ...(sc ? { source_control: sc } : {}),
      },
    };
  }

  return {
    async save(orgId: string, input: IntegrationInput, context: CommandContext) {
      const { settings } = await resolve(orgId, input, true);
      if (!settings) throw new Error('settings were not resolved');
      const result = await handleCommand({
        store: deps.store,
        streamId: orgStreamId(orgId),
        decider: integrationDecider,
        command: { type: 'SaveIntegrationSettings', settings, now: deps.now() },
        context,
        ...(deps.cache ? { cache: deps.cache } : {}),
      });
      // The secrets these settings no longer name (a replaced token, a switched board) are deleted.
      const keep = [settings.board_type === 'jira' ? settings.api_token_ref : settings.api_key_ref, settings.source_control?.token_ref].filter((r) => r !== undefined);
      await deps.secrets.removeReplaced(orgId, INTEGRATION_SECRET_PURPOSES, keep);
      return result;
    },
    /** The connection the input describes, without saving anything (test-connection). */
    async connectionFor(orgId: string, input: IntegrationInput): Promise<BoardConnection> {
      return (await resolve(orgId, input, false)).connection;
    },
    /** The saved connection with its secrets decrypted, for calls to the board; undefined when none. */
    async loadBoardConnection(orgId: string): Promise<SavedConnection | undefined> {
      const settings = await load(orgId);
      if (!settings) return undefined;
      const ref = settings.board_type === 'jira' ? settings.api_token_ref : settings.api_key_ref;
      const secret = await deps.secrets.get(orgId, ref);
      if (secret === undefined) return undefined;
      const connection: BoardConnection =
        settings.board_type === 'jira'
          ? { board_type: 'jira', base_url: settings.base_url, email: settings.email, api_token: secret }
          : { board_type: 'linear', api_key: secret, ...(settings.api_url ? { api_url: settings.api_url } : {}) };
      let sc: SavedConnection['source_control'];
      if (settings.source_control) {
        const token = await deps.secrets.get(orgId, settings.source_control.token_ref);
        if (token !== undefined) {
          const { token_ref: _ref, ...rest } = settings.source_control;
          sc = { ...rest, token };
        }
      }
      return { connection, project_keys: projectKeysOf(settings), ...(sc ? { source_control: sc } : {}) };
    },
  };
}

export type IntegrationCommands = ReturnType<typeof createIntegrationCommands>;
