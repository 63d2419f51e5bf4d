// backlog_proposals: one row per proposal, from the proposal streams. A batch loads the rows it
// touches, folds the events past each row's revision in memory, then writes one revision-guarded
// multi-row upsert, so replays change nothing.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../adapters/event-store.js';
import type { ProposalEvent } from '../domain/proposal.events.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import type { ProposalRow } from './backlog-proposals.schema.js';
import type { Projection } from './projection.js';
import { upsertForward } from './upsert.js';

export const BACKLOG_PROPOSALS_PROJECTION = 'backlog_proposals';

const COLUMNS: (keyof ProposalRow)[] = [
  'proposal_id', 'org_id', 'board_type', 'project_key', 'source', 'meeting_id', 'title', 'description', 'kind', 'labels', 'priority',
  'evidence', 'status', 'created_by', 'decided_by', 'decided_at', 'decision_reason', 'provider_key', 'provider_url', 'apply_error',
  'applied_at', 'created_at', 'updated_at', 'revision',
];

function apply(rows: Map<string, ProposalRow>, touched: Set<string>, recorded: RecordedEvent): void {
  const id = idOfStream('proposal', recorded.streamName);
  if (!id) return;
  const event = { type: recorded.type, data: recorded.data } as ProposalEvent;
  const revision = recorded.revision.toString();
  const at = recorded.created;
  let row = rows.get(id);
  if (row && BigInt(row.revision) >= recorded.revision) return; // already applied
  if (event.type === 'ProposalCreated') {
    const p = event.data;
    row = {
      proposal_id: id,
      org_id: p.org_id,
      board_type: p.board_type,
      project_key: p.project_key,
      source: p.source,
      meeting_id: p.meeting_id ?? null,
      title: p.title,
      description: p.description ?? null,
      kind: p.kind,
      labels: p.labels,
      priority: p.priority ?? null,
      evidence: p.evidence ?? null,
      status: 'pending',
      created_by: p.created_by,
      decided_by: null,
      decided_at: null,
      decision_reason: null,
      provider_key: null,
      provider_url: null,
      apply_error: null,
      applied_at: null,
      created_at: new Date(p.at),
      updated_at: at,
      revision,
    };
    rows.set(id, row);
    touched.add(id);
    return;
  }
  if (!row) return; // a proposal whose creation we never saw: nothing to attach to
  row.revision = revision;
  row.updated_at = at;
  touched.add(id);
  switch (event.type) {
    case 'ProposalAccepted':
    case 'ProposalRejected':
      row.status = event.type === 'ProposalAccepted' ? 'accepted' : 'rejected';
      row.decided_by = event.data.by;
      row.decided_at = new Date(event.data.at);
      row.decision_reason = event.data.reason ?? null;
      if (event.type === 'ProposalAccepted' && event.data.dry_run) row.apply_error = 'not applied: accepted while the write mode was dry_run';
      break;
    case 'ProposalReopened':
      row.status = 'pending';
      row.decided_by = null;
      row.decided_at = null;
      row.decision_reason = null;
      break;
    case 'ProposalApplyStarted':
      row.status = 'applying';
      break;
    case 'ProposalApplied':
      row.status = 'applied';
      row.provider_key = event.data.provider_key;
      row.provider_url = event.data.url ?? null;
      row.applied_at = new Date(event.data.at);
      row.apply_error = null;
      break;
    case 'ProposalApplyFailed':
      row.status = 'apply_failed';
      row.apply_error = event.data.message;
      break;
    default:
      break;
  }
}

export const backlogProposalsProjection: Projection = {
  name: BACKLOG_PROPOSALS_PROJECTION,
  version: 1,
  tables: ['backlog_proposals'],
  filter: { streamPrefixes: [streamCategories.proposal] },
  async apply(trx: Knex.Transaction, events) {
    const ids = [...new Set(events.map((e) => idOfStream('proposal', e.streamName)).filter((id): id is string => id !== undefined))];
    if (ids.length === 0) return;
    const rows = new Map<string, ProposalRow>();
    const existing = await trx<ProposalRow>('backlog_proposals').select(COLUMNS).whereIn('proposal_id', ids).forUpdate();
    for (const r of existing) rows.set(r.proposal_id, { ...r, revision: String(r.revision) });
    const touched = new Set<string>();
    for (const event of events) apply(rows, touched, event);
    await upsertForward(trx, 'backlog_proposals', ['proposal_id'], [...touched].map((id) => rows.get(id)!));
  },
};
