// Identity from an identity provider's session tokens (JWTs), verified with jose against the
// provider's JWKS (docs/security.md, "Identity"). The key set is fetched once,
// cached, and fetched again when a token names an unknown `kid` (key rotation), at most once per
// cooldown. Only asymmetric algorithms are accepted: an HS256 token signed with a public key as
// its "secret" is refused before any key is looked at.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyOptions } from 'jose';
import { IdentityError, identityFromClaims, type ClaimMapping, type IdentityVerifier } from './identity.js';

export const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface JwksIdentityOptions {
  jwksUrl: string;
  issuer: string;
  audience?: string;
  /** Allowed `azp` values; checked when the token carries one. */
  authorizedParties?: readonly string[];
  mapping: ClaimMapping;
  /** Seconds of clock skew accepted on exp/nbf/iat (default 5). */
  clockToleranceSeconds?: number;
  /** Milliseconds before another fetch for an unknown kid (default 30 s, jose's). */
  cooldownMs?: number;
  /** JWKS fetch timeout in milliseconds (default 2 s). */
  timeoutMs?: number;
}

/** The identity provider could not be asked (network, timeout, bad JWKS answer): not the caller's fault. */
export class IdentityUnavailableError extends Error {
  override readonly name = 'IdentityUnavailableError';
}

// Token problems: the caller gets 401. Anything else from jose (fetch failures, a JWKS that is not
// one) means the provider is unavailable.
const tokenErrors = [
  joseErrors.JWTExpired,
  joseErrors.JWTClaimValidationFailed,
  joseErrors.JWTInvalid,
  joseErrors.JWSInvalid,
  joseErrors.JWSSignatureVerificationFailed,
  joseErrors.JOSEAlgNotAllowed,
  joseErrors.JOSENotSupported,
  joseErrors.JWKSNoMatchingKey,
  joseErrors.JWKSMultipleMatchingKeys,
  joseErrors.JWKInvalid,
];

function tokenProblem(err: unknown): string | undefined {
  if (err instanceof joseErrors.JWTExpired) return 'Token expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `Token rejected: ${err.claim} claim check failed`;
  if (tokenErrors.some((type) => err instanceof type)) return 'Invalid token';
  return undefined;
}

export function createJwksIdentityVerifier(options: JwksIdentityOptions): IdentityVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: options.timeoutMs ?? 2_000,
    cooldownDuration: options.cooldownMs ?? 30_000,
  });
  const verifyOptions: JWTVerifyOptions = {
    issuer: options.issuer,
    algorithms: ASYMMETRIC_ALGORITHMS,
    clockTolerance: options.clockToleranceSeconds ?? 5,
    // jose checks exp only when present: a token without one would never expire.
    requiredClaims: ['exp'],
    ...(options.audience ? { audience: options.audience } : {}),
  };
  const parties = options.authorizedParties?.length ? new Set(options.authorizedParties) : undefined;

  return {
    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, jwks, verifyOptions));
      } catch (err) {
        const problem = tokenProblem(err);
        if (problem) throw new IdentityError(problem);
        throw new IdentityUnavailableError('The identity provider key set could not be fetched', { cause: err });
      }
      if (parties && payload.azp !== undefined && (typeof payload.azp !== 'string' || !parties.has(payload.azp))) {
        throw new IdentityError('Token rejected: azp claim check failed');
      }
      return identityFromClaims(payload, options.mapping);
    },
    async ready() {
      // A key set fetched within its max age is enough; otherwise fetch it now, so a wrong URL
      // shows in readiness rather than on the first request.
      if (jwks.fresh) return;
      try {
        await jwks.reload();
      } catch (err) {
        throw new IdentityUnavailableError('The identity provider key set could not be fetched', { cause: err });
      }
      if (!jwks.jwks()?.keys.length) throw new IdentityUnavailableError('The identity provider key set holds no key');
    },
  };
}
