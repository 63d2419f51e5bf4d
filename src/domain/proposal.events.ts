// Events of a backlog proposal stream (`proposal-<proposalId>`): one candidate board item, from its
// creation (import or meeting) through the decision to its creation on the board.
import { Type, type Static } from '@sinclair/typebox';
import type { BoardType } from './org.events.js';

export const ProposalKindSchema = Type.Union([Type.Literal('story'), Type.Literal('bug'), Type.Literal('task')]);
export type ProposalKind = Static<typeof ProposalKindSchema>;

export type ProposalSource = 'import' | 'meeting';

export interface ProposalCreatedData {
  proposal_id: string;
  org_id: string;
  board_type: BoardType;
  project_key: string;
  source: ProposalSource;
  /** The meeting stream the proposal was extracted from (source `meeting`). */
  meeting_id?: string;
  title: string;
  description?: string;
  kind: ProposalKind;
  labels: string[];
  /** 1 (highest) … 4 (lowest). */
  priority?: number;
  /** The transcript lines the proposal comes from (source `meeting`). */
  evidence?: string;
  created_by: string;
  at: string;
}

export type ProposalEvent =
  | { type: 'ProposalCreated'; data: ProposalCreatedData }
  /** `dry_run`: accepted while the organization's write mode was dry_run; nothing is written to the board. */
  | { type: 'ProposalAccepted'; data: { by: string; reason?: string; dry_run?: true; at: string } }
  | { type: 'ProposalRejected'; data: { by: string; reason?: string; at: string } }
  /** A rejected proposal made pending again (POST /api/backlog-proposals/{id}/reopen). */
  | { type: 'ProposalReopened'; data: { by: string; reason?: string; at: string } }
  /** The intent: the board call is about to be made (every provider write's rule, docs/architecture.md). */
  | { type: 'ProposalApplyStarted'; data: { marker_label: string; at: string } }
  | { type: 'ProposalApplied'; data: { provider_key: string; provider_id: string; url?: string; reconciled: boolean; at: string } }
  | { type: 'ProposalApplyFailed'; data: { message: string; at: string } };

export type ProposalEventType = ProposalEvent['type'];
