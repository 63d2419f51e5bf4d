// Cycle P's ledger: which (ticket, pull request URL) links the organization's runs have made or have
// pending, read from the runs read model (run_actions of kind link_pull_request). No table of its
// own: the action log already records every planned link with its outcome, per organization.
import type { Knex } from 'knex';
import type { BoardType } from '../domain/org.events.js';

/** Non-terminal run statuses: a link planned there may still be executed. */
const OPEN_RUNS = ['planning', 'awaiting_confirmation', 'awaiting_approval', 'executing'];

export interface PullRequestLinkRow {
  item_key: string;
  url: string;
}

/**
 * Links of one board project that a new plan must not propose again:
 * - executed (the link is on the board);
 * - rejected by a person (they said no; a later run does not ask again);
 * - still pending in an open run (proposed, approved or executing).
 * Failed and skipped (action cap, dry run, not approved in time, run rejected) ones may be planned again.
 */
export async function linkedPullRequests(knex: Knex, orgId: string, boardType: BoardType, projectKey: string): Promise<PullRequestLinkRow[]> {
  const rows = await knex('run_actions as a')
    .join('runs as r', 'r.run_id', 'a.run_id')
    .where('a.org_id', orgId)
    .andWhere('r.org_id', orgId)
    .andWhere('r.board_type', boardType)
    .andWhere('r.project_key', projectKey)
    .andWhere('a.kind', 'link_pull_request')
    .andWhere((q) => {
      void q.whereIn('a.status', ['executed', 'rejected']).orWhere((open) => {
        void open.whereIn('a.status', ['proposed', 'approved', 'executing']).whereIn('r.status', OPEN_RUNS);
      });
    })
    .distinct<{ item_key: string; url: string | null }[]>('a.item_key', knex.raw("a.params->>'url' as url"));
  return rows.filter((r): r is PullRequestLinkRow => typeof r.url === 'string');
}
