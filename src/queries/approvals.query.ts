// The approval inbox and its counts. Each pending request says what it is and where to decide it.
// Kinds: an action awaiting approval, a run awaiting confirmation, a backlog proposal awaiting a decision.
import type { Knex } from 'knex';
import type { ApprovalStats, InboxItem } from '../http/schemas/read-side.schemas.js';
import { countProposalsByStatus, listPendingProposals } from './backlog-proposals.query.js';

export async function approvalInbox(knex: Knex, orgId: string, limit = 100): Promise<InboxItem[]> {
  const actions = await knex('run_actions as a')
    .join('runs as r', 'r.run_id', 'a.run_id')
    .where({ 'a.org_id': orgId, 'r.org_id': orgId, 'a.status': 'proposed', 'r.status': 'awaiting_approval' })
    .orderBy([{ column: 'a.updated_at', order: 'asc' }, { column: 'a.seq', order: 'asc' }])
    .limit(limit)
    .select<{ run_id: string; action_id: string; kind: string; item_key: string; item_title: string | null; reason: string; updated_at: Date; board_type: string; project_key: string }[]>(
      'a.run_id', 'a.action_id', 'a.kind', 'a.item_key', 'a.item_title', 'a.reason', 'a.updated_at', 'r.board_type', 'r.project_key',
    );
  const runs = await knex('runs')
    .where({ org_id: orgId, status: 'awaiting_confirmation' })
    .orderBy('updated_at', 'asc')
    .limit(limit)
    .select<{ run_id: string; planned_actions_count: number; updated_at: Date; board_type: string; project_key: string }[]>(
      'run_id', 'planned_actions_count', 'updated_at', 'board_type', 'project_key',
    );
  const items: InboxItem[] = [
    ...actions.map((a) => ({
      kind: 'action' as const,
      id: a.action_id,
      run_id: a.run_id,
      board_type: a.board_type,
      project_key: a.project_key,
      summary: `${a.kind} on ${a.item_key}${a.item_title ? ` (${a.item_title})` : ''}: ${a.reason}`,
      waiting_since: a.updated_at.toISOString(),
      decide: [
        { method: 'POST' as const, path: `/api/runs/${a.run_id}/actions/${a.action_id}/approve`, decision: 'approve' },
        { method: 'POST' as const, path: `/api/runs/${a.run_id}/actions/${a.action_id}/reject`, decision: 'reject' },
      ],
    })),
    ...runs.map((r) => ({
      kind: 'run_confirmation' as const,
      id: r.run_id,
      run_id: r.run_id,
      board_type: r.board_type,
      project_key: r.project_key,
      summary: `run of ${r.project_key} planned ${r.planned_actions_count} actions, more than the confirmation threshold`,
      waiting_since: r.updated_at.toISOString(),
      decide: [
        { method: 'POST' as const, path: `/api/runs/${r.run_id}/confirm`, decision: 'confirm' },
        { method: 'POST' as const, path: `/api/runs/${r.run_id}/reject`, decision: 'reject' },
      ],
    })),
    ...(await listPendingProposals(knex, orgId, limit)).map((p) => ({
      kind: 'proposal' as const,
      id: p.id,
      run_id: null,
      board_type: p.board_type,
      project_key: p.project_key,
      summary: `${p.kind} proposal (${p.source}): ${p.title}`,
      waiting_since: p.created_at,
      decide: [
        { method: 'POST' as const, path: `/api/backlog-proposals/${p.id}/decision`, decision: 'accept' },
        { method: 'POST' as const, path: `/api/backlog-proposals/${p.id}/decision`, decision: 'reject' },
      ],
    })),
  ];
  return items.sort((a, b) => a.waiting_since.localeCompare(b.waiting_since)).slice(0, limit);
}

export async function approvalStats(knex: Knex, orgId: string): Promise<ApprovalStats> {
  const { rows } = await knex.raw<{ rows: { pending: number; approved: number; rejected: number; executed: number; failed: number; skipped: number }[] }>(
    `SELECT count(*) FILTER (WHERE a.status = 'proposed' AND r.status = 'awaiting_approval')::int AS pending,
            count(*) FILTER (WHERE a.status IN ('approved', 'executing'))::int AS approved,
            count(*) FILTER (WHERE a.status = 'rejected')::int AS rejected,
            count(*) FILTER (WHERE a.status = 'executed')::int AS executed,
            count(*) FILTER (WHERE a.status = 'failed')::int AS failed,
            count(*) FILTER (WHERE a.status = 'skipped')::int AS skipped
       FROM run_actions a JOIN runs r ON r.run_id = a.run_id
      WHERE a.org_id = ? AND r.org_id = ?`,
    [orgId, orgId],
  );
  const { rows: runRows } = await knex.raw<{ rows: { confirmation: number; approval: number }[] }>(
    `SELECT count(*) FILTER (WHERE status = 'awaiting_confirmation')::int AS confirmation,
            count(*) FILTER (WHERE status = 'awaiting_approval')::int AS approval
       FROM runs WHERE org_id = ?`,
    [orgId],
  );
  return {
    actions: rows[0]!,
    runs_awaiting_confirmation: runRows[0]!.confirmation,
    runs_awaiting_approval: runRows[0]!.approval,
    proposals: await countProposalsByStatus(knex, orgId),
  };
}
