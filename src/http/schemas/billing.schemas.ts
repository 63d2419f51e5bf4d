// Request and response shapes of billing (docs/billing.md) and GET /api/user/plan.
import { Type, type Static } from '@sinclair/typebox';

/** Where the provider sends the user back: an absolute http(s) URL. */
const ReturnUrl = (description: string) => Type.String({ minLength: 8, maxLength: 2048, pattern: '^https?://[^\\s]+$', description });

export const CheckoutBodySchema = Type.Object(
  {
    plan: Type.Union([Type.Literal('team'), Type.Literal('business')]),
    success_url: ReturnUrl('where checkout returns after payment'),
    cancel_url: ReturnUrl('where checkout returns when the user gives up'),
  },
  { additionalProperties: false },
);

export const PortalBodySchema = Type.Object({ return_url: ReturnUrl('where the portal returns') }, { additionalProperties: false });

export const SessionUrlSchema = Type.Object({ url: Type.String({ description: "the provider's hosted page; redirect the user there" }) });

export const WebhookAckSchema = Type.Object({
  received: Type.Boolean(),
  /** recorded: a subscription change was stored; unchanged: a replay or an older event; ignored: not for us (logged). */
  outcome: Type.Union([Type.Literal('recorded'), Type.Literal('unchanged'), Type.Literal('ignored')]),
});

const Limit = Type.Union([Type.Integer(), Type.Null()], { description: 'null: no limit' });

export const PlanLimitsSchema = Type.Object({
  runs_per_month: Limit,
  projects: Limit,
  members: Limit,
  cycle_p: Type.Boolean(),
});

export const PlanSchema = Type.Object({
  plan: Type.String({ description: 'the subscribed plan (free without a subscription)' }),
  status: Type.String({ description: "the provider's subscription status" }),
  effective_plan: Type.String({ description: 'the plan whose limits apply: free while past due, unpaid or cancelled' }),
  enforced: Type.Boolean({ description: 'false when this deployment does not enforce plan limits (PLAN_LIMITS_ENFORCED)' }),
  limits: PlanLimitsSchema,
  usage: Type.Object({
    runs_this_month: Type.Integer({ description: 'runs requested since the start of the month (UTC)' }),
    projects: Type.Integer({ description: 'distinct board type and project pairs with runs' }),
    members: Type.Integer({ description: 'members with a stored role assignment' }),
  }),
});

/** GET /api/user/plan: the plan, its limits and the usage they measure. */
export type PlanView = Static<typeof PlanSchema>;
