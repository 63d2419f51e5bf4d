// The board-provider port: what the run engine, backlog and chat need from Jira Cloud or Linear.
// Adapters: jira/jira-board.ts (REST v3), linear/linear-board.ts (GraphQL). Both honour 429 +
// Retry-After and 5xx with bounded retries, time out, and never put a credential in an error.

import type { BoardItem, StatusCategory } from '../../domain/board.js';

export type { BoardItem, BoardKind, BoardUser, StatusCategory } from '../../domain/board.js';

export interface NewBoardItem {
  title: string;
  description?: string;
  kind?: 'story' | 'bug' | 'task';
  labels?: string[];
  /** 1 (highest) … 4 (lowest). */
  priority?: number;
}

export interface TransitionTarget {
  /** Target status name (case-insensitive), preferred when given. */
  name?: string;
  category?: StatusCategory;
}

export interface PullRequestLink {
  /** Stable id so repeating the link is harmless (Jira remote-link globalId). */
  globalId: string;
  url: string;
  title: string;
}

export interface BoardProvider {
  readonly kind: 'jira' | 'linear';
  /** Checks the credentials (and the project when given); returns the account it acts as. */
  testConnection(projectKey?: string): Promise<{ account: string }>;
  /** Active (not done) items of a project, highest-ranked first. */
  listActiveItems(projectKey: string, options?: { limit?: number }): Promise<BoardItem[]>;
  /** One item, or undefined when it does not exist. */
  getItem(key: string): Promise<BoardItem | undefined>;
  /** Adds a comment; `marker` is embedded so hasComment can find it again (crash reconciliation). */
  comment(key: string, body: string, marker?: string): Promise<void>;
  /** True when a comment containing `marker` exists on the item. */
  hasComment(key: string, marker: string): Promise<boolean>;
  transition(key: string, target: TransitionTarget): Promise<void>;
  /** Assigns to the user matched by id, e-mail or name; null unassigns. */
  assign(key: string, assignee: string | null): Promise<void>;
  addLabel(key: string, label: string): Promise<void>;
  createItem(projectKey: string, item: NewBoardItem): Promise<{ id: string; key: string; url?: string }>;
  linkPullRequest(key: string, link: PullRequestLink): Promise<void>;
}

/** A provider call failed; the message is safe to show (it never contains a credential). */
export class BoardProviderError extends Error {
  override readonly name = 'BoardProviderError';
  constructor(
    message: string,
    readonly details: {
      status?: number;
      retryable: boolean;
      kind?: 'auth' | 'not_found' | 'rate_limited' | 'invalid' | 'unavailable';
      /** A change that is not safe to repeat may have been applied all the same (timeout, 5xx): look before trying again. */
      maybeApplied?: boolean;
    },
  ) {
    super(message);
  }
}

export interface JiraConnection {
  board_type: 'jira';
  base_url: string;
  email: string;
  api_token: string;
}

export interface LinearConnection {
  board_type: 'linear';
  api_key: string;
  /** Default https://api.linear.app/graphql. */
  api_url?: string;
}

export type BoardConnection = JiraConnection | LinearConnection;
