// Events of the org stream (`org-<orgId>`). TypeBox schemas give runtime validation and TS types
// from one definition. An event type never changes meaning once shipped.
import { Type, type Static } from '@sinclair/typebox';
import { assignableRoles } from './roles.js';
import { PlanNameSchema, SubscriptionStatusSchema } from './plans.js';

export const WriteModeSchema = Type.Union([Type.Literal('dry_run'), Type.Literal('approval'), Type.Literal('auto')]);
export type WriteMode = Static<typeof WriteModeSchema>;

export const BoardTypeSchema = Type.Union([Type.Literal('jira'), Type.Literal('linear')]);
export type BoardType = Static<typeof BoardTypeSchema>;

export const CycleIdSchema = Type.Union([Type.Literal('T'), Type.Literal('S'), Type.Literal('P')]);
export type CycleId = Static<typeof CycleIdSchema>;

export const supportedFeatureFlags = ['cycle_p', 'meeting_ingest', 'chat_assistant', 'llm_extraction'] as const;
export type FeatureFlagName = (typeof supportedFeatureFlags)[number];

export const OrgSettingsSchema = Type.Object({
  write_mode: WriteModeSchema,
  action_cap: Type.Integer({ minimum: 1, maximum: 1000 }),
  confirmation_threshold: Type.Integer({ minimum: 0, maximum: 1000 }),
});
export type OrgSettings = Static<typeof OrgSettingsSchema>;

export const ScheduleSchema = Type.Object({
  enabled: Type.Boolean(),
  timezone: Type.String({ minLength: 1, maxLength: 64 }),
  days_of_week: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7, uniqueItems: true }),
  time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
  board_type: BoardTypeSchema,
  project_key: Type.String({ minLength: 1, maxLength: 64 }),
  cycles: Type.Optional(Type.Array(CycleIdSchema, { minItems: 1, maxItems: 3, uniqueItems: true })),
  dry_run: Type.Optional(Type.Boolean()),
});
export type Schedule = Static<typeof ScheduleSchema>;

/** Carries the complete settings after the change (and which fields changed), so readers never merge. */
export const OrgSettingsChangedSchema = Type.Object({
  settings: OrgSettingsSchema,
  changed: Type.Array(Type.String()),
  at: Type.String({ format: 'date-time' }),
});

export const ScheduleSavedSchema = Type.Object({
  schedule: ScheduleSchema,
  at: Type.String({ format: 'date-time' }),
});

export const FeatureFlagChangedSchema = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  at: Type.String({ format: 'date-time' }),
});

export const AssignableRoleSchema = Type.Union(assignableRoles.map((r) => Type.Literal(r)));

/**
 * A member's operational role and delegated permissions, replacing any earlier assignment. The
 * permissions are the extra ones granted to this member (sorted, without duplicates); never an
 * admin-only permission (the decider refuses them).
 */
export const MemberRoleAssignedSchema = Type.Object({
  user_id: Type.String({ minLength: 1 }),
  role: AssignableRoleSchema,
  permissions: Type.Array(Type.String()),
  at: Type.String({ format: 'date-time' }),
});

/**
 * The organization's subscription after a payment-provider event (billing). Carries the complete
 * summary, so readers never merge; `provider_event_id` lets a replayed webhook change nothing.
 */
export const SubscriptionChangedSchema = Type.Object({
  plan: PlanNameSchema,
  status: SubscriptionStatusSchema,
  customer_id: Type.String({ minLength: 1 }),
  subscription_id: Type.String({ minLength: 1 }),
  /** Stripe's event id (evt_…). */
  provider_event_id: Type.String({ minLength: 1 }),
  /** When the provider created the event (ISO); an older event than the last applied one changes nothing. */
  provider_event_at: Type.String({ format: 'date-time' }),
  current_period_end: Type.Optional(Type.String({ format: 'date-time' })),
  cancel_at_period_end: Type.Optional(Type.Boolean()),
  at: Type.String({ format: 'date-time' }),
});

/**
 * The payment provider's customer that bills this organization (billing). A customer id is not a
 * secret; remembering it lets checkout and portal reuse one customer per organization.
 */
export const BillingCustomerLinkedSchema = Type.Object({
  customer_id: Type.String({ minLength: 1 }),
  at: Type.String({ format: 'date-time' }),
});

/** A member's stored role is revoked: they fall back to the default role (DELETE /api/rbac/members/{user_id}). */
export const MemberRoleRevokedSchema = Type.Object({ user_id: Type.String(), at: Type.String() });

export type OrgEvent =
  | { type: 'OrgSettingsChanged'; data: Static<typeof OrgSettingsChangedSchema> }
  | { type: 'ScheduleSaved'; data: Static<typeof ScheduleSavedSchema> }
  | { type: 'FeatureFlagChanged'; data: Static<typeof FeatureFlagChangedSchema> }
  | { type: 'MemberRoleAssigned'; data: Static<typeof MemberRoleAssignedSchema> }
  | { type: 'MemberRoleRevoked'; data: Static<typeof MemberRoleRevokedSchema> }
  | { type: 'SubscriptionChanged'; data: Static<typeof SubscriptionChangedSchema> }
  | { type: 'BillingCustomerLinked'; data: Static<typeof BillingCustomerLinkedSchema> };

export const orgEventSchemas = {
  OrgSettingsChanged: OrgSettingsChangedSchema,
  ScheduleSaved: ScheduleSavedSchema,
  FeatureFlagChanged: FeatureFlagChangedSchema,
  MemberRoleAssigned: MemberRoleAssignedSchema,
  MemberRoleRevoked: MemberRoleRevokedSchema,
  SubscriptionChanged: SubscriptionChangedSchema,
  BillingCustomerLinked: BillingCustomerLinkedSchema,
} as const;
