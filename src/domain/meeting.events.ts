// Events of a meeting stream (`meeting-<meetingId>`): one ingested transcript and what was extracted
// from it. The transcript itself is kept (the audit trail shows what the proposals came from).
import { Type } from '@sinclair/typebox';
import { BoardTypeSchema, type BoardType } from './org.events.js';
import { ProposalKindSchema, type ProposalKind } from './proposal.events.js';
import type { ExtractedFollowUp } from './extraction/extraction.js';

export interface MeetingIngestedData {
  meeting_id: string;
  org_id: string;
  board_type: BoardType;
  project_key: string;
  title?: string;
  occurred_at?: string;
  transcript: string;
  transcript_sha256: string;
  /** Characters (Unicode code points). */
  transcript_chars: number;
  ingested_by: string;
  at: string;
}

export interface ExtractedProposalRecord {
  proposal_id: string;
  title: string;
  kind: ProposalKind;
  assignee: string | null;
  evidence: string;
  /** created: a new proposal stream; duplicate: the proposal already existed (same normalized title). */
  outcome: 'created' | 'duplicate';
}

export interface ProposalsExtractedData {
  extractor: 'rules' | 'llm';
  /** Why the language model was not used, or failed, when it was configured and enabled. */
  fallback_reason?: string;
  proposals: ExtractedProposalRecord[];
  follow_ups: ExtractedFollowUp[];
  at: string;
}

export type MeetingEvent =
  | { type: 'MeetingIngested'; data: MeetingIngestedData }
  | { type: 'ProposalsExtracted'; data: ProposalsExtractedData };

// Runtime schemas of the meeting events (checked before an append: src/adapters/validating-event-store.ts).
const At = Type.String({ minLength: 1 });
const Text = Type.String();
const Nullable = (t: ReturnType<typeof Type.String>) => Type.Union([t, Type.Null()]);

export const meetingEventSchemas = {
  MeetingIngested: Type.Object({
    meeting_id: Type.String({ minLength: 1 }),
    org_id: Type.String({ minLength: 1 }),
    board_type: BoardTypeSchema,
    project_key: Type.String({ minLength: 1 }),
    title: Type.Optional(Text),
    occurred_at: Type.Optional(Text),
    transcript: Text,
    transcript_sha256: Text,
    transcript_chars: Type.Integer({ minimum: 0 }),
    ingested_by: Text,
    at: At,
  }),
  ProposalsExtracted: Type.Object({
    extractor: Type.Union([Type.Literal('rules'), Type.Literal('llm')]),
    fallback_reason: Type.Optional(Text),
    proposals: Type.Array(
      Type.Object({
        proposal_id: Text,
        title: Text,
        kind: ProposalKindSchema,
        assignee: Nullable(Text),
        evidence: Text,
        outcome: Type.Union([Type.Literal('created'), Type.Literal('duplicate')]),
      }),
    ),
    follow_ups: Type.Array(Type.Object({ ticket: Text, note: Text, assignee: Nullable(Text), evidence: Text })),
    at: At,
  }),
} as const satisfies Record<MeetingEvent['type'], unknown>;
