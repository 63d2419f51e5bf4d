// Route options and request fields our plugins add to Fastify.
import 'fastify';
import type { Identity } from '../adapters/identity/identity.js';
import type { Permission } from '../domain/permissions.js';
import type { Access } from './plugins/permissions.js';
import type { AuthFailureBudget } from './plugins/rate-limit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * No bearer token needed (health, readiness, signed webhooks). Set from
     * src/http/route-permissions.ts; a route that declares it must agree with the table.
     */
    public?: boolean;
    /**
     * The permission the route requires. Set from src/http/route-permissions.ts (the single
     * source); a route that declares it must agree with the table or the app refuses to start.
     */
    permission?: Permission;
    /**
     * Not counted by the rate limiter. Only for a caller that never retries a 429 and whose
     * requests must not be lost: the SNS bounce webhook (SNS retries 5xx only; docs/email-suppressions.md).
     */
    rateLimitExempt?: boolean;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every non-public route. */
    identity: Identity;
    /** The caller's organization; set with identity. */
    orgId: string;
    /** The caller's application role and permissions; set by the permissions plugin on protected routes. */
    access: Access;
    /** The client address's failed-authentication budget; set by the rate-limit plugin when a token is sent. */
    authFailureBudget: AuthFailureBudget | null;
    /** The W3C traceparent of the request's span, with tracing on (plugins/tracing.ts): the parent of what the request causes. */
    traceparent?: string | undefined;
  }
}
