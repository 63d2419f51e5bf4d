// A cycle is a pure planner: (board snapshot, options, now) → planned action drafts.
// Adding a cycle is adding one file and listing it in index.ts.
import type { BoardItem } from '../board.js';
import type { ActionKind } from '../run.events.js';
import type { CycleId } from '../org.events.js';

export interface BoardSnapshot {
  projectKey: string;
  /** Active items, highest-ranked first. */
  items: readonly BoardItem[];
  /** Extra inputs some cycles need (cycle P: recent pull requests). */
  pullRequests?: readonly PullRequestSummary[];
  /** Cycle P: links already made or pending, as `pullRequestLinkKey(item, url)` (see pull-request.cycle.ts). */
  linkedPullRequests?: ReadonlySet<string>;
}

export interface PullRequestSummary {
  number: number;
  title: string;
  branch: string;
  body: string;
  url: string;
  repository: string;
  state: string;
  updatedAt: string;
}

export interface ActionDraft {
  kind: ActionKind;
  item_key: string;
  item_title?: string;
  params: Record<string, unknown>;
  reason: string;
}

export interface CycleOptions {
  /** Cycle S: an in-progress item untouched for this many days is stale. */
  staleDays: number;
}

export const defaultCycleOptions: CycleOptions = { staleDays: 5 };

export interface Cycle {
  id: CycleId;
  name: string;
  plan(snapshot: BoardSnapshot, options: CycleOptions, now: Date): ActionDraft[];
}
