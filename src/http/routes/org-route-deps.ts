// What the org-stream routes need, passed as plugin options.
import type { Knex } from 'knex';
import type { Position } from '../../adapters/event-store.js';
import type { OrgCommands } from '../../commands/org.commands.js';

export interface OrgRouteDeps {
  knex: Knex;
  orgCommands: OrgCommands;
  /** Waits (bounded) until the org read models include `position`, so a write is visible to the next read. */
  awaitReadModel(position: Position | undefined): Promise<void>;
  /** Refuses a stored assignment for a new member beyond the plan's limit (billing); throws a DomainError. */
  checkNewMember?: (orgId: string, userId: string) => Promise<void>;
}
