// Development sign-in: the service mints a token of its development identity
// (POST /api/console/dev-token, which answers 404 wherever a real identity provider is configured).
import { request } from '../api/client';
import type { DevToken } from '../api/types';
import type { Grant } from './session';

export interface DevIdentity {
  org_id: string;
  user_id: string;
  admin: boolean;
}

// Only the last names used (never a token), so that signing in again after a reload is one click.
const LAST = 'sprintguard.dev-identity';

export function lastDevIdentity(): DevIdentity {
  const fallback = { org_id: 'org_demo', user_id: 'dev-user', admin: true };
  try {
    return { ...fallback, ...(JSON.parse(localStorage.getItem(LAST) ?? '{}') as Partial<DevIdentity>) };
  } catch {
    return fallback;
  }
}

export function rememberDevIdentity(who: DevIdentity): void {
  try {
    localStorage.setItem(LAST, JSON.stringify({ org_id: who.org_id, user_id: who.user_id, admin: who.admin }));
  } catch {
    // Storage refused (private mode, quota): the form starts from the defaults instead.
  }
}

export async function devSignIn(who: DevIdentity): Promise<Grant> {
  const token = await request<DevToken>('/api/console/dev-token', { method: 'POST', body: who });
  return {
    accessToken: token.access_token,
    expiresIn: token.expires_in,
    label: `${who.user_id} @ ${who.org_id}`,
    renew: () => devSignIn(who),
  };
}
