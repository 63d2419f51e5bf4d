// The identity port: a bearer session token in, who is calling out.
import type { JWTPayload } from 'jose';

export interface Identity {
  userId: string;
  /** Undefined when the token names no organization (such callers get 403). */
  orgId: string | undefined;
  /** The identity provider's organization role, e.g. org:admin. */
  orgRole: string | undefined;
  /** The identity provider's organization administrator holds every permission. */
  isOrgAdmin: boolean;
}

export interface IdentityVerifier {
  /** Throws IdentityError for a missing, malformed, expired, wrongly signed or foreign token. */
  verify(token: string): Promise<Identity>;
  /** Throws when the verifier cannot work (e.g. production without identity configuration). */
  ready(): Promise<void>;
}

export class IdentityError extends Error {
  override readonly name = 'IdentityError';
}

export interface ClaimMapping {
  /** Dotted claim path of the organization id; default o.id then org_id (Clerk v2, then v1). */
  orgClaim?: string;
  /** Dotted claim path of the organization role; default o.rol (as org:<rol>) then org_role. */
  roleClaim?: string;
  adminRoles: readonly string[];
}

function claimAt(payload: JWTPayload, dotted: string): unknown {
  let node: unknown = payload;
  for (const part of dotted.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

export function identityFromClaims(payload: JWTPayload, mapping: ClaimMapping): Identity {
  const userId = text(payload.sub);
  if (!userId) throw new IdentityError('Token has no subject');
  const orgId = mapping.orgClaim
    ? text(claimAt(payload, mapping.orgClaim))
    : (text(claimAt(payload, 'o.id')) ?? text(payload.org_id));
  let orgRole: string | undefined;
  if (mapping.roleClaim) {
    orgRole = text(claimAt(payload, mapping.roleClaim));
  } else {
    // Clerk v2 tokens carry the bare role in o.rol ("admin"); v1 carried org_role ("org:admin").
    const v2 = text(claimAt(payload, 'o.rol'));
    orgRole = v2 ? (v2.startsWith('org:') ? v2 : `org:${v2}`) : text(payload.org_role);
  }
  return { userId, orgId, orgRole, isOrgAdmin: orgRole !== undefined && mapping.adminRoles.includes(orgRole) };
}
