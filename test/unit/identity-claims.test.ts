import { describe, expect, it } from 'vitest';
import { IdentityError, identityFromClaims } from '../../src/adapters/identity/identity.js';

const mapping = { adminRoles: ['org:admin'] };

describe('identityFromClaims', () => {
  it('maps a Clerk v2 token (o.id, bare o.rol read as org:<rol>)', () => {
    const identity = identityFromClaims(
      { v: 2, sub: 'user_1', sid: 'sess_1', o: { id: 'org_1', slg: 'acme', rol: 'admin', per: 'manage,read', fpm: '3,2' } },
      mapping,
    );
    expect(identity).toEqual({ userId: 'user_1', orgId: 'org_1', orgRole: 'org:admin', isOrgAdmin: true });
  });

  it('maps a Clerk v2 member and keeps an already prefixed role as it is', () => {
    expect(identityFromClaims({ sub: 'user_2', o: { id: 'org_1', rol: 'member' } }, mapping)).toMatchObject({ orgRole: 'org:member', isOrgAdmin: false });
    expect(identityFromClaims({ sub: 'user_2', o: { id: 'org_1', rol: 'org:admin' } }, mapping)).toMatchObject({ orgRole: 'org:admin', isOrgAdmin: true });
  });

  it('maps a Clerk v1 token (org_id, org_role)', () => {
    const identity = identityFromClaims({ sub: 'user_3', org_id: 'org_9', org_role: 'org:admin', org_permissions: [] }, mapping);
    expect(identity).toEqual({ userId: 'user_3', orgId: 'org_9', orgRole: 'org:admin', isOrgAdmin: true });
  });

  it('prefers the v2 claims when a token carries both shapes', () => {
    const identity = identityFromClaims({ sub: 'u', o: { id: 'org_v2', rol: 'member' }, org_id: 'org_v1', org_role: 'org:admin' }, mapping);
    expect(identity).toMatchObject({ orgId: 'org_v2', orgRole: 'org:member', isOrgAdmin: false });
  });

  it('leaves the organization undefined when the token has none (the caller then gets 403)', () => {
    expect(identityFromClaims({ sub: 'user_4' }, mapping)).toEqual({ userId: 'user_4', orgId: undefined, orgRole: undefined, isOrgAdmin: false });
    expect(identityFromClaims({ sub: 'user_4', o: { id: '' }, org_id: 42 }, mapping).orgId).toBeUndefined();
  });

  it('honours configured claim paths and admin roles', () => {
    const custom = { orgClaim: 'https://example.com/claims.tenant', roleClaim: 'roles', adminRoles: ['owner'] };
    // A dotted path walks nested objects; keys containing dots are not reachable (documented limit).
    const identity = identityFromClaims({ sub: 'auth0|5', roles: 'owner', 'https://example': { 'com/claims': { tenant: 't1' } } }, custom);
    expect(identity).toEqual({ userId: 'auth0|5', orgId: 't1', orgRole: 'owner', isOrgAdmin: true });
    expect(identityFromClaims({ sub: 'x', org_id: 'o', org_role: 'org:admin' }, { adminRoles: ['org:owner'] }).isOrgAdmin).toBe(false);
  });

  it('refuses a token without a subject', () => {
    expect(() => identityFromClaims({ org_id: 'org_1' }, mapping)).toThrow(IdentityError);
    expect(() => identityFromClaims({ sub: '', org_id: 'org_1' }, mapping)).toThrow(IdentityError);
  });
});
