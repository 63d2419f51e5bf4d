// A stand-in identity provider: key pairs, a JWKS served over real HTTP (node:http), and tokens in
// the shapes Clerk issues (v1 and v2), signed with jose. Also signs with the development key of a
// test app's data directory, for tokens the `sprintguard token` command cannot make.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { DEV_ISSUER } from '../../src/adapters/identity/dev-identity.js';

export interface SigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey | Uint8Array;
  publicJwk: JWK;
}

export async function createSigningKey(alg: 'RS256' | 'ES256' = 'RS256', kid: string = randomUUID()): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

export interface SignOptions {
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. Default 60. */
  expiresIn?: number;
  notBefore?: number;
  header?: Record<string, unknown>;
}

export async function signToken(key: SigningKey, claims: JWTPayload, options: SignOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT', ...options.header })
    .setIssuedAt(now - 1)
    .setExpirationTime(now + (options.expiresIn ?? 60));
  if (options.issuer) jwt = jwt.setIssuer(options.issuer);
  if (options.audience) jwt = jwt.setAudience(options.audience);
  if (options.notBefore !== undefined) jwt = jwt.setNotBefore(now + options.notBefore);
  return jwt.sign(key.privateKey);
}

/** Claims of a Clerk v2 session token (`o` present only with an active organization). */
export function clerkV2Claims(user: string, org?: { id: string; rol: string }, extra: JWTPayload = {}): JWTPayload {
  return { v: 2, sub: user, sid: `sess_${user}`, azp: 'http://localhost:3000', fva: [0, -1], ...(org ? { o: { id: org.id, slg: org.id, rol: org.rol, per: 'read', fpm: '1' } } : {}), ...extra };
}

/** Claims of a Clerk v1 session token. */
export function clerkV1Claims(user: string, org?: { id: string; role: string }, extra: JWTPayload = {}): JWTPayload {
  return { sub: user, sid: `sess_${user}`, ...(org ? { org_id: org.id, org_slug: org.id, org_role: org.role, org_permissions: [] } : {}), ...extra };
}

export interface JwksServer {
  url: string;
  issuer: string;
  /** Replaces the published keys (key rotation). */
  setKeys(keys: SigningKey[]): void;
  /** How many times the key set was fetched. */
  readonly fetches: number;
  close(): Promise<void>;
}

export async function startJwksServer(keys: SigningKey[]): Promise<JwksServer> {
  let published = keys;
  let fetches = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: published.map((k) => k.publicJwk) }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/.well-known/jwks.json`,
    issuer: base,
    setKeys: (next) => void (published = next),
    get fetches() {
      return fetches;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The development key of a data directory (created by the app at start-up), as a SigningKey. */
export async function devSigningKey(dataDir: string): Promise<SigningKey & { issuer: string }> {
  const file = JSON.parse(await fs.readFile(path.join(dataDir, 'dev-identity.json'), 'utf8')) as { kid: string; privateJwk: JWK; publicJwk: JWK };
  return { kid: file.kid, alg: 'ES256', privateKey: await importJWK(file.privateJwk, 'ES256'), publicJwk: file.publicJwk, issuer: DEV_ISSUER };
}
