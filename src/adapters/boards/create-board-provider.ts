// Builds the board provider for a saved connection.
import type { BoardConnection, BoardProvider } from './board-provider.js';
import { createJiraBoard } from './jira/jira-board.js';
import { createLinearBoard } from './linear/linear-board.js';

export interface BoardProviderOptions {
  /** ALLOW_PRIVATE_PROVIDER_URLS: lets tests and development use local stand-ins. */
  allowPrivateUrls: boolean;
  timeoutMs?: number;
}

export function createBoardProvider(connection: BoardConnection, options: BoardProviderOptions): BoardProvider {
  return connection.board_type === 'jira' ? createJiraBoard(connection, options) : createLinearBoard(connection, options);
}
