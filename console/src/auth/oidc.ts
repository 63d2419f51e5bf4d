// OpenID Connect sign-in: authorization code with PKCE (S256) at the configured issuer, through
// oauth4webapi. Only the PKCE verifier and state survive the redirect (sessionStorage, removed at
// the callback); the tokens stay in memory. The refresh token renews the access token.
import * as oauth from 'oauth4webapi';
import type { ConsoleConfig } from '../api/types';
import type { Grant } from './session';

type OidcConfig = NonNullable<ConsoleConfig['oidc']>;

const PENDING = 'sprintguard.oidc.pending';
export const CALLBACK_PATH = '/app/callback';

interface Pending {
  code_verifier: string;
  state: string;
  return_to: string;
}

const redirectUri = () => `${window.location.origin}${CALLBACK_PATH}`;

/**
 * The identity provider's answer at the callback (code, state, or an error), taken out of the
 * address bar and the history entry before anything renders: the code must not linger there while
 * the page loads its configuration.
 */
export function takeCallbackUrl(location: Pick<Location, 'href' | 'pathname' | 'search'>, history: Pick<History, 'replaceState' | 'state'>): URL | undefined {
  if (location.pathname !== CALLBACK_PATH) return undefined;
  const url = new URL(location.href);
  if (location.search) history.replaceState(history.state, '', CALLBACK_PATH);
  return url;
}

/** http only for an issuer on this machine (a development or test provider). */
function options(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  return issuer.protocol === 'http:' && loopback ? { [oauth.allowInsecureRequests]: true } : {};
}

async function discover(config: OidcConfig): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(config.issuer);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...options(issuer) });
  return oauth.processDiscoveryResponse(issuer, response);
}

export async function startOidcSignIn(config: OidcConfig, returnTo: string): Promise<void> {
  const as = await discover(config);
  if (!as.authorization_endpoint) throw new Error('the identity provider names no authorization endpoint');
  const code_verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', config.client_id);
  url.searchParams.set('redirect_uri', redirectUri());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(code_verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  sessionStorage.setItem(PENDING, JSON.stringify({ code_verifier, state, return_to: returnTo } satisfies Pending));
  window.location.assign(url.href);
}

/** Completes the sign-in at the callback URL; returns the grant and where to go back to. */
export async function completeOidcSignIn(config: OidcConfig, callbackUrl: URL): Promise<{ grant: Grant; returnTo: string }> {
  const raw = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  if (!raw) throw new Error('no sign-in was started in this tab');
  const pending = JSON.parse(raw) as Pending;
  const as = await discover(config);
  const client: oauth.Client = { client_id: config.client_id };
  const params = oauth.validateAuthResponse(as, client, callbackUrl, pending.state);
  const opts = options(new URL(config.issuer));
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri(), pending.code_verifier, opts);
  const result = await oauth.processAuthorizationCodeResponse(as, client, response);
  return { grant: toGrant(as, client, result, config), returnTo: pending.return_to };
}

function toGrant(as: oauth.AuthorizationServer, client: oauth.Client, result: oauth.TokenEndpointResponse, config: OidcConfig): Grant {
  const refreshToken = result.refresh_token;
  const claims = result.id_token ? decodePayload(result.id_token) : {};
  return {
    // The API verifies a JWT from the issuer: the access token when it is one, else the ID token.
    accessToken: result.access_token.split('.').length === 3 || !result.id_token ? result.access_token : result.id_token,
    expiresIn: result.expires_in ?? 300,
    label: typeof claims.email === 'string' ? claims.email : typeof claims.sub === 'string' ? claims.sub : 'signed in',
    ...(refreshToken
      ? {
          renew: async () => {
            const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, options(new URL(config.issuer)));
            return toGrant(as, client, await oauth.processRefreshTokenResponse(as, client, response), config);
          },
        }
      : {}),
  };
}

function decodePayload(jwt: string): Record<string, unknown> {
  try {
    const part = jwt.split('.')[1] ?? '';
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return {};
  }
}
