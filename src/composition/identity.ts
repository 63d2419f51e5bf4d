// The identity provider's verifier: JWKS when configured, the development key otherwise (never in production).
import { createDevIdentityVerifier } from '../adapters/identity/dev-identity.js';
import type { ClaimMapping, IdentityVerifier } from '../adapters/identity/identity.js';
import { createJwksIdentityVerifier } from '../adapters/identity/jwks-identity.js';
import type { Config } from '../config.js';

const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);

function claimMapping(config: Config): ClaimMapping {
  return {
    orgClaim: config.AUTH_ORG_CLAIM,
    roleClaim: config.AUTH_ROLE_CLAIM,
    adminRoles: list(config.AUTH_ADMIN_ROLES),
  };
}

/** The identity provider's verifier; the development key only outside production and without AUTH_JWKS_URL. */
export async function createIdentity(config: Config): Promise<IdentityVerifier> {
  if (config.AUTH_JWKS_URL) {
    if (!config.AUTH_ISSUER) {
      throw new Error('AUTH_ISSUER is required with AUTH_JWKS_URL (the issuer its tokens carry, e.g. https://clerk.example.com)');
    }
    return createJwksIdentityVerifier({
      jwksUrl: config.AUTH_JWKS_URL,
      issuer: config.AUTH_ISSUER,
      ...(config.AUTH_AUDIENCE ? { audience: config.AUTH_AUDIENCE } : {}),
      authorizedParties: list(config.AUTH_AUTHORIZED_PARTIES),
      mapping: claimMapping(config),
    });
  }
  if (config.isProduction) {
    throw new Error('AUTH_JWKS_URL and AUTH_ISSUER are required in production (NODE_ENV=production); no development identity is created there');
  }
  return createDevIdentityVerifier(config.dataDir, claimMapping(config));
}
