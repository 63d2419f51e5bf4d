// Events of a run stream (`run-<runId>`): one guarded automation run from request to terminal state.
import { Type, type Static } from '@sinclair/typebox';
import { CycleIdSchema, type BoardTypeSchema, type OrgSettingsSchema } from './org.events.js';

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
