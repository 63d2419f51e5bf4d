// Events of a backlog proposal stream (`proposal-<proposalId>`): one candidate board item, from its
// creation (import or meeting) through the decision to its creation on the board.
import { Type, type Static } from '@sinclair/typebox';
import { BoardTypeSchema, type BoardType } from './org.events.js';

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

// Runtime schemas of the proposal events (checked before an append: src/adapters/validating-event-store.ts).
const At = Type.String({ minLength: 1 });
const Text = Type.String();

export const proposalEventSchemas = {
  ProposalCreated: Type.Object({
    proposal_id: Type.String({ minLength: 1 }),
    org_id: Type.String({ minLength: 1 }),
    board_type: BoardTypeSchema,
    project_key: Type.String({ minLength: 1 }),
    source: Type.Union([Type.Literal('import'), Type.Literal('meeting')]),
    meeting_id: Type.Optional(Text),
    title: Type.String({ minLength: 1 }),
    description: Type.Optional(Text),
    kind: ProposalKindSchema,
    labels: Type.Array(Text),
    priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    evidence: Type.Optional(Text),
    created_by: Text,
    at: At,
  }),
  ProposalAccepted: Type.Object({ by: Text, reason: Type.Optional(Text), dry_run: Type.Optional(Type.Literal(true)), at: At }),
  ProposalRejected: Type.Object({ by: Text, reason: Type.Optional(Text), at: At }),
  ProposalReopened: Type.Object({ by: Text, reason: Type.Optional(Text), at: At }),
  ProposalApplyStarted: Type.Object({ marker_label: Text, at: At }),
  ProposalApplied: Type.Object({ provider_key: Text, provider_id: Text, url: Type.Optional(Text), reconciled: Type.Boolean(), at: At }),
  ProposalApplyFailed: Type.Object({ message: Text, at: At }),
} as const satisfies Record<ProposalEventType, unknown>;
