// Authentication: every route that is not marked public needs `Authorization: Bearer <token>`.
// The token is verified by the identity port; the caller's organization comes from it and from
// nowhere else, so every query downstream is scoped by request.orgId.
// A token that fails from an address whose failed authentications spent their budget (rate-limit.ts)
// answers 429 instead of 401; the budget is consulted only on failure, so a valid token is never
// refused by it, whoever else shares the address.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import { IdentityError, type Identity, type IdentityVerifier } from '../../adapters/identity/identity.js';
import { MiddlewareError } from './errors.js';

export interface AuthPluginOptions {
  identity: IdentityVerifier;
}

const BEARER = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]*)$/i; // the scheme is case-insensitive (RFC 9110 §11.1)

/**
 * Tokens verified in the last minute, kept until their own expiry at the latest. A client sends the
 * same session token with every request; verifying its signature each time was the largest single
 * CPU cost per request. The minute bounds how long a key rotation takes to reach a cached token.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { who: Identity; until: number }>();
  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxAgeMs = 60_000,
  ) {}

  get(token: string, now: number): Identity | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > now) return entry.who;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, who: Identity): void {
    let exp: number | undefined;
    try {
      exp = decodeJwt(token).exp;
    } catch {
      return;
    }
    if (exp === undefined) return;
    const until = Math.min(exp * 1000, Date.now() + this.maxAgeMs);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { who, until });
  }
}

/** A failed token's answer: 401, or the 429 of the address's spent failure budget (rate-limit.ts). */
function failed(request: FastifyRequest, message: string): MiddlewareError {
  return request.authFailureBudget?.refusal() ?? new MiddlewareError(401, message);
}

export default fp<AuthPluginOptions>(
  async function authPlugin(app: FastifyInstance, { identity }) {
    const verified = new VerifiedTokens();
    app.decorateRequest('identity', null as never);
    app.decorateRequest('orgId', '');
    app.addHook('onRequest', async (request) => {
      // Public routes, and unknown routes (which answer 404), need no token.
      if (request.routeOptions.config.public || request.is404) return;
      const header = request.headers.authorization;
      if (!header) throw new MiddlewareError(401, 'Missing bearer token');
      const match = BEARER.exec(header);
      if (!match) throw failed(request, 'Malformed Authorization header; expected Bearer <token>');
      const token = match[1]!;
      let who = verified.get(token, Date.now());
      try {
        if (!who) {
          who = await identity.verify(token);
          verified.set(token, who);
        }
      } catch (err) {
        if (err instanceof IdentityError) throw failed(request, err.message);
        request.log.error({ err }, 'identity verification failed');
        throw new MiddlewareError(503, 'Identity provider unavailable');
      }
      if (!who.orgId) throw request.authFailureBudget?.refusal() ?? new MiddlewareError(403, 'The token names no organization; select an organization and sign in again');
      request.identity = who;
      request.orgId = who.orgId;
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
