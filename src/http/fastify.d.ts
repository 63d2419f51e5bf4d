// Route options and request fields our plugins add to Fastify.
import 'fastify';
import type { Identity } from '../adapters/identity/identity.js';
import type { Permission } from '../domain/permissions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No bearer token needed (health, readiness, signed webhooks). */
    public?: boolean;
    /** The permission the route requires; see src/http/route-permissions.ts. */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every non-public route. */
    identity: Identity;
    /** The caller's organization; set with identity. */
    orgId: string;
  }
}
