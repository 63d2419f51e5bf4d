// Development identity: with no identity provider configured outside production, the server keeps
// an ES256 signing key in its data directory; `sprintguard token` signs tokens with it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, errors as joseErrors, type JWK } from 'jose';
import { IdentityError, identityFromClaims, type ClaimMapping, type IdentityVerifier } from './identity.js';

export const DEV_ISSUER = 'sprintguard-development';
const ALG = 'ES256';

interface KeyFile {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

async function loadOrCreateKey(dataDir: string): Promise<KeyFile> {
  const file = path.join(dataDir, 'dev-identity.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as KeyFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const key: KeyFile = { kid: randomUUID(), privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) };
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once must not overwrite each other's key.
    await fs.writeFile(file, JSON.stringify(key), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return JSON.parse(await fs.readFile(file, 'utf8')) as KeyFile;
  }
}

export interface DevTokenRequest {
  orgId: string;
  userId?: string;
  admin?: boolean;
  /** Identity-provider organization role; default org:admin with admin, else org:member. */
  orgRole?: string;
  expiresIn?: string;
}

export async function signDevToken(dataDir: string, request: DevTokenRequest): Promise<string> {
  const key = await loadOrCreateKey(dataDir);
  const privateKey = await importJWK(key.privateJwk, ALG);
  const orgRole = request.orgRole ?? (request.admin ? 'org:admin' : 'org:member');
  return new SignJWT({ org_id: request.orgId, org_role: orgRole })
    .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
    .setSubject(request.userId ?? 'dev-user')
    .setIssuer(DEV_ISSUER)
    .setIssuedAt()
    .setExpirationTime(request.expiresIn ?? '12h')
    .sign(privateKey);
}

export async function createDevIdentityVerifier(dataDir: string, mapping: ClaimMapping): Promise<IdentityVerifier> {
  const key = await loadOrCreateKey(dataDir);
  const publicKey = await importJWK(key.publicJwk, ALG);
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, { issuer: DEV_ISSUER, algorithms: [ALG], clockTolerance: 5, requiredClaims: ['exp'] });
        return identityFromClaims(payload, mapping);
      } catch (err) {
        if (err instanceof IdentityError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new IdentityError('Token expired');
        throw new IdentityError('Invalid token');
      }
    },
    async ready() {},
  };
}
