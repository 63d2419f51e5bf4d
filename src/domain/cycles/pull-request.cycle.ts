// Cycle P (pull-request linking): ticket keys of the run's project found in recent pull requests
// (title, branch, body) plan one `link_pull_request` action per (ticket, pull request) that is not
// linked yet. "Linked" is an input (snapshot.linkedPullRequests, from the runs read model), so the
// planner stays pure; the board call itself is idempotent too (Jira remote link keyed by globalId,
// Linear attachment per issue + URL), so repeating an action is harmless.
import type { ActionDraft, Cycle, PullRequestSummary } from './cycle.js';

/** The identity of one link: a ticket and a pull request URL. */
export const pullRequestLinkKey = (itemKey: string, url: string) => `${itemKey} ${url}`;

/** Jira's globalId is at most 255 characters. */
const MAX_GLOBAL_ID = 255;
const MAX_TITLE = 255;

/** The remote link's global id: one per pull request, so re-linking the same one updates it. */
export function pullRequestGlobalId(pr: PullRequestSummary): string {
  return `sprintguard-pr:${pr.url}`.slice(0, MAX_GLOBAL_ID);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Keys of `projectKey` in `text`, in order of first appearance, without duplicates. Case-sensitive,
 * as Jira and Linear write keys (`eng-12` is not ENG-12). Word-bounded: not preceded by a letter,
 * digit or underscore (so project NG does not match ENG-12, nor ENG match MY_ENG-12), not followed by
 * a letter or digit (ENG-12a is no key, ENG-123 is not ENG-12); `feature/ENG-12-fix`, `ENG-12_fix`,
 * `(ENG-12)` and `fix-ENG-12` all name ENG-12. Issue numbers have no leading zero.
 */
export function ticketKeysIn(text: string, projectKey: string): string[] {
  const pattern = new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(projectKey)}-([1-9][0-9]{0,9})(?![A-Za-z0-9])`, 'g');
  const keys: string[] = [];
  for (const m of text.matchAll(pattern)) {
    const key = `${projectKey}-${m[1]!}`;
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** Where a pull request names the key, for the action's reason. */
function where(pr: PullRequestSummary, key: string, projectKey: string): string {
  const places: [string, string][] = [['title', pr.title], ['branch', pr.branch], ['description', pr.body]];
  return places.filter(([, text]) => ticketKeysIn(text, projectKey).includes(key)).map(([name]) => name).join(' and ');
}

export const pullRequestCycle: Cycle = {
  id: 'P',
  name: 'pull-request linking',
  plan(snapshot) {
    const linked = snapshot.linkedPullRequests ?? new Set<string>();
    const titles = new Map(snapshot.items.map((i) => [i.key, i.title]));
    const drafts: ActionDraft[] = [];
    const planned = new Set<string>();
    for (const pr of snapshot.pullRequests ?? []) {
      if (!pr.url) continue;
      // Title first, then branch, then body: the order a reader meets them.
      const keys = ticketKeysIn(`${pr.title}\n${pr.branch}\n${pr.body}`, snapshot.projectKey);
      for (const key of keys) {
        const id = pullRequestLinkKey(key, pr.url);
        if (linked.has(id) || planned.has(id)) continue;
        planned.add(id);
        const title = `${pr.repository}#${pr.number}: ${pr.title}`.slice(0, MAX_TITLE);
        const itemTitle = titles.get(key);
        drafts.push({
          kind: 'link_pull_request',
          item_key: key,
          ...(itemTitle !== undefined ? { item_title: itemTitle } : {}),
          params: { url: pr.url, title, global_id: pullRequestGlobalId(pr), repository: pr.repository, number: pr.number, state: pr.state },
          reason: `pull request ${pr.repository}#${pr.number} mentions ${key} in its ${where(pr, key, snapshot.projectKey)}`,
        });
      }
    }
    return drafts;
  },
};
