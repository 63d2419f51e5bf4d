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

const EXPECTED = 'a private Ed25519 JWK (kty OKP, crv Ed25519, x and d)';
const NOT_JSON = Symbol('not JSON');

/** The text's JSON, or NOT_JSON: a parser's message quotes the (secret) text, so it is never passed on. */
function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** What is wrong with a key, said without quoting it; undefined when it is a private Ed25519 JWK. */
function keyProblem(jwk: unknown): string | undefined {
  if (jwk === NOT_JSON) return `it is not JSON (${EXPECTED} is expected)`;
  const field = (name: string) => (typeof jwk === 'object' && jwk !== null ? (jwk as Record<string, unknown>)[name] : undefined);
  const ok = field('kty') === 'OKP' && field('crv') === 'Ed25519' && typeof field('x') === 'string' && typeof field('d') === 'string';
  return ok ? undefined : `it must be ${EXPECTED}`;
}

/** What is wrong with a configured key (AUDIT_ANCHOR_JWK); the configuration checks it at start. */
export const anchorJwkProblem = (text: string): string | undefined => keyProblem(parseQuietly(text));

/** `configuredJwk`: a private Ed25519 JWK (JSON text); otherwise the key in the data directory. */
export async function createAnchorSigner(options: { dataDir: string; configuredJwk?: string | undefined }): Promise<AnchorSigner> {
  const jwk = options.configuredJwk !== undefined ? parseQuietly(options.configuredJwk) : await loadOrCreateJwk(options.dataDir);
  const problem = keyProblem(jwk);
  if (problem) throw new Error(`The audit anchor key is invalid: ${problem}`);
  const privateJwk = jwk as JWK;
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
