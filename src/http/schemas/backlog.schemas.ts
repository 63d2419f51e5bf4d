// Request and response shapes of the backlog and meeting routes (docs/backlog.md).
import { Type, type Static } from '@sinclair/typebox';
import { BoardTypeSchema } from '../../domain/org.events.js';
import { ProposalKindSchema } from '../../domain/proposal.events.js';
import { documented } from './common.schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const ProjectKey = Type.String({ minLength: 1, maxLength: 64, pattern: '^\\S+$' });
const DecisionSchema = Type.Union([Type.Literal('accept'), Type.Literal('reject')]);
const Reason = Type.String({ maxLength: 2_000 });

export const ImportItemSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    kind: Type.Optional(ProposalKindSchema),
    labels: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '^\\S+$' }), { maxItems: 20 })),
    priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: '1 (highest) … 4 (lowest)' })),
  },
  { additionalProperties: false },
);

// No maxItems here: the handler names the import limit in its 400 (a schema error would only say
// "must NOT have more than 200 items").
export const ImportBodySchema = Type.Object(
  {
    board_type: BoardTypeSchema,
    project_key: ProjectKey,
    items: Type.Array(ImportItemSchema, { minItems: 1, description: '1..200 items' }),
  },
  { additionalProperties: false },
);

const ProposalRefSchema = Type.Object({
  index: Type.Integer(),
  id: Type.String(),
  title: Type.String(),
  status: Type.Optional(Type.String({ description: "duplicates: the existing proposal's status" })),
  reopen: Type.Optional(Type.String({ description: 'duplicates of a rejected proposal: POST here to make it pending again' })),
});

export const ImportResultSchema = Type.Object({
  created_count: Type.Integer(),
  duplicate_count: Type.Integer(),
  created: Type.Array(ProposalRefSchema),
  duplicates: Type.Array(ProposalRefSchema, { description: 'items whose proposal already existed (same organization, board, project and normalized title)' }),
});

// The transcript limit is checked by the handler (413, too large), not by the schema (400).
export const IngestBodySchema = Type.Object(
  {
    transcript: Type.String({ minLength: 1, description: 'at most 200,000 characters; more answers 413' }),
    board_type: BoardTypeSchema,
    project_key: ProjectKey,
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    occurred_at: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

export const IngestResultSchema = Type.Object({
  meeting_id: Type.String(),
  transcript_chars: Type.Integer(),
  extractor: Type.String({ description: 'rules or llm' }),
  fallback_reason: Nullable(Type.String()),
  proposals: Type.Array(
    Type.Object({
      proposal_id: Type.String(),
      title: Type.String(),
      kind: Type.String(),
      assignee: Nullable(Type.String()),
      evidence: Type.String(),
      outcome: Type.String({ description: 'created or duplicate' }),
    }),
  ),
  follow_ups: Type.Array(Type.Object({ ticket: Type.String(), note: Type.String(), assignee: Nullable(Type.String()), evidence: Type.String() })),
  created_count: Type.Integer(),
  duplicate_count: Type.Integer(),
});

export const ProposalSchema = Type.Object(
  {
    id: Type.String(),
    board_type: Type.String(),
    project_key: Type.String(),
    source: Type.String({ description: 'import or meeting' }),
    meeting_id: Nullable(Type.String()),
    title: Type.String(),
    description: Nullable(Type.String()),
    kind: Type.String(),
    labels: Type.Array(Type.String()),
    priority: Nullable(Type.Integer()),
    evidence: Nullable(Type.String()),
    status: Type.String({ description: 'pending, accepted, rejected, applying, applied or apply_failed' }),
    created_by: Type.String(),
    decided_by: Nullable(Type.String()),
    decided_at: Nullable(Type.String({ format: 'date-time' })),
    decision_reason: Nullable(Type.String()),
    provider_key: Nullable(Type.String({ description: 'key of the item created on the board' })),
    provider_url: Nullable(Type.String()),
    apply_error: Nullable(Type.String()),
    applied_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    rank: Type.Optional(Type.Number()),
  },
  { $id: 'BacklogProposal' },
);

/** A proposal as the API shows it (mapped by toProposalView). */
export type ProposalView = Static<typeof ProposalSchema>;

export const ListProposalsQuerySchema = Type.Object(
  {
    status: Type.Optional(
      Type.Union(['pending', 'accepted', 'rejected', 'applying', 'applied', 'apply_failed'].map((s) => Type.Literal(s)), {
        description: 'only proposals in this status',
        examples: ['pending'],
      }),
    ),
    board_type: Type.Optional(documented(BoardTypeSchema, 'only proposals for this board type', ['jira'])),
    project_key: Type.Optional(documented(ProjectKey, 'only proposals for this project', ['ENG'])),
    kind: Type.Optional(documented(ProposalKindSchema, 'only proposals of this kind', ['bug'])),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'words to find in the title or description', examples: ['checkout'] })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'most proposals to return' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0, description: 'proposals to skip, for paging' })),
  },
  { additionalProperties: false },
);

export const ProposalParamsSchema = Type.Object({
  proposal_id: Type.String({ minLength: 1, maxLength: 128, description: 'the proposal id', examples: ['3b7e4f0a-8c1d-4e2f-9a6b-5c4d3e2f1a0b'] }),
});

export const DecisionBodySchema = Type.Object({ decision: DecisionSchema, reason: Type.Optional(Reason) }, { additionalProperties: false });

export const BulkDecisionBodySchema = Type.Object(
  {
    proposal_ids: Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { minItems: 1, maxItems: 200 }),
    decision: DecisionSchema,
    reason: Type.Optional(Reason),
  },
  { additionalProperties: false },
);

export const BulkDecisionResultSchema = Type.Object({
  decided: Type.Integer(),
  conflicts: Type.Integer(),
  not_found: Type.Integer(),
  results: Type.Array(
    Type.Object({
      proposal_id: Type.String(),
      result: Type.String({ description: 'decided, conflict (already decided: 409 semantics) or not_found' }),
      status: Type.Optional(Type.String()),
      detail: Type.Optional(Type.String()),
    }),
  ),
});

export const ReopenBodySchema = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });
