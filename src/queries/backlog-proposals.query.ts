// Reads of the backlog_proposals read model. Every query filters by the caller's organization.
import type { Knex } from 'knex';
import type { ProposalState } from '../domain/proposal.decider.js';
import type { ProposalEvent } from '../domain/proposal.events.js';
import type { ProposalView } from '../http/schemas/backlog.schemas.js';
import type { ProposalRow } from '../projections/backlog-proposals.schema.js';

export interface ProposalFilters {
  status?: string;
  board_type?: string;
  project_key?: string;
  kind?: string;
  q?: string;
  limit?: number;
  offset?: number;
}

const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());

/** The proposal row columns the view shows; timestamps may be ISO text when computed rather than read. */
export type ProposalRowRead = Omit<ProposalRow, 'org_id' | 'revision' | 'decided_at' | 'applied_at' | 'created_at' | 'updated_at'> & {
  decided_at: Date | string | null;
  applied_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** ts_rank of the free-text query (numeric text from the driver); present only when `q` was given. */
  rank?: number | string;
};

/** The one mapping of a proposal row to the API's BacklogProposal (lists, detail and decision answers). */
export function toProposalView(r: ProposalRowRead): ProposalView {
  return {
    id: r.proposal_id,
    board_type: r.board_type,
    project_key: r.project_key,
    source: r.source,
    meeting_id: r.meeting_id,
    title: r.title,
    description: r.description,
    kind: r.kind,
    labels: r.labels,
    priority: r.priority,
    evidence: r.evidence,
    status: r.status,
    created_by: r.created_by,
    decided_by: r.decided_by,
    decided_at: iso(r.decided_at),
    decision_reason: r.decision_reason,
    provider_key: r.provider_key,
    provider_url: r.provider_url,
    apply_error: r.apply_error,
    applied_at: iso(r.applied_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    ...(r.rank !== undefined ? { rank: Number(r.rank) } : {}),
  };
}

/**
 * The proposal as its stream shows it (for answers given when the read model has not caught up),
 * with the decision the command just appended, if any.
 */
export function proposalViewFromState(state: ProposalState, decision?: ProposalEvent): ProposalView {
  const p = state.proposal!;
  const decided = decision?.type === 'ProposalAccepted' || decision?.type === 'ProposalRejected' ? decision : undefined;
  return toProposalView({
    proposal_id: p.proposal_id,
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
    status: state.status!,
    created_by: p.created_by,
    decided_by: decided?.data.by ?? null,
    decided_at: decided?.data.at ?? null,
    decision_reason: decided ? (decided.data.reason ?? null) : null,
    provider_key: state.provider_key ?? null,
    provider_url: null,
    apply_error: null,
    applied_at: null,
    created_at: p.at,
    updated_at: decided?.data.at ?? p.at,
  });
}

const COLUMNS = [
  'proposal_id', 'board_type', 'project_key', 'source', 'meeting_id', 'title', 'description', 'kind', 'labels', 'priority', 'evidence',
  'status', 'created_by', 'decided_by', 'decided_at', 'decision_reason', 'provider_key', 'provider_url', 'apply_error', 'applied_at',
  'created_at', 'updated_at',
];

/**
 * Newest first; with `q`, PostgreSQL full-text search over title (weight A) and description (B),
 * best ts_rank first. websearch_to_tsquery accepts what people type ("csv export" -crash, quotes, or).
 */
export async function listProposals(knex: Knex, orgId: string, filters: ProposalFilters): Promise<ProposalView[]> {
  const q = knex('backlog_proposals').select(COLUMNS).where({ org_id: orgId });
  if (filters.status) void q.andWhere({ status: filters.status });
  if (filters.board_type) void q.andWhere({ board_type: filters.board_type });
  if (filters.project_key) void q.andWhere({ project_key: filters.project_key });
  if (filters.kind) void q.andWhere({ kind: filters.kind });
  const text = filters.q?.trim();
  if (text) {
    void q
      .select(knex.raw(`ts_rank(search, websearch_to_tsquery('english', ?)) AS rank`, [text]))
      .andWhereRaw(`search @@ websearch_to_tsquery('english', ?)`, [text])
      .orderBy([{ column: 'rank', order: 'desc' }]);
  }
  const rows = await q
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'proposal_id', order: 'asc' }])
    .limit(filters.limit ?? 50)
    .offset(filters.offset ?? 0);
  return (rows as ProposalRowRead[]).map(toProposalView);
}

export async function getProposal(knex: Knex, orgId: string, proposalId: string): Promise<ProposalView | undefined> {
  const row = await knex('backlog_proposals').select(COLUMNS).where({ org_id: orgId, proposal_id: proposalId }).first<ProposalRowRead | undefined>();
  return row ? toProposalView(row) : undefined;
}

/** Proposals waiting for a decision, oldest first (the approval inbox). */
export async function listPendingProposals(knex: Knex, orgId: string, limit = 100): Promise<ProposalView[]> {
  const rows = await knex('backlog_proposals')
    .select(COLUMNS)
    .where({ org_id: orgId, status: 'pending' })
    .orderBy([{ column: 'created_at', order: 'asc' }, { column: 'proposal_id', order: 'asc' }])
    .limit(limit);
  return (rows as ProposalRowRead[]).map(toProposalView);
}

export type ProposalStatusCounts = Record<'pending' | 'accepted' | 'rejected' | 'applying' | 'applied' | 'apply_failed', number>;

export async function countProposalsByStatus(knex: Knex, orgId: string): Promise<ProposalStatusCounts> {
  const { rows } = await knex.raw<{ rows: ProposalStatusCounts[] }>(
    `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status = 'accepted')::int AS accepted,
            count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
            count(*) FILTER (WHERE status = 'applying')::int AS applying,
            count(*) FILTER (WHERE status = 'applied')::int AS applied,
            count(*) FILTER (WHERE status = 'apply_failed')::int AS apply_failed
       FROM backlog_proposals WHERE org_id = ?`,
    [orgId],
  );
  return rows[0]!;
}
