// What the web console (served at /app/, see src/http/plugins/console.ts) needs before anyone is
// signed in: GET /api/console/config tells it how to sign in, and in development
// POST /api/console/dev-token mints a token of the development identity for a chosen organization
// and user, the same token `sprintguard token` prints; POST /api/console/sign-in-link trades a
// one-time code (`sprintguard demo` prints it inside the console's address) for such a token. Both
// answer 404 whenever a real identity provider is configured or in production: they would
// otherwise hand out any identity.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signDevToken } from '../../adapters/identity/dev-identity.js';
import type { SignInLinks } from '../../adapters/identity/sign-in-links.js';
import type { Config } from '../../config.js';
import { MiddlewareError } from '../plugins/errors.js';
import { DetailErrorSchema, MiddlewareErrorSchema } from '../schemas/common.schemas.js';

export type ConsoleRouteConfig = Pick<Config, 'AUTH_JWKS_URL' | 'AUTH_ISSUER' | 'CONSOLE_OIDC_CLIENT_ID' | 'CONSOLE_OIDC_SCOPE' | 'isProduction' | 'dataDir'>;

/** Lifetime of a development token; the console mints a new one before it ends. */
export const DEV_TOKEN_SECONDS = 3_600;
/** How long an unused sign-in link is good for: a demo's newcomer may open it hours later. */
export const SIGN_IN_LINK_TTL_MS = 12 * 3_600_000;

/** True where the service verifies tokens with its development key (the rule of createIdentity). */
export const usesDevelopmentIdentity = (config: Pick<Config, 'AUTH_JWKS_URL' | 'isProduction'>): boolean =>
  !config.AUTH_JWKS_URL && !config.isProduction;

const ConsoleConfigSchema = Type.Object(
  {
    sign_in: Type.Union([Type.Literal('oidc'), Type.Literal('development'), Type.Literal('unavailable')], {
      description: 'oidc: authorization code with PKCE at the issuer; development: POST /api/console/dev-token; unavailable: no console client id configured',
    }),
    oidc: Type.Union([
      Type.Object({
        issuer: Type.String({ description: 'AUTH_ISSUER' }),
        client_id: Type.String({ description: 'CONSOLE_OIDC_CLIENT_ID' }),
        scope: Type.String(),
      }),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
);

const Identifier = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:@-]+$' });
const DevTokenRequestSchema = Type.Object(
  {
    org_id: Identifier,
    user_id: Identifier,
    admin: Type.Boolean({ default: false, description: 'sign in as an organization admin (org:admin)' }),
  },
  { additionalProperties: false },
);
const DevTokenSchema = Type.Object({
  access_token: Type.String({ description: 'a development token (JWT) for the Authorization header' }),
  token_type: Type.Literal('Bearer', { description: 'always Bearer' }),
  expires_in: Type.Integer({ description: 'seconds' }),
});

const SignInLinkRequestSchema = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'the code after `#sign-in=` in the link' }) },
  { additionalProperties: false },
);
const SignInLinkGrantSchema = Type.Composite([
  DevTokenSchema,
  Type.Object({
    org_id: Type.String({ description: 'the organization signed in to' }),
    user_id: Type.String({ description: 'the user signed in as' }),
    admin: Type.Boolean({ description: 'whether that user is the organization admin' }),
  }),
]);

export interface ConsoleRouteDeps {
  config: ConsoleRouteConfig;
  /** One-time sign-in links; present only with the development identity. */
  signInLinks?: SignInLinks;
}

export const consoleRoutes: FastifyPluginAsyncTypebox<ConsoleRouteDeps> = async (app, { config, signInLinks }) => {
  const development = usesDevelopmentIdentity(config);
  const clientId = config.CONSOLE_OIDC_CLIENT_ID;

  app.get(
    '/api/console/config',
    {
      config: { public: true },
      schema: { tags: ['console'], summary: 'How the web console signs in', security: [], response: { 200: ConsoleConfigSchema } },
    },
    async () => {
      if (development) return { sign_in: 'development' as const, oidc: null };
      if (clientId && config.AUTH_ISSUER) {
        return { sign_in: 'oidc' as const, oidc: { issuer: config.AUTH_ISSUER, client_id: clientId, scope: config.CONSOLE_OIDC_SCOPE } };
      }
      return { sign_in: 'unavailable' as const, oidc: null };
    },
  );

  app.post(
    '/api/console/dev-token',
    {
      config: { public: true },
      schema: {
        tags: ['console'],
        summary: 'Development only: a token of the development identity for the console',
        description: 'Answers 404 whenever an identity provider is configured (AUTH_JWKS_URL) or NODE_ENV=production.',
        security: [],
        body: DevTokenRequestSchema,
        response: { 200: DevTokenSchema, 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      if (!development) return reply.code(404).send({ detail: 'Not found' });
      const { org_id, user_id, admin } = request.body;
      const access_token = await signDevToken(config.dataDir, { orgId: org_id, userId: user_id, admin, expiresIn: `${DEV_TOKEN_SECONDS}s` });
      void reply.header('cache-control', 'no-store');
      return { access_token, token_type: 'Bearer' as const, expires_in: DEV_TOKEN_SECONDS };
    },
  );

  app.post(
    '/api/console/sign-in-link',
    {
      config: { public: true },
      schema: {
        tags: ['console'],
        summary: 'Development only: trade a one-time sign-in link for a development token',
        description:
          'The code comes from a link such as `sprintguard demo` prints (`/app/#sign-in=<code>`); it is good for one sign-in. ' +
          'Answers 401 for a code that is unknown, used or expired, and 404 whenever an identity provider is configured (AUTH_JWKS_URL) or NODE_ENV=production.',
        security: [],
        body: SignInLinkRequestSchema,
        response: { 200: SignInLinkGrantSchema, 401: MiddlewareErrorSchema, 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      if (!development || !signInLinks) return reply.code(404).send({ detail: 'Not found' });
      const who = signInLinks.redeem(request.body.code);
      if (!who) throw new MiddlewareError(401, 'This sign-in link is unknown, was already used or has expired; sign in on the page instead');
      const access_token = await signDevToken(config.dataDir, { orgId: who.orgId, userId: who.userId, admin: who.admin, expiresIn: `${DEV_TOKEN_SECONDS}s` });
      void reply.header('cache-control', 'no-store');
      return { access_token, token_type: 'Bearer' as const, expires_in: DEV_TOKEN_SECONDS, org_id: who.orgId, user_id: who.userId, admin: who.admin };
    },
  );
};
