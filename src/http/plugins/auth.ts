// Authentication: every route that is not marked public needs `Authorization: Bearer <token>`.
// The token is verified by the identity port; the caller's organization comes from it and from
// nowhere else, so every query downstream is scoped by request.orgId.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IdentityError, type IdentityVerifier } from '../../adapters/identity/identity.js';
import { MiddlewareError } from './errors.js';

export interface AuthPluginOptions {
  identity: IdentityVerifier;
}

const BEARER = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]*)$/i; // the scheme is case-insensitive (RFC 9110 §11.1)

export default fp<AuthPluginOptions>(
  async function authPlugin(app: FastifyInstance, { identity }) {
    app.decorateRequest('identity', null as never);
    app.decorateRequest('orgId', '');
    app.addHook('onRequest', async (request) => {
      // Public routes, and unknown routes (which answer 404), need no token.
      if (request.routeOptions.config.public || request.is404) return;
      const header = request.headers.authorization;
      if (!header) throw new MiddlewareError(401, 'Missing bearer token');
      const match = BEARER.exec(header);
      if (!match) throw new MiddlewareError(401, 'Malformed Authorization header; expected Bearer <token>');
      let who;
      try {
        who = await identity.verify(match[1]!);
      } catch (err) {
        if (err instanceof IdentityError) throw new MiddlewareError(401, err.message);
        request.log.error({ err }, 'identity verification failed');
        throw new MiddlewareError(503, 'Identity provider unavailable');
      }
      if (!who.orgId) throw new MiddlewareError(403, 'The token names no organization; select an organization and sign in again');
      request.identity = who;
      request.orgId = who.orgId;
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
