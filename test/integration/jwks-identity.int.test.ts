// The JWKS verifier against a real HTTP key set: Clerk v1/v2 shapes, issuer, audience, azp,
// asymmetric algorithms only, key rotation, and an unreachable provider (not the caller's fault).
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityError } from '../../src/adapters/identity/identity.js';
import { createJwksIdentityVerifier, IdentityUnavailableError } from '../../src/adapters/identity/jwks-identity.js';
import { clerkV1Claims, clerkV2Claims, createSigningKey, signToken, startJwksServer, type JwksServer, type SigningKey } from '../support/identity-provider.js';

let rsa: SigningKey;
let ec: SigningKey;
let idp: JwksServer;
const mapping = { adminRoles: ['org:admin'] };

beforeAll(async () => {
  rsa = await createSigningKey('RS256');
  ec = await createSigningKey('ES256');
  idp = await startJwksServer([rsa, ec]);
});
afterAll(async () => {
  await idp?.close();
});

const verifier = (extra: Partial<Parameters<typeof createJwksIdentityVerifier>[0]> = {}) =>
  createJwksIdentityVerifier({ jwksUrl: idp.url, issuer: idp.issuer, mapping, ...extra });

describe('JWKS identity verifier', () => {
  it('accepts Clerk v2 (RS256) and v1 (ES256) tokens and maps their claims', async () => {
    const v = verifier();
    await v.ready();
    expect(await v.verify(await signToken(rsa, clerkV2Claims('user_1', { id: 'org_1', rol: 'admin' }), { issuer: idp.issuer }))).toEqual({
      userId: 'user_1',
      orgId: 'org_1',
      orgRole: 'org:admin',
      isOrgAdmin: true,
    });
    expect(await v.verify(await signToken(ec, clerkV1Claims('user_2', { id: 'org_2', role: 'org:member' }), { issuer: idp.issuer }))).toEqual({
      userId: 'user_2',
      orgId: 'org_2',
      orgRole: 'org:member',
      isOrgAdmin: false,
    });
  });

  it('refuses expired, foreign, mis-addressed and symmetric tokens with an IdentityError', async () => {
    const v = verifier({ audience: 'sprintguard', authorizedParties: ['https://app.example'] });
    const claims = clerkV2Claims('u', { id: 'o', rol: 'member' }, { azp: 'https://app.example' });
    const stranger = await createSigningKey('RS256', rsa.kid);
    const cases: [string, string, RegExp][] = [
      ['expired', await signToken(rsa, claims, { issuer: idp.issuer, audience: 'sprintguard', expiresIn: -30 }), /expired/],
      ['issuer', await signToken(rsa, claims, { issuer: 'https://other.example', audience: 'sprintguard' }), /iss/],
      ['audience', await signToken(rsa, claims, { issuer: idp.issuer, audience: 'someone-else' }), /aud/],
      ['azp', await signToken(rsa, { ...claims, azp: 'https://evil.example' }, { issuer: idp.issuer, audience: 'sprintguard' }), /azp/],
      ['signature', await signToken(stranger, claims, { issuer: idp.issuer, audience: 'sprintguard' }), /Invalid token/],
      ['HS256', await signToken({ kid: rsa.kid, alg: 'HS256', privateKey: new TextEncoder().encode('k'.repeat(32)), publicJwk: {} }, claims, { issuer: idp.issuer, audience: 'sprintguard' }), /Invalid token/],
      ['garbage', 'a.b.c', /Invalid token/],
    ];
    for (const [name, token, message] of cases) {
      const error = await v.verify(token).then(() => undefined, (e: unknown) => e);
      expect(error, name).toBeInstanceOf(IdentityError);
      expect((error as Error).message, name).toMatch(message);
    }
    // A token without azp passes the azp check (Clerk omits it for some clients).
    const { azp: _azp, ...withoutAzp } = claims;
    expect((await v.verify(await signToken(rsa, withoutAzp, { issuer: idp.issuer, audience: 'sprintguard' }))).userId).toBe('u');
  });

  it('refuses a token without exp (it would never expire)', async () => {
    const v = verifier({ audience: 'sprintguard' });
    const claims = clerkV2Claims('u', { id: 'o', rol: 'member' });
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: rsa.alg, kid: rsa.kid, typ: 'JWT' })
      .setIssuedAt()
      .setIssuer(idp.issuer)
      .setAudience('sprintguard')
      .sign(rsa.privateKey);
    const error = await v.verify(forever).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect((error as Error).message).toMatch(/exp/);
    // The same token with an expiry is fine.
    await expect(v.verify(await signToken(rsa, claims, { issuer: idp.issuer, audience: 'sprintguard' }))).resolves.toMatchObject({ userId: 'u' });
  });

  it('tolerates a few seconds of clock skew, no more', async () => {
    const v = verifier();
    const claims = clerkV2Claims('u', { id: 'o', rol: 'member' });
    expect((await v.verify(await signToken(rsa, claims, { issuer: idp.issuer, expiresIn: -2 }))).userId).toBe('u');
    await expect(v.verify(await signToken(rsa, claims, { issuer: idp.issuer, expiresIn: -30 }))).rejects.toThrow(/expired/);
  });

  it('fetches the key set again for an unknown kid (rotation)', async () => {
    const v = verifier({ cooldownMs: 0 });
    await v.ready();
    const rotated = await createSigningKey('ES256');
    idp.setKeys([rsa, ec, rotated]);
    const before = idp.fetches;
    expect((await v.verify(await signToken(rotated, clerkV2Claims('u', { id: 'o', rol: 'member' }), { issuer: idp.issuer }))).orgId).toBe('o');
    expect(idp.fetches).toBe(before + 1);
    idp.setKeys([rsa, ec]);
  });

  it('reports an unreachable provider as unavailable, not as a bad token', async () => {
    const down = await startJwksServer([rsa]);
    const url = down.url;
    await down.close();
    const v = createJwksIdentityVerifier({ jwksUrl: url, issuer: idp.issuer, mapping, timeoutMs: 500 });
    await expect(v.ready()).rejects.toBeInstanceOf(IdentityUnavailableError);
    const error = await v.verify(await signToken(rsa, clerkV2Claims('u', { id: 'o', rol: 'member' }), { issuer: idp.issuer })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityUnavailableError);
  });
});
