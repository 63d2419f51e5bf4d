// Request and response shapes of the run routes (docs/architecture.md, "Request shapes").
import { Type, type Static } from '@sinclair/typebox';
import { BoardTypeSchema, CycleIdSchema } from '../../domain/org.events.js';
import { runStatuses } from '../../domain/run.decider.js';

// Closed sets as `enum` on a string rather than a union of literals: the document lists the values
// while the serializer keeps writing a plain string (no anyOf branch to pick per value).
const OneOf = (values: readonly string[], options: { description?: string; examples?: string[] } = {}) => Type.String({ enum: [...values], ...options });
const BOARD_TYPES = ['jira', 'linear'];
const CYCLES = ['T', 'S', 'P'];
const WRITE_MODES = ['dry_run', 'approval', 'auto'];
const ACTION_KINDS = ['comment', 'transition', 'assign', 'label', 'link_pull_request'];
const ACTION_STATUSES = ['proposed', 'approved', 'rejected', 'executing', 'executed', 'failed', 'skipped'];

// A type array, not anyOf: the response serializer picks an anyOf branch by running the validator
// on every value, which was a measurable share of a list request.
const NullableString = (options: { format?: string } = {}) => Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const RunSchema = Type.Object(
  {
    id: Type.String({ examples: ['6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b'] }),
    board_type: OneOf(BOARD_TYPES),
    project_key: Type.String({ examples: ['DEMO'] }),
    status: OneOf(runStatuses, { description: 'where the run stands', examples: ['awaiting_approval'] }),
    is_dry_run: Type.Boolean(),
    planned_actions_count: Type.Integer(),
    executed_actions_count: Type.Integer(),
    cycles_run: Type.Array(OneOf(CYCLES), { description: 'T triage, S stale, P pull requests' }),
    flow: OneOf(['trigger', 'approval'], { description: 'how the run was requested: trigger (POST /api/runs/trigger) or approval (POST /api/runs/start)' }),
    write_mode: OneOf(WRITE_MODES),
    approved_actions_count: Type.Integer(),
    rejected_actions_count: Type.Integer(),
    failed_actions_count: Type.Integer(),
    skipped_actions_count: Type.Integer(),
    pending_actions_count: Type.Integer(),
    items_read: Type.Integer(),
    requested_by: Type.String(),
    error: NullableString(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    completed_at: NullableString({ format: 'date-time' }),
  },
  { $id: 'Run' },
);

/** A run as the API shows it: the one shape of the runs read model's views (mapped by toRunView). */
export type RunView = Static<typeof RunSchema>;
/** 202: the write is recorded but the runs read model has not caught up within the wait. */
export const AcceptedRunSchema = Type.Object({ id: Type.String(), status: Type.String(), detail: Type.String() });

export const TriggeredRunSchema = Type.Composite([Type.Omit(RunSchema, []), Type.Object({ resumed: Type.Boolean() })]);

export const ActionSchema = Type.Object(
  {
    id: Type.String(),
    run_id: Type.String(),
    seq: Type.Integer(),
    cycle: OneOf(CYCLES),
    kind: OneOf(ACTION_KINDS, { description: 'what the action does to the item' }),
    item_key: Type.String({ examples: ['DEMO-1'] }),
    item_title: Nullable(Type.String()),
    params: Type.Record(Type.String(), Type.Unknown()),
    reason: Type.String(),
    status: OneOf(ACTION_STATUSES, { description: 'where the action stands', examples: ['proposed'] }),
    decided_by: Nullable(Type.String()),
    decided_at: Nullable(Type.String({ format: 'date-time' })),
    decision_reason: Nullable(Type.String()),
    executed_at: Nullable(Type.String({ format: 'date-time' })),
    error: Nullable(Type.String()),
  },
  { $id: 'RunAction' },
);

/** A planned action as the API shows it (mapped by toActionView). */
export type ActionView = Static<typeof ActionSchema>;

export const RunRequestBodySchema = Type.Object(
  {
    board_type: BoardTypeSchema,
    project_key: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    cycles: Type.Optional(Type.Array(CycleIdSchema, { minItems: 1, maxItems: 3 })),
    dry_run: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ListRunsQuerySchema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    board_type: Type.Optional(Type.String({ maxLength: 32 })),
    project_key: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const RunParamsSchema = Type.Object({ run_id: Type.String({ minLength: 1, maxLength: 100 }) });
export const ActionParamsSchema = Type.Object({
  run_id: Type.String({ minLength: 1, maxLength: 100 }),
  action_id: Type.String({ minLength: 1, maxLength: 100 }),
});
export const ReasonBodySchema = Type.Optional(Type.Object({ reason: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }));

export const NextTaskQuerySchema = Type.Object(
  {
    // As on the other run routes; it must name the connected board (400 otherwise).
    board_type: Type.Optional(BoardTypeSchema),
    project_key: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const NextTaskSchema = Type.Object({
  board_type: Type.String(),
  project_key: Type.String(),
  task: Nullable(
    Type.Object({
      key: Type.String(),
      title: Type.String(),
      url: Type.Optional(Type.String()),
      status: Type.String(),
      status_category: Type.String(),
      assignee: Nullable(Type.String()),
      priority: Nullable(Type.String()),
      estimate: Nullable(Type.Number()),
      labels: Type.Array(Type.String()),
      updated_at: Type.String(),
    }),
  ),
});

export const HistoryEntrySchema = Type.Object({
  revision: Type.String({ description: 'stream revision, from 0' }),
  type: Type.String(),
  data: Type.Unknown(),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  created: Type.String({ format: 'date-time' }),
});
