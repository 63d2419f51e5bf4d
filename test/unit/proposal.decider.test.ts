import { describe, expect, it } from 'vitest';
import { proposalDecider, normalizeTitle, proposalIdFor, proposalMarkerLabel } from '../../src/domain/proposal.decider.js';
import type { ProposalCreatedData, ProposalEvent } from '../../src/domain/proposal.events.js';
import { meetingDecider } from '../../src/domain/meeting.decider.js';
import { deciderSpec } from '../support/decider-spec.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = now.toISOString();
const spec = deciderSpec(proposalDecider);
const id = proposalIdFor('o1', 'jira', 'ENG', 'Fix the login page');

const proposal: ProposalCreatedData = {
  proposal_id: id,
  org_id: 'o1',
  board_type: 'jira',
  project_key: 'ENG',
  source: 'import',
  title: 'Fix the login page',
  kind: 'bug',
  labels: ['web'],
  priority: 2,
  created_by: 'ada',
  at,
};
const created: ProposalEvent = { type: 'ProposalCreated', data: proposal };
const accepted: ProposalEvent = { type: 'ProposalAccepted', data: { by: 'ada', at } };
const rejected: ProposalEvent = { type: 'ProposalRejected', data: { by: 'bob', reason: 'not now', at } };
const started: ProposalEvent = { type: 'ProposalApplyStarted', data: { marker_label: proposalMarkerLabel(id), at } };

describe('proposal ids', () => {
  it('normalizes case, punctuation and whitespace', () => {
    expect(normalizeTitle('  Fix   the LOGIN page!! ')).toBe('fix the login page');
    expect(normalizeTitle('Fix the login-page.')).toBe('fix the login page');
    expect(normalizeTitle('Éditer l’écran: «connexion»')).toBe('éditer l écran connexion');
  });

  it('derives the same uuid-shaped id for the same normalized title, and another for another org, board or project', () => {
    expect(proposalIdFor('o1', 'jira', 'ENG', 'fix the LOGIN page.')).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const others = [proposalIdFor('o2', 'jira', 'ENG', 'Fix the login page'), proposalIdFor('o1', 'linear', 'ENG', 'Fix the login page'), proposalIdFor('o1', 'jira', 'OPS', 'Fix the login page')];
    expect(new Set([id, ...others]).size).toBe(4);
  });

  it('marks the board item with a label derived from the id', () => {
    expect(proposalMarkerLabel(id)).toBe(`sprintguard-${id.replace(/-/g, '').slice(0, 12)}`);
  });
});

describe('proposal decider', () => {
  it('creates a proposal once; creating it again is already satisfied', () => {
    spec.given([]).when({ type: 'CreateProposal', proposal }).then([created]);
    spec.given([created]).when({ type: 'CreateProposal', proposal }).thenNothing();
  });

  it('accepts or rejects a pending proposal, with the reason', () => {
    spec.given([created]).when({ type: 'DecideProposal', decision: 'accept', by: 'ada', now }).then([accepted]);
    spec.given([created]).when({ type: 'DecideProposal', decision: 'reject', by: 'bob', reason: 'not now', now }).then([rejected]);
  });

  it('a decided proposal conflicts with a second decision, whatever it is', () => {
    spec.given([created, accepted]).when({ type: 'DecideProposal', decision: 'reject', by: 'bob', now }).thenFails('conflict', /already accepted/);
    spec.given([created, rejected]).when({ type: 'DecideProposal', decision: 'reject', by: 'bob', now }).thenFails('conflict', /already rejected/);
    spec.given([created, accepted, started]).when({ type: 'DecideProposal', decision: 'accept', by: 'bob', now }).thenFails('conflict', /already accepted/);
  });

  it('a proposal that does not exist is not found', () => {
    spec.given([]).when({ type: 'DecideProposal', decision: 'accept', by: 'ada', now }).thenFails('not_found');
  });

  it('records the intent only for an accepted proposal, once', () => {
    spec.given([created, accepted]).when({ type: 'StartApply', now }).then([started]);
    spec.given([created, accepted, started]).when({ type: 'StartApply', now }).thenNothing();
    spec.given([created, rejected]).when({ type: 'StartApply', now }).thenNothing();
    spec.given([created]).when({ type: 'StartApply', now }).thenNothing();
  });

  it('records the outcome only after the intent, once', () => {
    const applied: ProposalEvent = { type: 'ProposalApplied', data: { provider_key: 'ENG-7', provider_id: '10007', reconciled: false, at } };
    spec.given([created, accepted, started]).when({ type: 'RecordApplyOutcome', outcome: 'applied', providerKey: 'ENG-7', providerId: '10007', reconciled: false, now }).then([applied]);
    spec.given([created, accepted, started, applied]).when({ type: 'RecordApplyOutcome', outcome: 'applied', providerKey: 'ENG-8', providerId: '10008', reconciled: false, now }).thenNothing();
    spec.given([created, accepted, started]).when({ type: 'RecordApplyOutcome', outcome: 'failed', message: 'Jira said no', now }).then([{ type: 'ProposalApplyFailed', data: { message: 'Jira said no', at } }]);
    spec.given([created, accepted]).when({ type: 'RecordApplyOutcome', outcome: 'failed', message: 'x', now }).thenNothing();
  });
});

describe('meeting decider', () => {
  const meeting = {
    meeting_id: 'm1', org_id: 'o1', board_type: 'jira' as const, project_key: 'ENG', transcript: 'A: hi', transcript_sha256: 'x', transcript_chars: 5, ingested_by: 'ada', at,
  };
  const extraction = { extractor: 'rules' as const, proposals: [], follow_ups: [], at };
  const m = deciderSpec(meetingDecider);

  it('records the ingest once, then the extraction once', () => {
    m.given([]).when({ type: 'RecordIngest', meeting }).then([{ type: 'MeetingIngested', data: meeting }]);
    m.given([{ type: 'MeetingIngested', data: meeting }]).when({ type: 'RecordIngest', meeting }).thenNothing();
    m.given([{ type: 'MeetingIngested', data: meeting }]).when({ type: 'RecordExtraction', extraction }).then([{ type: 'ProposalsExtracted', data: extraction }]);
    m.given([{ type: 'MeetingIngested', data: meeting }, { type: 'ProposalsExtracted', data: extraction }]).when({ type: 'RecordExtraction', extraction }).thenFails('conflict');
    m.given([]).when({ type: 'RecordExtraction', extraction }).thenFails('not_found');
  });
});
