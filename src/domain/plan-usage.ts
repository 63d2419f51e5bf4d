// The port through which plan limits read usage. The queries implement it over the read models and
// the commands consume it; it lives here so that neither imports the other.
import type { BoardType } from './org.events.js';

/** Reads of the read models that measure usage; every one is scoped to one organization. */
export interface PlanUsageReader {
  /** Runs requested since `since` (the start of the current UTC month). */
  runsSince(orgId: string, since: Date): Promise<number>;
  /** Distinct (board type, project key) pairs with runs. */
  projects(orgId: string): Promise<number>;
  hasRunsFor(orgId: string, boardType: BoardType, projectKey: string): Promise<boolean>;
  /** Members: users with a stored role assignment or seen through their tokens. */
  members(orgId: string): Promise<number>;
  isMember(orgId: string, userId: string): Promise<boolean>;
}
