// A stand-in OpenID Connect provider for the console's sign-in: discovery, an authorization
// endpoint that signs the configured user in at once (redirecting back with a code), a token
// endpoint that verifies the PKCE code_verifier against the S256 challenge (RFC 7636 §4.6) and the
// redirect URI, refresh tokens, and a JWKS. Answers cross-origin requests as real providers do for
// browser clients. Access and ID tokens are JWTs signed with a fresh RS256 key.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSigningKey, signToken } from '../identity-provider.js';

export interface OidcStandInOptions {
  clientId: string;
  /** Claims of the signed-in user (sub, org_id, org_role…). */
  claims: Record<string, unknown>;
  /** Lifetime of access tokens in seconds (short, to see the console refresh them). */
  accessTokenSeconds?: number;
}

export interface TokenRequestRecord {
  grant_type: string;
  /** For authorization_code: whether the verifier matched the challenge of the code. */
  pkce_verified?: boolean;
  status: number;
}

interface PendingCode {
  challenge: string;
  method: string;
  redirectUri: string;
  clientId: string;
}

const base64url = (buf: Buffer) => buf.toString('base64url');

export async function startOidcStandIn(options: OidcStandInOptions) {
  const key = await createSigningKey('RS256');
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Set<string>();
  const tokenRequests: TokenRequestRecord[] = [];
  const authorizeRequests: URLSearchParams[] = [];
  const lifetime = options.accessTokenSeconds ?? 300;
  let issuer = '';

  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type, accept, dpop', 'access-control-allow-methods': 'GET, POST, OPTIONS' };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...cors });
    res.end(JSON.stringify(body));
  };

  const issueTokens = async () => {
    const refresh = base64url(randomBytes(24));
    refreshTokens.add(refresh);
    const claims = { ...options.claims, azp: options.clientId };
    return {
      token_type: 'Bearer',
      access_token: await signToken(key, claims, { issuer, expiresIn: lifetime }),
      id_token: await signToken(key, { ...claims, aud: options.clientId }, { issuer, expiresIn: lifetime }),
      refresh_token: refresh,
      expires_in: lifetime,
      scope: 'openid profile offline_access',
    };
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['none'],
        });
      }
      if (url.pathname === '/jwks') return json(res, 200, { keys: [key.publicJwk] });
      if (url.pathname === '/authorize') {
        authorizeRequests.push(url.searchParams);
        const p = url.searchParams;
        const redirectUri = p.get('redirect_uri');
        const challenge = p.get('code_challenge');
        if (!redirectUri || p.get('client_id') !== options.clientId || p.get('response_type') !== 'code' || !challenge || p.get('code_challenge_method') !== 'S256') {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid authorization request');
          return;
        }
        const code = base64url(randomBytes(24));
        codes.set(code, { challenge, method: 'S256', redirectUri, clientId: options.clientId });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        if (p.get('state')) back.searchParams.set('state', p.get('state')!);
        back.searchParams.set('iss', issuer);
        res.writeHead(302, { location: back.href }).end();
        return;
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        let raw = '';
        for await (const chunk of req) raw += String(chunk);
        const form = new URLSearchParams(raw);
        const grant = form.get('grant_type') ?? '';
        if (grant === 'authorization_code') {
          const pending = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const verified = pending !== undefined && base64url(createHash('sha256').update(verifier).digest()) === pending.challenge;
          if (!pending || !verified || form.get('redirect_uri') !== pending.redirectUri || form.get('client_id') !== pending.clientId) {
            tokenRequests.push({ grant_type: grant, pkce_verified: verified, status: 400 });
            return json(res, 400, { error: 'invalid_grant', error_description: verified ? 'bad code or redirect_uri' : 'PKCE verification failed' });
          }
          tokenRequests.push({ grant_type: grant, pkce_verified: true, status: 200 });
          return json(res, 200, await issueTokens());
        }
        if (grant === 'refresh_token') {
          const token = form.get('refresh_token') ?? '';
          if (!refreshTokens.delete(token)) {
            tokenRequests.push({ grant_type: grant, status: 400 });
            return json(res, 400, { error: 'invalid_grant' });
          }
          tokenRequests.push({ grant_type: grant, status: 200 });
          return json(res, 200, await issueTokens());
        }
        tokenRequests.push({ grant_type: grant, status: 400 });
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      res.writeHead(404).end();
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    tokenRequests,
    authorizeRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OidcStandIn = Awaited<ReturnType<typeof startOidcStandIn>>;
