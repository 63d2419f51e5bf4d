// The backlog_proposals read model on a real database: every event delivered once and twice gives
// the same rows; the list query filters by organization and ranks full-text matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { fold } from '../../src/domain/decider.js';
import { proposalDecider, proposalIdFor, type ProposalCommand } from '../../src/domain/proposal.decider.js';
import type { ProposalEvent } from '../../src/domain/proposal.events.js';
import { proposalStreamId } from '../../src/domain/streams.js';
import { backlogProposalsProjection } from '../../src/projections/backlog-proposals.projection.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { countProposalsByStatus, listPendingProposals, listProposals } from '../../src/queries/backlog-proposals.query.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { expectIdempotentProjection, recordedEvents, type EventInput } from '../support/projection-spec.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('backlog_projection'), poolSize: 4 });
  await runMigrations(db.knex, readModelMigrations);
});
afterAll(async () => db?.close());

const now = new Date('2026-11-22T10:00:00Z');

function proposal(org: string, title: string, description: string | undefined, kind: 'bug' | 'task' | 'story', ...commands: ProposalCommand[]): EventInput[] {
  const id = proposalIdFor(org, 'jira', 'ENG', title);
  const events: ProposalEvent[] = [];
  const all: ProposalCommand[] = [
    {
      type: 'CreateProposal',
      proposal: { proposal_id: id, org_id: org, board_type: 'jira', project_key: 'ENG', source: 'import', title, ...(description ? { description } : {}), kind, labels: ['a'], created_by: 'ada', at: now.toISOString() },
    },
    ...commands,
  ];
  for (const c of all) events.push(...proposalDecider.decide(c, fold(proposalDecider, events)));
  return events.map((e) => ({ stream: proposalStreamId(id), type: e.type, data: e.data }));
}

describe('backlog_proposals projection', () => {
  it('is idempotent and follows each proposal through decision and application', async () => {
    const inputs = [
      ...proposal('org_a', 'CSV export crashes on large projects', 'The export job runs out of memory', 'bug'),
      ...proposal('org_a', 'Add dark mode', 'Users want a dark theme for the export page', 'story', { type: 'DecideProposal', decision: 'reject', by: 'bob', reason: 'later', now }),
      ...proposal('org_a', 'Rotate staging keys', undefined, 'task',
        { type: 'DecideProposal', decision: 'accept', by: 'ada', now },
        { type: 'StartApply', now },
        { type: 'RecordApplyOutcome', outcome: 'applied', providerKey: 'ENG-5', providerId: '10005', url: 'https://x/browse/ENG-5', reconciled: false, now }),
      ...proposal('org_a', 'Fix flaky login test', undefined, 'bug',
        { type: 'DecideProposal', decision: 'accept', by: 'ada', now },
        { type: 'StartApply', now },
        { type: 'RecordApplyOutcome', outcome: 'failed', message: 'Jira said no', now }),
      ...proposal('org_b', 'CSV export crashes on large projects', 'other org', 'bug'),
    ];
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: backlogProposalsProjection, events: recordedEvents(inputs) });
    const byTitle = Object.fromEntries(rows.backlog_proposals!.filter((r) => r.org_id === 'org_a').map((r) => [r.title, r]));
    expect(byTitle['Add dark mode']).toMatchObject({ status: 'rejected', decided_by: 'bob', decision_reason: 'later' });
    expect(byTitle['Rotate staging keys']).toMatchObject({ status: 'applied', provider_key: 'ENG-5', provider_url: 'https://x/browse/ENG-5' });
    expect(byTitle['Fix flaky login test']).toMatchObject({ status: 'apply_failed', apply_error: 'Jira said no' });
    expect(byTitle['CSV export crashes on large projects']).toMatchObject({ status: 'pending', kind: 'bug', labels: ['a'], source: 'import' });

    // Queries: organization-scoped, filters, full-text search ranked (title weighs more than description).
    const all = await listProposals(db.knex, 'org_a', {});
    expect(all).toHaveLength(4);
    const found = await listProposals(db.knex, 'org_a', { q: 'export' });
    expect(found.map((p) => p.title)).toEqual(['CSV export crashes on large projects', 'Add dark mode']);
    expect(found[0]!.rank!).toBeGreaterThan(found[1]!.rank!);
    expect((await listProposals(db.knex, 'org_a', { q: 'crashing exports' })).map((p) => p.title)).toEqual(['CSV export crashes on large projects']);
    expect((await listProposals(db.knex, 'org_a', { kind: 'bug', status: 'pending' })).map((p) => p.title)).toEqual(['CSV export crashes on large projects']);
    expect(await listProposals(db.knex, 'org_a', { project_key: 'OPS' })).toEqual([]);
    expect((await listPendingProposals(db.knex, 'org_b')).map((p) => p.description)).toEqual(['other org']);
    expect(await countProposalsByStatus(db.knex, 'org_a')).toEqual({ pending: 1, accepted: 0, rejected: 1, applying: 0, applied: 1, apply_failed: 1 });
  });
});
