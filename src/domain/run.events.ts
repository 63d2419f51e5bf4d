// Events of a run stream (`run-<runId>`): one guarded automation run from request to terminal state.
import { Type, type Static } from '@sinclair/typebox';
import { BoardTypeSchema, CycleIdSchema, OrgSettingsSchema } from './org.events.js';

export const ActionKindSchema = Type.Union([
  Type.Literal('comment'),
  Type.Literal('transition'),
  Type.Literal('assign'),
  Type.Literal('label'),
  Type.Literal('link_pull_request'),
]);
export type ActionKind = Static<typeof ActionKindSchema>;

export const PlannedActionSchema = Type.Object({
  action_id: Type.String(),
  cycle: CycleIdSchema,
  kind: ActionKindSchema,
  item_key: Type.String(),
  item_title: Type.Optional(Type.String()),
  /** Kind-specific: comment {body}, label {label}, transition {name?|category?}, assign {assignee}, link_pull_request {url,title,global_id}. */
  params: Type.Record(Type.String(), Type.Unknown()),
  reason: Type.String(),
});
export type PlannedAction = Static<typeof PlannedActionSchema>;

export type RunFlow = 'trigger' | 'approval';

export interface RunRequestedData {
  run_id: string;
  org_id: string;
  board_type: Static<typeof BoardTypeSchema>;
  project_key: string;
  cycles: Static<typeof CycleIdSchema>[];
  dry_run: boolean;
  /** trigger: the write mode decides; approval: POST /runs/start, always waits for approvals. */
  flow: RunFlow;
  /** The organization's guards when the run was requested; the run keeps them to the end. */
  settings: Static<typeof OrgSettingsSchema>;
  requested_by: string;
  at: string;
}

export type RunEvent =
  | { type: 'RunRequested'; data: RunRequestedData }
  | { type: 'RunLogged'; data: { level: 'info' | 'warn' | 'error'; message: string; at: string } }
  /** `cycles`: the cycles that planned (absent on runs planned before it was recorded). */
  | { type: 'RunPlanned'; data: { actions: PlannedAction[]; items_read: number; cycles?: Static<typeof CycleIdSchema>[]; at: string } }
  | { type: 'ConfirmationRequested'; data: { planned_count: number; threshold: number; at: string } }
  | { type: 'ApprovalRequested'; data: { pending_count: number; at: string } }
  | { type: 'RunConfirmed'; data: { by: string; at: string } }
  | { type: 'ActionApproved'; data: { action_id: string; by: string; at: string } }
  | { type: 'ActionRejected'; data: { action_id: string; by: string; reason?: string; at: string } }
  | { type: 'RunExecutionStarted'; data: { by: string; auto_approve: boolean; at: string } }
  | { type: 'ActionExecutionStarted'; data: { action_id: string; at: string } }
  | { type: 'ActionExecuted'; data: { action_id: string; reconciled: boolean; at: string } }
  | { type: 'ActionFailed'; data: { action_id: string; error: string; at: string } }
  | { type: 'ActionSkipped'; data: { action_id: string; reason: string; at: string } }
  | { type: 'RunCompleted'; data: { at: string } }
  | { type: 'RunFailed'; data: { error: string; at: string } }
  | { type: 'RunRejected'; data: { by: string; reason?: string; at: string } }
  | { type: 'RunCancelled'; data: { by: string; reason?: string; at: string } };

export type RunEventType = RunEvent['type'];

// Runtime schemas of the run events (checked before an append: src/adapters/validating-event-store.ts).
// They follow the types above; extra properties are allowed, so an older reader never refuses a newer event.
const At = Type.String({ minLength: 1 });
const Text = Type.String();

export const runEventSchemas = {
  RunRequested: Type.Object({
    run_id: Type.String({ minLength: 1 }),
    org_id: Type.String({ minLength: 1 }),
    board_type: BoardTypeSchema,
    project_key: Type.String({ minLength: 1 }),
    cycles: Type.Array(CycleIdSchema),
    dry_run: Type.Boolean(),
    flow: Type.Union([Type.Literal('trigger'), Type.Literal('approval')]),
    settings: OrgSettingsSchema,
    requested_by: Text,
    at: At,
  }),
  RunLogged: Type.Object({ level: Type.Union([Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]), message: Text, at: At }),
  RunPlanned: Type.Object({ actions: Type.Array(PlannedActionSchema), items_read: Type.Integer({ minimum: 0 }), cycles: Type.Optional(Type.Array(CycleIdSchema)), at: At }),
  ConfirmationRequested: Type.Object({ planned_count: Type.Integer({ minimum: 0 }), threshold: Type.Integer({ minimum: 0 }), at: At }),
  ApprovalRequested: Type.Object({ pending_count: Type.Integer({ minimum: 0 }), at: At }),
  RunConfirmed: Type.Object({ by: Text, at: At }),
  ActionApproved: Type.Object({ action_id: Text, by: Text, at: At }),
  ActionRejected: Type.Object({ action_id: Text, by: Text, reason: Type.Optional(Text), at: At }),
  RunExecutionStarted: Type.Object({ by: Text, auto_approve: Type.Boolean(), at: At }),
  ActionExecutionStarted: Type.Object({ action_id: Text, at: At }),
  ActionExecuted: Type.Object({ action_id: Text, reconciled: Type.Boolean(), at: At }),
  ActionFailed: Type.Object({ action_id: Text, error: Text, at: At }),
  ActionSkipped: Type.Object({ action_id: Text, reason: Text, at: At }),
  RunCompleted: Type.Object({ at: At }),
  RunFailed: Type.Object({ error: Text, at: At }),
  RunRejected: Type.Object({ by: Text, reason: Type.Optional(Text), at: At }),
  RunCancelled: Type.Object({ by: Text, reason: Type.Optional(Text), at: At }),
} as const satisfies Record<RunEventType, unknown>;
