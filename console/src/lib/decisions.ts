// The decisions an inbox item offers (its `decide` links), which permission each needs, and the
// body each route takes. Pure, so the rules are unit-tested.
import type { InboxItem, Permission } from '../api/types';

export type Verdict = 'yes' | 'no';

export interface Decision {
  verdict: Verdict;
  label: string;
  path: string;
  permission: Permission;
  body: { reason?: string; decision?: string };
}

const LABELS: Record<string, string> = { approve: 'Approve', confirm: 'Confirm', accept: 'Accept', reject: 'Reject' };

export function decisionsOf(item: InboxItem, reason: string): Decision[] {
  const trimmed = reason.trim();
  return item.decide.map((link) => {
    const verdict: Verdict = link.decision === 'reject' ? 'no' : 'yes';
    const proposal = item.kind === 'proposal';
    const permission: Permission = proposal ? 'backlog:decide' : link.decision === 'confirm' ? 'runs:confirm' : 'runs:approve';
    return {
      verdict,
      label: LABELS[link.decision] ?? link.decision,
      path: link.path,
      permission,
      // Proposals take the decision in the body; run and action routes are the decision.
      body: { ...(proposal ? { decision: link.decision } : {}), ...(trimmed ? { reason: trimmed } : {}) },
    };
  });
}

export const decisionFor = (item: InboxItem, verdict: Verdict, reason: string): Decision | undefined =>
  decisionsOf(item, reason).find((d) => d.verdict === verdict);

/** Oldest first, ties by id, whatever order the server sent. */
export const oldestFirst = (items: readonly InboxItem[]): InboxItem[] =>
  [...items].sort((a, b) => a.waiting_since.localeCompare(b.waiting_since) || itemKey(a).localeCompare(itemKey(b), 'en', { numeric: true }));

export const KIND_LABELS: Record<string, string> = { action: 'Action', run_confirmation: 'Run to confirm', proposal: 'Proposal' };

/** An action id is unique within its run only: the inbox keys items by kind, run and id. */
export const itemKey = (item: InboxItem): string => `${item.kind}:${item.run_id ?? ''}:${item.id}`;
