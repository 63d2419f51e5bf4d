// The texts of the chat answers. Pure: the answerer gathers runs, approvals and board items and
// passes them in. Plain text with simple bullets reads well in every chat product.
import type { BoardItem } from './board.js';

export const CHAT_HELP = [
  'Commands:',
  '• status [PROJECT]: the latest runs and what waits for approval',
  '• next [PROJECT]: the highest-ranked active item on the board',
  '• blocked [PROJECT]: active items that are blocked or flagged',
  '• help: this list',
  'Anything else is a question for the chat assistant, when your organization enabled it.',
].join('\n');

/** Said on any internal failure: no exception detail, ever (docs/security.md, "Error shapes"). */
export const CHAT_GENERIC_FAILURE = 'Sorry, something went wrong while answering. Please try again in a moment.';

export const CHAT_NO_ASSISTANT = `Free questions need the chat assistant, which is not enabled for your organization (feature flag chat_assistant and a configured language model).\n${CHAT_HELP}`;

export const CHAT_ASSISTANT_UNAVAILABLE = `The chat assistant could not answer just now. Please try again later.\n${CHAT_HELP}`;

export interface RunSummary {
  id: string;
  board_type: string;
  project_key: string;
  status: string;
  is_dry_run: boolean;
  planned_actions_count: number;
  executed_actions_count: number;
  pending_actions_count: number;
  updated_at: string;
}

export interface PendingApprovals {
  actions: number;
  runConfirmations: number;
  proposals: number;
}

/** One line per run: "run-1 jira/ENG: completed, 4 planned, 2 executed (updated …)". */
export function describeRun(run: RunSummary): string {
  const parts = [`${run.planned_actions_count} planned`, `${run.executed_actions_count} executed`];
  if (run.pending_actions_count > 0) parts.push(`${run.pending_actions_count} awaiting approval`);
  return `• ${run.id} ${run.board_type}/${run.project_key}: ${run.status}${run.is_dry_run ? ' (dry run)' : ''}, ${parts.join(', ')} (updated ${run.updated_at})`;
}

export function statusAnswer(runs: RunSummary[], pending: PendingApprovals, projectKey: string | null): string {
  const lines: string[] = [];
  const scope = projectKey ? ` in ${projectKey}` : '';
  if (runs.length === 0) lines.push(`No runs yet${scope}.`);
  else lines.push(`Latest runs${scope}:`, ...runs.map(describeRun));
  const total = pending.actions + pending.runConfirmations + pending.proposals;
  lines.push(
    total === 0
      ? 'Nothing waits for approval.'
      : `Waiting for approval: ${pending.actions} action(s), ${pending.runConfirmations} run confirmation(s), ${pending.proposals} backlog proposal(s).`,
  );
  return lines.join('\n');
}

function describeItem(item: BoardItem): string {
  const facts = [item.status, item.priority ?? 'no priority', item.assignee?.name ?? 'unassigned'];
  return `${item.key} ${item.title} (${facts.join(', ')})${item.url ? ` ${item.url}` : ''}`;
}

export function nextAnswer(item: BoardItem | undefined, projectKey: string): string {
  return item ? `Next in ${projectKey}: ${describeItem(item)}` : `No active items in ${projectKey}.`;
}

/** Labels that mark an item as blocked on both providers (compared case-insensitively). */
const BLOCKED_LABELS = new Set(['blocked', 'blocker', 'flagged', 'impediment', 'on-hold', 'on_hold']);

/**
 * Blocked: an active item whose status names a block ("Blocked", "On hold", "Impeded") or that
 * carries a blocking label. Jira's "Flagged" marker is a custom field the board port does not read;
 * teams that flag through a label are covered.
 */
export function isBlocked(item: BoardItem): boolean {
  if (item.statusCategory === 'done') return false;
  if (/\b(blocked|on[\s-]?hold|imped(ed|iment))\b/i.test(item.status)) return true;
  return item.labels.some((label) => BLOCKED_LABELS.has(label.toLowerCase()));
}

export function blockedAnswer(items: BoardItem[], projectKey: string): string {
  const blocked = items.filter(isBlocked);
  if (blocked.length === 0) return `Nothing is blocked in ${projectKey}.`;
  return [`Blocked in ${projectKey} (${blocked.length}):`, ...blocked.map((item) => `• ${describeItem(item)}`)].join('\n');
}

export const noProjectAnswer = (command: string) =>
  `Name a project, e.g. "${command} ENG": the board integration names no default project.`;
