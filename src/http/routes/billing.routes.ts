// Billing: POST /api/billing/create-checkout and /portal (billing:manage), POST /api/billing/webhook
// (public, verified by Stripe's signature on the raw bytes), and GET /api/user/plan.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Position } from '../../adapters/event-store.js';
import { WebhookSignatureError, type WebhookVerifier } from '../../adapters/stripe/billing-provider.js';
import type { BillingCommands } from '../../commands/billing.commands.js';
import type { PlanLimitsService } from '../../commands/plan-limits.js';
import { DomainError } from '../../domain/errors.js';
import { effectivePlan, planLimits } from '../../domain/plans.js';
import { getSubscription } from '../../queries/billing.query.js';
import type { Knex } from 'knex';
import { commandContext } from '../request-context.js';
import { authErrorResponses, DetailErrorSchema } from '../schemas/common.schemas.js';
import { CheckoutBodySchema, PlanSchema, PortalBodySchema, SessionUrlSchema, WebhookAckSchema } from '../schemas/billing.schemas.js';

export interface BillingRouteDeps {
  knex: Knex;
  billing: BillingCommands;
  planLimits: PlanLimitsService;
  /** Whether the limits are enforced (PLAN_LIMITS_ENFORCED); GET /api/user/plan says so. */
  enforced: boolean;
  /** Undefined when STRIPE_WEBHOOK_SECRET is not configured: the webhook answers 503 and accepts nothing. */
  verifyWebhook: WebhookVerifier | undefined;
  /** Waits (bounded) for the billing read model, so that GET /api/user/plan shows a recorded change. */
  awaitReadModel(position: Position | undefined): Promise<void>;
}

const sessionResponses = { 200: SessionUrlSchema, 409: DetailErrorSchema, ...authErrorResponses };

export const billingRoutes: FastifyPluginAsyncTypebox<BillingRouteDeps> = async (app, deps) => {
  app.post(
    '/api/billing/create-checkout',
    {
      schema: {
        tags: ['billing'],
        summary: 'Create a subscription checkout with the payment provider',
        body: CheckoutBodySchema,
        response: sessionResponses,
      },
    },
    async (request) => deps.billing.createCheckout(request.orgId, request.body, commandContext(request)),
  );

  app.post(
    '/api/billing/portal',
    {
      schema: { tags: ['billing'], summary: "Create a session of the payment provider's customer portal", body: PortalBodySchema, response: sessionResponses },
    },
    async (request) => deps.billing.createPortal(request.orgId, request.body),
  );

  app.get(
    '/api/user/plan',
    { schema: { tags: ['identity'], summary: 'Plan, subscription status, enforced limits and current usage', response: { 200: PlanSchema, ...authErrorResponses } } },
    async (request) => {
      const [subscription, usage] = await Promise.all([getSubscription(deps.knex, request.orgId), deps.planLimits.usage(request.orgId)]);
      const effective = effectivePlan(subscription);
      return {
        plan: subscription?.plan ?? 'free',
        status: subscription?.status ?? 'active',
        effective_plan: effective,
        enforced: deps.enforced,
        limits: { ...planLimits[effective] },
        usage,
      };
    },
  );

  // The webhook in its own encapsulated plugin: its content-type parser keeps the raw bytes (the
  // signature covers them exactly) without changing how every other route parses JSON.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/billing/webhook',
      {
        schema: {
          tags: ['billing'],
          summary: "Receive the payment provider's subscription events (public; Stripe-Signature on the raw body)",
          security: [],
          response: { 200: WebhookAckSchema, 400: DetailErrorSchema, 503: DetailErrorSchema },
        },
      },
      async (request) => {
        if (!deps.verifyWebhook) {
          // Never accept unsigned events because a secret is missing.
          throw new DomainError('unavailable', 'The billing webhook is not configured on this server (STRIPE_WEBHOOK_SECRET is not set)');
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        let event;
        try {
          event = deps.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            request.log.warn({ reason: err.message }, 'billing webhook refused');
            throw new DomainError('invalid', `Webhook signature verification failed: ${err.message}`);
          }
          throw err;
        }
        const result = await deps.billing.applyProviderEvent(event);
        if (result.outcome === 'recorded') await deps.awaitReadModel(result.position);
        return { received: true, outcome: result.outcome };
      },
    );
  });
};
