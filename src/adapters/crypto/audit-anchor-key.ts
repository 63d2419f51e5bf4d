// The service's own signing key for audit anchors (docs/security.md, "Audit trail"): Ed25519, kept in
// the data directory (created on first use, 0600) or given by configuration as a private JWK. It signs
// nothing else, so publishing its public key (GET /api/audit/anchor-key) gives nothing away.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CompactSign, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export const ANCHOR_ALG = 'EdDSA';
export const ANCHOR_TYPE = 'sprintguard-audit-anchor+jws';

export interface AnchorSigner {
  /** The public key as a JWKS, for auditors. */
  jwks(): { keys: JWK[] };
  /** A compact JWS over the JSON payload. */
  sign(payload: unknown): Promise<string>;
}

async function loadOrCreateJwk(dataDir: string): Promise<JWK> {
  const file = path.join(dataDir, 'audit-anchor-key.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as JWK;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { privateKey } = await generateKeyPair(ANCHOR_ALG, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once must not overwrite each other's key.
    await fs.writeFile(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
    return jwk;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return JSON.parse(await fs.readFile(file, 'utf8')) as JWK;
  }
}

/** The configured key; a parse error is not rethrown, since its message quotes the (secret) text. */
function parseJwk(text: string): JWK {
  try {
    return JSON.parse(text) as JWK;
  } catch {
    throw new Error('The audit anchor key must be a private Ed25519 JWK (JSON)');
  }
}

/** `configuredJwk`: a private Ed25519 JWK (JSON text); otherwise the key in the data directory. */
export async function createAnchorSigner(options: { dataDir: string; configuredJwk?: string | undefined }): Promise<AnchorSigner> {
  const privateJwk = options.configuredJwk ? parseJwk(options.configuredJwk) : await loadOrCreateJwk(options.dataDir);
  if (privateJwk.kty !== 'OKP' || privateJwk.crv !== 'Ed25519' || !privateJwk.d) {
    throw new Error('The audit anchor key must be a private Ed25519 JWK');
  }
  const { d: _d, ...publicJwk } = privateJwk;
  const kid = createHash('sha256').update(`${publicJwk.crv}:${publicJwk.x}`).digest('base64url').slice(0, 16);
  const key = await importJWK(privateJwk, ANCHOR_ALG);
  const publicKey: JWK = { kty: 'OKP', crv: 'Ed25519', x: publicJwk.x!, kid, alg: ANCHOR_ALG, use: 'sig' };
  return {
    jwks: () => ({ keys: [publicKey] }),
    sign: (payload) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: ANCHOR_ALG, kid, typ: ANCHOR_TYPE }).sign(key),
  };
}
