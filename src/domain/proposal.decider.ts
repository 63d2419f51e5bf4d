// Decider of a backlog proposal stream (docs/backlog.md).
//
// pending ──ProposalAccepted──► accepted ──ProposalApplyStarted──► applying ──► applied | apply_failed
//    └──────ProposalRejected──► rejected ──ProposalReopened──► pending
// An acceptance under the dry_run write mode is recorded (dry_run) and never applied to the board.
//
// Creation is appended with expected revision `no_stream`: the proposal id is derived from
// (org, board, project, normalized title), so the store itself refuses a duplicate.
import { createHash } from 'node:crypto';
import type { Decider } from './decider.js';
import { conflict, notFound } from './errors.js';
import type { ProposalCreatedData, ProposalEvent } from './proposal.events.js';
import type { Tenancy } from './tenancy.js';

export type ProposalStatus = 'pending' | 'accepted' | 'rejected' | 'applying' | 'applied' | 'apply_failed';

export interface ProposalState {
  proposal: ProposalCreatedData | undefined;
  status: ProposalStatus | undefined;
  provider_key?: string;
  /** Accepted under the dry_run write mode: never applied. */
  dry_run?: boolean;
}

export const initialProposalState: ProposalState = { proposal: undefined, status: undefined };

export type ProposalCommand =
  | { type: 'CreateProposal'; proposal: ProposalCreatedData }
  | { type: 'DecideProposal'; decision: 'accept' | 'reject'; by: string; reason?: string; dryRun?: boolean; now: Date }
  | { type: 'ReopenProposal'; by: string; reason?: string; now: Date }
  | { type: 'StartApply'; now: Date }
  | { type: 'RecordApplyOutcome'; outcome: 'applied'; providerKey: string; providerId: string; url?: string; reconciled: boolean; now: Date }
  | { type: 'RecordApplyOutcome'; outcome: 'failed'; message: string; now: Date };

/**
 * The title as duplicates are recognised: lower case, punctuation stripped, whitespace collapsed.
 * Letters and digits of every script are kept, so non-Latin titles stay distinct.
 */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The proposal id: a UUID-shaped digest (version nibble 8, "custom", RFC 9562) of organization,
 * board, project and normalized title. Deterministic, so a re-sent import names the same streams.
 */
export function proposalIdFor(orgId: string, boardType: string, projectKey: string, title: string): string {
  const hex = createHash('sha256').update(JSON.stringify([orgId, boardType, projectKey, normalizeTitle(title)])).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The label put on the board item created for a proposal. A restarted applier finds an item
 * created before a crash by this label (createItem has no idempotency key of its own).
 */
export const proposalMarkerLabel = (proposalId: string) => `sprintguard-${proposalId.replace(/-/g, '').slice(0, 12)}`;

const terminalDecision: readonly ProposalStatus[] = ['accepted', 'rejected', 'applying', 'applied', 'apply_failed'];

function decide(command: ProposalCommand, state: ProposalState): ProposalEvent[] {
  if (command.type === 'CreateProposal') {
    if (state.proposal) return []; // exists: the command is satisfied (the caller reports a duplicate)
    return [{ type: 'ProposalCreated', data: command.proposal }];
  }
  if (!state.proposal || !state.status) throw notFound('Proposal not found');
  const at = command.now.toISOString();
  switch (command.type) {
    case 'DecideProposal': {
      if (terminalDecision.includes(state.status)) {
        const was = state.status === 'rejected' ? 'rejected' : 'accepted';
        throw conflict(`Proposal ${state.proposal.proposal_id} is already ${was}`);
      }
      const data = { by: command.by, ...(command.reason ? { reason: command.reason } : {}), at };
      return [command.decision === 'accept' ? { type: 'ProposalAccepted', data: { ...data, ...(command.dryRun ? { dry_run: true as const } : {}) } } : { type: 'ProposalRejected', data }];
    }
    case 'ReopenProposal':
      if (state.status !== 'rejected') throw conflict(`Proposal ${state.proposal.proposal_id} is ${state.status}; only a rejected proposal can be reopened`);
      return [{ type: 'ProposalReopened', data: { by: command.by, ...(command.reason ? { reason: command.reason } : {}), at } }];
    case 'StartApply':
      if (state.status !== 'accepted' || state.dry_run) return [];
      return [{ type: 'ProposalApplyStarted', data: { marker_label: proposalMarkerLabel(state.proposal.proposal_id), at } }];
    case 'RecordApplyOutcome':
      if (state.status !== 'applying') return [];
      if (command.outcome === 'failed') return [{ type: 'ProposalApplyFailed', data: { message: command.message, at } }];
      return [
        {
          type: 'ProposalApplied',
          data: {
            provider_key: command.providerKey,
            provider_id: command.providerId,
            ...(command.url ? { url: command.url } : {}),
            reconciled: command.reconciled,
            at,
          },
        },
      ];
  }
}

function evolve(state: ProposalState, event: ProposalEvent): ProposalState {
  switch (event.type) {
    case 'ProposalCreated':
      return { proposal: event.data, status: 'pending' };
    case 'ProposalAccepted':
      return { ...state, status: 'accepted', ...(event.data.dry_run ? { dry_run: true } : {}) };
    case 'ProposalReopened':
      return { ...state, status: 'pending' };
    case 'ProposalRejected':
      return { ...state, status: 'rejected' };
    case 'ProposalApplyStarted':
      return { ...state, status: 'applying' };
    case 'ProposalApplied':
      return { ...state, status: 'applied', provider_key: event.data.provider_key };
    case 'ProposalApplyFailed':
      return { ...state, status: 'apply_failed' };
    default:
      return state;
  }
}

export const proposalDecider: Decider<ProposalState, ProposalCommand, ProposalEvent> = {
  initialState: initialProposalState,
  decide,
  evolve,
};

/** A proposal belongs to the organization it was created for (see tenancy.ts). */
export const proposalTenancy: Tenancy<ProposalState, ProposalCommand> = {
  orgOf: (state) => state.proposal?.org_id,
  creates: (command) => command.type === 'CreateProposal',
  notFoundMessage: 'Proposal not found',
};
