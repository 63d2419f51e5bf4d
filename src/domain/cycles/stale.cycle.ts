// Cycle S (stale): in-progress items not updated for `staleDays` days get a nudge comment and the
// `stale` label; the label keeps a later run from nudging the same item again.
import type { ActionDraft, Cycle } from './cycle.js';

export const STALE_LABEL = 'stale';
const DAY_MS = 24 * 60 * 60 * 1000;

export const staleCycle: Cycle = {
  id: 'S',
  name: 'stale',
  plan(snapshot, options, now) {
    const drafts: ActionDraft[] = [];
    for (const item of snapshot.items) {
      if (item.statusCategory !== 'in_progress' || item.labels.includes(STALE_LABEL)) continue;
      const updated = Date.parse(item.updatedAt);
      if (Number.isNaN(updated)) continue;
      const days = Math.floor((now.getTime() - updated) / DAY_MS);
      if (days < options.staleDays) continue;
      const reason = `in progress with no update for ${days} days`;
      const who = item.assignee ? ` @${item.assignee.name}` : '';
      drafts.push(
        {
          kind: 'comment',
          item_key: item.key,
          item_title: item.title,
          params: { body: `Sprintguard:${who} this item has been in progress with no update for ${days} days. Is it blocked?` },
          reason,
        },
        { kind: 'label', item_key: item.key, item_title: item.title, params: { label: STALE_LABEL }, reason },
      );
    }
    return drafts;
  },
};
