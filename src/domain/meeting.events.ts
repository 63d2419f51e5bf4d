// Events of a meeting stream (`meeting-<meetingId>`): one ingested transcript and what was extracted
// from it. The transcript itself is kept (the audit trail shows what the proposals came from).
import type { BoardType } from './org.events.js';
import type { ProposalKind } from './proposal.events.js';
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
