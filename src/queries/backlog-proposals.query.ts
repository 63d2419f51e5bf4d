// Reads of the backlog_proposals read model. Every query filters by the caller's organization.
import type { Knex } from 'knex';

export interface ProposalView {
  id: string;
  board_type: string;
  project_key: string;
  source: string;
  meeting_id: string | null;
  title: string;
  description: string | null;
  kind: string;
  labels: string[];
  priority: number | null;
  evidence: string | null;
  status: string;
  created_by: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  provider_key: string | null;
  provider_url: string | null;
  apply_error: string | null;
  applied_at: string | null;
  created_at: string;
  updated_at: string;
  /** ts_rank of the free-text query; present only when `q` was given. */
  rank?: number;
}

export interface ProposalFilters {
  status?: string;
  board_type?: string;
  project_key?: string;
  kind?: string;
  q?: string;
  limit?: number;
  offset?: number;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function toView(row: Record<string, unknown>): ProposalView {
  const r = row as unknown as Omit<ProposalView, 'id' | 'decided_at' | 'applied_at' | 'created_at' | 'updated_at' | 'rank'> & {
    proposal_id: string;
    decided_at: Date | null;
    applied_at: Date | null;
    created_at: Date;
    updated_at: Date;
    rank?: number | string;
  };
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
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    ...(r.rank !== undefined ? { rank: Number(r.rank) } : {}),
  };
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
  return rows.map(toView);
}

export async function getProposal(knex: Knex, orgId: string, proposalId: string): Promise<ProposalView | undefined> {
  const row = await knex('backlog_proposals').select(COLUMNS).where({ org_id: orgId, proposal_id: proposalId }).first<Record<string, unknown> | undefined>();
  return row ? toView(row) : undefined;
}

/** Proposals waiting for a decision, oldest first (the approval inbox). */
export async function listPendingProposals(knex: Knex, orgId: string, limit = 100): Promise<ProposalView[]> {
  const rows = await knex('backlog_proposals')
    .select(COLUMNS)
    .where({ org_id: orgId, status: 'pending' })
    .orderBy([{ column: 'created_at', order: 'asc' }, { column: 'proposal_id', order: 'asc' }])
    .limit(limit);
  return rows.map(toView);
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
