// Cycle T (triage): active items missing an assignee, an estimate or a priority get one comment
// naming what is missing and the `needs-triage` label. The label is what makes the cycle idempotent:
// an item that already carries it is not commented on again.
import type { BoardItem } from '../board.js';
import type { ActionDraft, Cycle } from './cycle.js';

export const TRIAGE_LABEL = 'needs-triage';

function missingFields(item: BoardItem): string[] {
  const missing: string[] = [];
  if (!item.assignee) missing.push('an assignee');
  if (item.estimate === null) missing.push('an estimate');
  if (!item.priority) missing.push('a priority');
  return missing;
}

export const triageCycle: Cycle = {
  id: 'T',
  name: 'triage',
  plan(snapshot) {
    const drafts: ActionDraft[] = [];
    for (const item of snapshot.items) {
      if (item.statusCategory === 'done' || item.labels.includes(TRIAGE_LABEL)) continue;
      const missing = missingFields(item);
      if (missing.length === 0) continue;
      const list = missing.length === 1 ? missing[0]! : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)!}`;
      const reason = `missing ${list}`;
      drafts.push(
        {
          kind: 'comment',
          item_key: item.key,
          item_title: item.title,
          params: { body: `Sprintguard triage: this item has no ${list.replace(/\b(an?) /g, '')}. Please add ${list} so it can be planned.` },
          reason,
        },
        { kind: 'label', item_key: item.key, item_title: item.title, params: { label: TRIAGE_LABEL }, reason },
      );
    }
    return drafts;
  },
};
