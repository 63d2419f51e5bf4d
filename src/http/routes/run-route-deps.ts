// What the run routes need, passed as plugin options.
import type { Knex } from 'knex';
import type { EventStore, Position } from '../../adapters/event-store.js';
import type { BoardProvider } from '../../adapters/boards/board-provider.js';
import type { RunCommands } from '../../commands/run.commands.js';
import type { OrgCommands } from '../../commands/org.commands.js';
import type { RunListCache } from '../run-list-cache.js';
import type { ReadYourWrites } from '../read-your-writes.js';

export interface ConnectedBoard {
  provider: BoardProvider;
  board_type: 'jira' | 'linear';
  /** Project (Jira) or team (Linear) keys saved with the integration, first is the default. */
  project_keys: string[];
}

export interface RunRouteDeps {
  knex: Knex;
  /** For audit reads folded from the run stream itself (history, as_of). */
  store: EventStore;
  runCommands: RunCommands;
  orgCommands: OrgCommands;
  /** The organization's connected board; throws a DomainError (400) when none is configured. */
  connectedBoard(orgId: string, trace?: string): Promise<ConnectedBoard>;
  /**
   * Waits (bounded) until the runs read model includes `position`, or without one everything
   * appended to this run so far; false when the wait ended first (the read model lags).
   */
  awaitRun(runId: string, position?: Position): Promise<boolean>;
  /** Action decisions answer without waiting for the read model; run reads wait for the caller's writes instead. */
  consistency: ReadYourWrites;
  /** Serialized run-list pages by runs checkpoint; absent: every list request reads the read model. */
  runListCache?: RunListCache | undefined;
}
