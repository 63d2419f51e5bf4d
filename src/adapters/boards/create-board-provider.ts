// Builds the board provider for a saved connection. The provider URL policy is applied here, before
// an adapter exists, so a connection whose base URL the policy refuses never leads to a request
// (the adapters check again, for callers that build them directly).
import type { BoardConnection, BoardProvider } from './board-provider.js';
import { createJiraBoard } from './jira/jira-board.js';
import { createLinearBoard } from './linear/linear-board.js';
import { assertProviderUrlAllowed } from './url-policy.js';

export interface BoardProviderOptions {
  /** ALLOW_PRIVATE_PROVIDER_URLS: lets tests and development use local stand-ins. */
  allowPrivateUrls: boolean;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first on rate limits and server errors (default 3). */
  maxRetries?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const LINEAR_DEFAULT_URL = 'https://api.linear.app/graphql';

/** Throws ProviderUrlError (from url-policy) when the connection's base URL is not allowed. */
export function createBoardProvider(connection: BoardConnection, options: BoardProviderOptions): BoardProvider {
  switch (connection.board_type) {
    case 'jira':
      assertProviderUrlAllowed(connection.base_url, options.allowPrivateUrls);
      return createJiraBoard(connection, options);
    case 'linear':
      assertProviderUrlAllowed(connection.api_url ?? LINEAR_DEFAULT_URL, options.allowPrivateUrls);
      return createLinearBoard(connection, options);
  }
}
