// Request and response shapes of the run routes (docs/architecture.md, "Request shapes").
import { Type, type Static } from '@sinclair/typebox';
import { BoardTypeSchema, CycleIdSchema } from '../../domain/org.events.js';
import { runStatuses } from '../../domain/run.decider.js';
import { documented, OneOf } from './common.schemas.js';

const BOARD_TYPES = ['jira', 'linear'] as const;
const CYCLES = ['T', 'S', 'P'] as const;
const WRITE_MODES = ['dry_run', 'approval', 'auto'] as const;
const ACTION_KINDS = ['comment', 'transition', 'assign', 'label', 'link_pull_request'] as const;
const ACTION_STATUSES = ['proposed', 'approved', 'rejected', 'executing', 'executed', 'failed', 'skipped'] as const;

// A type array, not anyOf: the response serializer picks an anyOf branch by running the validator
// on every value, which was a measurable share of a list request.
const NullableString = (options: { format?: string; description?: string } = {}) => Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) => Type.Union([t, Type.Null()], description ? { description } : {});
const Count = (description: string) => Type.Integer({ minimum: 0, description });

const RUN_ID = '6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b';

export const RunSchema = Type.Object(
  {
    id: Type.String({ description: 'the run id', examples: [RUN_ID] }),
    board_type: OneOf(BOARD_TYPES, { description: 'the board the run works on' }),
    project_key: Type.String({ description: "the board's project key", examples: ['DEMO'] }),
    status: OneOf(runStatuses, { description: 'where the run stands', examples: ['awaiting_approval'] }),
    is_dry_run: Type.Boolean({ description: 'true when the run plans only and never writes to the board' }),
    planned_actions_count: Count('actions planned'),
    executed_actions_count: Count('actions written to the board'),
    cycles_run: Type.Array(OneOf(CYCLES), { description: 'the cycles that planned: T triage, S stale, P pull requests (empty until planned)' }),
    flow: OneOf(['trigger', 'approval'], { description: 'how the run was requested: trigger (POST /api/runs/trigger) or approval (POST /api/runs/start)' }),
    write_mode: OneOf(WRITE_MODES, { description: "the organization's write mode when the run was requested" }),
    approved_actions_count: Count('actions approved over the run\'s life (by a person, or by auto mode)'),
    rejected_actions_count: Count('actions rejected'),
    failed_actions_count: Count('actions whose write to the board failed'),
    skipped_actions_count: Count('actions left undecided when the run executed, or stopped by a cancel'),
    pending_actions_count: Count('actions still waiting for a decision'),
    items_read: Count('board items the planning read'),
    requested_by: Type.String({ description: 'user id of whoever requested the run (or the scheduler)', examples: ['ada'] }),
    error: NullableString({ description: 'why the run failed; null otherwise' }),
    created_at: Type.String({ format: 'date-time', description: 'when the run was requested' }),
    updated_at: Type.String({ format: 'date-time', description: 'when the run last changed' }),
    completed_at: NullableString({ format: 'date-time', description: 'when the run reached a terminal status; null before' }),
  },
  {
    $id: 'Run',
    description: 'A guarded automation run on one board project',
    examples: [
      {
        id: RUN_ID,
        board_type: 'jira',
        project_key: 'DEMO',
        status: 'awaiting_approval',
        is_dry_run: false,
        planned_actions_count: 4,
        executed_actions_count: 0,
        cycles_run: ['T', 'S'],
        flow: 'trigger',
        write_mode: 'approval',
        approved_actions_count: 1,
        rejected_actions_count: 0,
        failed_actions_count: 0,
        skipped_actions_count: 0,
        pending_actions_count: 3,
        items_read: 12,
        requested_by: 'ada',
        error: null,
        created_at: '2026-11-24T09:00:00.000Z',
        updated_at: '2026-11-24T09:05:00.000Z',
        completed_at: null,
      },
    ],
  },
);

/** A run as the API shows it: the one shape of the runs read model's views (mapped by toRunView). */
export type RunView = Static<typeof RunSchema>;
/** 202: the write is recorded but the runs read model has not caught up within the wait. */
export const AcceptedRunSchema = Type.Object({
  id: Type.String({ description: 'the run id' }),
  status: OneOf(runStatuses, { description: 'the status the write left the run in' }),
  detail: Type.String({ description: 'why the answer is 202: the read model has not caught up yet' }),
});

export const TriggeredRunSchema = Type.Composite([Type.Omit(RunSchema, []), Type.Object({ resumed: Type.Boolean() })]);

export const ActionSchema = Type.Object(
  {
    id: Type.String({ description: 'the action id, unique within its run', examples: ['act-1'] }),
    run_id: Type.String({ description: 'the run that planned it', examples: [RUN_ID] }),
    seq: Type.Integer({ minimum: 1, description: 'order within the run, from 1' }),
    cycle: OneOf(CYCLES, { description: 'the cycle that planned it: T triage, S stale, P pull requests' }),
    kind: OneOf(ACTION_KINDS, { description: 'what the action does to the item' }),
    item_key: Type.String({ description: "the board item's key", examples: ['DEMO-1'] }),
    item_title: Nullable(Type.String(), "the item's title when the planner read it"),
    params: Type.Record(Type.String(), Type.Unknown(), { description: 'what the action writes (label, comment text, transition, assignee, pull request)' }),
    reason: Type.String({ description: 'why the planner proposes it' }),
    status: OneOf(ACTION_STATUSES, { description: 'where the action stands', examples: ['proposed'] }),
    decided_by: Nullable(Type.String(), 'who approved or rejected it; null while undecided'),
    decided_at: Nullable(Type.String({ format: 'date-time' }), 'when it was decided'),
    decision_reason: Nullable(Type.String(), "the decider's reason, when one was given"),
    executed_at: Nullable(Type.String({ format: 'date-time' }), 'when it was written to the board'),
    error: Nullable(Type.String(), 'why its write failed'),
  },
  {
    $id: 'RunAction',
    description: 'One change a run proposes on a board item',
    examples: [
      {
        id: 'act-1',
        run_id: RUN_ID,
        seq: 1,
        cycle: 'T',
        kind: 'label',
        item_key: 'DEMO-1',
        item_title: 'Checkout is slow',
        params: { label: 'needs-triage' },
        reason: 'no priority and no labels',
        status: 'proposed',
        decided_by: null,
        decided_at: null,
        decision_reason: null,
        executed_at: null,
        error: null,
      },
    ],
  },
);

/** A planned action as the API shows it (mapped by toActionView). */
export type ActionView = Static<typeof ActionSchema>;

export const RunRequestBodySchema = Type.Object(
  {
    board_type: documented(BoardTypeSchema, 'the connected board', ['jira']),
    project_key: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'a project of the integration settings', examples: ['DEMO'] }),
    cycles: Type.Optional(Type.Array(CycleIdSchema, { minItems: 1, maxItems: 3, description: 'T triage, S stale, P pull requests (P needs its feature flag); default T and S' })),
    dry_run: Type.Optional(Type.Boolean({ description: 'plan only, whatever the write mode' })),
  },
  { additionalProperties: false, examples: [{ board_type: 'jira', project_key: 'DEMO', cycles: ['T', 'S'] }] },
);

/** The board filter of the list and export routes: one of the board types (400 for any other value). */
export const BoardTypeFilter = OneOf(BOARD_TYPES, { description: 'only this board type', examples: ['jira'] });
/** The project filter of the list and export routes. */
export const ProjectKeyFilter = Type.String({ maxLength: 64, description: 'only this project key', examples: ['DEMO'] });

export const ListRunsQuerySchema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'most runs to return' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'runs to skip, for paging' })),
    board_type: Type.Optional(BoardTypeFilter),
    project_key: Type.Optional(ProjectKeyFilter),
  },
  { additionalProperties: false },
);

const RunIdParam = Type.String({ minLength: 1, maxLength: 100, description: 'the run id', examples: [RUN_ID] });
export const RunParamsSchema = Type.Object({ run_id: RunIdParam });
export const ActionParamsSchema = Type.Object({
  run_id: RunIdParam,
  action_id: Type.String({ minLength: 1, maxLength: 100, description: 'the action id within the run', examples: ['act-1'] }),
});
export const ReasonBodySchema = Type.Optional(
  Type.Object({ reason: Type.Optional(Type.String({ maxLength: 2000, description: 'why, kept with the decision', examples: ['not in this sprint'] })) }, { additionalProperties: false }),
);

export const NextTaskQuerySchema = Type.Object(
  {
    // As on the other run routes; it must name the connected board (400 otherwise).
    board_type: Type.Optional(documented(BoardTypeSchema, 'the connected board (400 when it names another)', ['jira'])),
    project_key: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "the project; default: the integration settings' first project", examples: ['DEMO'] })),
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

export const HistoryEntrySchema = Type.Object(
  {
    revision: Type.String({ description: 'stream revision, from 0', examples: ['0'] }),
    type: Type.String({ description: 'the event type', examples: ['RunRequested'] }),
    data: Type.Unknown({ description: "the event's data, as recorded" }),
    metadata: Type.Record(Type.String(), Type.Unknown(), { description: 'who and what caused it: user_id, org_id, correlation_id, causation_id, request_id' }),
    created: Type.String({ format: 'date-time', description: 'when the event was appended' }),
  },
  {
    description: "One event of a run's stream",
    examples: [
      {
        revision: '0',
        type: 'RunRequested',
        data: { run_id: RUN_ID, board_type: 'jira', project_key: 'DEMO' },
        metadata: { user_id: 'ada', org_id: 'acme' },
        created: '2026-11-24T09:00:00.000Z',
      },
    ],
  },
);
