// Builds the board provider for a saved connection.
import { BoardProviderError, type BoardConnection, type BoardProvider } from './board-provider.js';
import { createJiraBoard } from './jira/jira-board.js';

export interface BoardProviderOptions {
  /** ALLOW_PRIVATE_PROVIDER_URLS: lets tests and development use local stand-ins. */
  allowPrivateUrls: boolean;
  timeoutMs?: number;
}

export function createBoardProvider(connection: BoardConnection, options: BoardProviderOptions): BoardProvider {
  if (connection.board_type === 'jira') return createJiraBoard(connection, options);
  throw new BoardProviderError('Linear boards are not available in this build yet', { retryable: false, kind: 'invalid' });
}
