// Response shapes of GET /api/status and GET /api/user/me.
import { Type } from '@sinclair/typebox';

export const StatusSchema = Type.Object({
  trigger: Type.Object({
    /** True when a saved schedule is enabled. */
    enabled: Type.Boolean(),
    schedule_saved: Type.Boolean(),
    next_fire_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'next scheduled start; null when no enabled schedule is saved',
    }),
  }),
  latest_run: Type.Union([
    Type.Object({ id: Type.String(), status: Type.String() }, { additionalProperties: true }),
    Type.Null(),
  ]),
});

export const SubscriptionSummarySchema = Type.Object({
  plan: Type.String(),
  status: Type.String(),
  effective_plan: Type.Optional(Type.String({ description: 'the plan whose limits apply (free while past due or cancelled)' })),
  current_period_end: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  cancel_at_period_end: Type.Optional(Type.Boolean()),
});

export const UserMeSchema = Type.Object({
  org_id: Type.String(),
  user_id: Type.String(),
  role: Type.String(),
  org_role: Type.Union([Type.String(), Type.Null()], { description: "the identity provider's organization role" }),
  subscription: SubscriptionSummarySchema,
});
