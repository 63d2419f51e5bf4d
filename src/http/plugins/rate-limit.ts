// Rate limits per process (docs/security.md, "Rate limits"): reads and writes counted separately, per
// key — organization + user for an authenticated caller, the client address otherwise. 429 answers
// `{ error, retry_after_seconds }` with a Retry-After header.
//
// Order of the hooks (register this plugin before auth and permissions):
//   onRequest (before auth)  public routes, unknown URLs and requests without a token count against
//                            the client address; a request carrying a token from an address whose
//                            failed authentications exhausted their budget is refused before its
//                            token is verified;
//   onRequest (auth)         identity;
//   preParsing (here)        authenticated requests count against org + user, before permissions
//                            are looked up and before the body is parsed;
//   onResponse               a token that established no identity (401, or 403 without an
//                            organization) counts one failed authentication against the address.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimiter, type RateDecision, type RateLimiter } from '../rate-limiter.js';
import { isReadMethod } from '../route-permissions.js';
import { MiddlewareError } from './errors.js';

export interface RateLimitPluginOptions {
  readsPerMinute: number;
  writesPerMinute: number;
  /** Failed authentications per minute and client address (default: readsPerMinute). */
  authFailuresPerMinute?: number;
  now?: () => number;
}

function refuse(decision: Extract<RateDecision, { allowed: false }>): MiddlewareError {
  const seconds = decision.retryAfterSeconds;
  return new MiddlewareError(429, 'Rate limit exceeded; retry later', { retry_after_seconds: seconds }, { 'retry-after': String(seconds) });
}

export default fp<RateLimitPluginOptions>(
  async function rateLimitPlugin(app: FastifyInstance, options) {
    const now = options.now ?? Date.now;
    const reads = createRateLimiter({ limit: options.readsPerMinute, now });
    const writes = createRateLimiter({ limit: options.writesPerMinute, now });
    const authFailures = createRateLimiter({ limit: options.authFailuresPerMinute ?? options.readsPerMinute, now });
    const limiterFor = (request: FastifyRequest): RateLimiter => (isReadMethod(request.method) ? reads : writes);
    const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;

    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.rateLimitExempt) return;
      // No identity will be established: the client address is the key.
      if (request.is404 || request.routeOptions.config.public || !request.headers.authorization) {
        const decision = limiterFor(request).take(addressKey(request));
        if (!decision.allowed) throw refuse(decision);
        return;
      }
      const decision = authFailures.peek(addressKey(request));
      if (!decision.allowed) throw refuse(decision);
    });

    app.addHook('preParsing', async (request) => {
      if (!request.identity) return;
      // JSON of the pair, so no org or user id can forge another's key with a separator.
      const key = JSON.stringify([request.orgId, request.identity.userId]);
      const decision = limiterFor(request).take(key);
      if (!decision.allowed) throw refuse(decision);
    });

    app.addHook('onResponse', async (request, reply) => {
      // 401, or 403 for a token naming no organization: a token that established no identity.
      const rejected = reply.statusCode === 401 || (reply.statusCode === 403 && !request.identity);
      if (rejected && request.headers.authorization) authFailures.take(addressKey(request));
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);
