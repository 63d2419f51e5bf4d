// Rate limits (docs/security.md, "Rate limits"): reads and writes counted separately, per key —
// organization + user for an authenticated caller, the client address otherwise (request.ip, which
// honours TRUST_PROXY). Every limited answer carries RateLimit-Limit, RateLimit-Remaining and
// RateLimit-Reset (seconds); 429 answers `{ error, retry_after_seconds }` with a Retry-After header.
// The counters are per process: with RATE_LIMIT_REPLICAS = N each process allows 1/N of every
// budget, so the replicas together hold the configured limit (docs/security.md says why).
//
// Order of the hooks (register this plugin before auth and permissions):
//   onRequest (before auth)  public routes, unknown URLs and requests without a token count against
//                            the client address; a request with a token gets the address's
//                            failed-authentication budget (request.authFailureBudget), which auth
//                            consults only when the token fails: a valid token is never refused by
//                            it, an invalid one past the budget answers 429 instead of 401;
//   onRequest (auth)         identity;
//   preParsing (here)        authenticated requests count against org + user, before permissions
//                            are looked up and before the body is parsed;
//   onResponse               a token that established no identity (401, or 403 without an
//                            organization) counts one failed authentication against the address.
//
// Why not @fastify/rate-limit: it counts every request it sees, so it cannot hold a budget of
// failures only (consulted before verification, counted after it), and its local store is a fixed
// window, which lets a burst at a window edge through twice. Our sliding-window counter
// (rate-limiter.ts) keeps both properties; the headers are the same draft-standard ones.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRateLimiter, type RateDecision, type RateLimiter } from '../rate-limiter.js';
import { isReadMethod } from '../route-permissions.js';
import { MiddlewareError } from './errors.js';

export interface RateLimitPluginOptions {
  readsPerMinute: number;
  writesPerMinute: number;
  /** Failed authentications per minute and client address (default: readsPerMinute). */
  authFailuresPerMinute?: number;
  /** API replicas sharing the budgets (default 1): each process allows 1/replicas of each. */
  replicas?: number;
  now?: () => number;
  /** Told each 429 of these limits (for the metrics). */
  onRefused?: (limit: 'reads' | 'writes' | 'auth_failures') => void;
}

/** What auth asks when a token fails: the refusal to answer instead of 401, when the budget is spent. */
export interface AuthFailureBudget {
  refusal(): MiddlewareError | undefined;
}

function limitHeaders(limiter: RateLimiter, decision: RateDecision, t: number): Record<string, string> {
  const reset = decision.allowed ? Math.max(1, Math.ceil((limiter.windowMs - (t % limiter.windowMs)) / 1000)) : decision.retryAfterSeconds;
  return {
    'ratelimit-limit': String(limiter.limit),
    'ratelimit-remaining': String(decision.allowed ? decision.remaining : 0),
    'ratelimit-reset': String(reset),
  };
}

function refuse(decision: Extract<RateDecision, { allowed: false }>, headers: Record<string, string> = {}): MiddlewareError {
  const seconds = decision.retryAfterSeconds;
  return new MiddlewareError(429, 'Rate limit exceeded; retry later', { retry_after_seconds: seconds }, { ...headers, 'retry-after': String(seconds) });
}

/**
 * The failed-authentication budget of a client address, made for every request with a token: an
 * instance of a class rather than an object with a closure, since under tsx (`npm start`) every
 * function made at run time is also given its name (Object.defineProperty), and this one was 1% of
 * the server's CPU serving the runs list (a profile, 2026-11-29).
 */
class AddressFailureBudget implements AuthFailureBudget {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly key: string,
    private readonly onRefused: RateLimitPluginOptions['onRefused'],
  ) {}

  refusal(): MiddlewareError | undefined {
    const decision = this.limiter.peek(this.key);
    if (decision.allowed) return undefined;
    this.onRefused?.('auth_failures');
    return refuse(decision);
  }
}

export default fp<RateLimitPluginOptions>(
  async function rateLimitPlugin(app: FastifyInstance, options) {
    const now = options.now ?? Date.now;
    const replicas = Math.max(1, Math.trunc(options.replicas ?? 1));
    const share = (perMinute: number) => Math.max(1, Math.floor(perMinute / replicas));
    const reads = createRateLimiter({ limit: share(options.readsPerMinute), now });
    const writes = createRateLimiter({ limit: share(options.writesPerMinute), now });
    const authFailures = createRateLimiter({ limit: share(options.authFailuresPerMinute ?? options.readsPerMinute), now });
    const limiterFor = (request: FastifyRequest): RateLimiter => (isReadMethod(request.method) ? reads : writes);
    const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;

    /** Counts the request against `key`; sets the RateLimit-* headers, or throws the 429. */
    function take(request: FastifyRequest, reply: FastifyReply, key: string): void {
      const limiter = limiterFor(request);
      const t = now();
      const decision = limiter.take(key);
      const headers = limitHeaders(limiter, decision, t);
      if (!decision.allowed) {
        options.onRefused?.(limiter === reads ? 'reads' : 'writes');
        throw refuse(decision, headers);
      }
      void reply.headers(headers);
    }

    app.decorateRequest('authFailureBudget', null);

    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.rateLimitExempt) return;
      // No identity will be established: the client address is the key.
      if (request.is404 || request.routeOptions.config.public || !request.headers.authorization) {
        take(request, reply, addressKey(request));
        return;
      }
      request.authFailureBudget = new AddressFailureBudget(authFailures, addressKey(request), options.onRefused);
    });

    app.addHook('preParsing', async (request, reply) => {
      if (!request.identity || request.routeOptions.config.rateLimitExempt) return;
      // JSON of the pair, so no org or user id can forge another's key with a separator.
      take(request, reply, JSON.stringify([request.orgId, request.identity.userId]));
    });

    app.addHook('onResponse', async (request, reply) => {
      // 401, or 403 for a token naming no organization: a token that established no identity.
      const rejected = reply.statusCode === 401 || (reply.statusCode === 403 && !request.identity);
      if (rejected && request.headers.authorization) authFailures.take(addressKey(request));
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);
