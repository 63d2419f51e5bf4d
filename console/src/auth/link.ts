// One-time sign-in links of the development identity (`sprintguard demo` prints one):
// `/app/#sign-in=<code>`. The code travels in the fragment, which the browser never sends to a
// server nor puts in a Referer; `takeSignInCode` moves it into memory and removes it from the
// address bar before anything renders, and the code is traded once for a development token
// (POST /api/console/sign-in-link, 404 wherever a real identity provider is configured).
import { request } from '../api/client';
import type { SignInLinkGrant } from '../api/types';
import { devSignIn } from './dev';
import type { Grant } from './session';

const FRAGMENT = /^#sign-in=([A-Za-z0-9_-]{1,100})$/;

/** The code of a sign-in link in the address, removed from the address bar and the history entry. */
export function takeSignInCode(location: Pick<Location, 'hash' | 'pathname' | 'search'>, history: Pick<History, 'replaceState' | 'state'>): string | undefined {
  const code = FRAGMENT.exec(location.hash)?.[1];
  if (location.hash.startsWith('#sign-in=')) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return code;
}

/** Trades the code for a session of the identity it was issued for; renewed like a development sign-in. */
export async function linkSignIn(code: string): Promise<{ grant: Grant; who: { org_id: string; user_id: string; admin: boolean } }> {
  const body = await request<SignInLinkGrant>('/api/console/sign-in-link', { method: 'POST', body: { code } });
  const who = { org_id: body.org_id, user_id: body.user_id, admin: body.admin };
  return {
    who,
    grant: {
      accessToken: body.access_token,
      expiresIn: body.expires_in,
      label: `${who.user_id} @ ${who.org_id}`,
      renew: () => devSignIn(who),
    },
  };
}
