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

export async function devSignIn(who: DevIdentity): Promise<Grant> {
  const token = await request<DevToken>('/api/console/dev-token', { method: 'POST', body: who });
  return {
    accessToken: token.access_token,
    expiresIn: token.expires_in,
    label: `${who.user_id} @ ${who.org_id}`,
    renew: () => devSignIn(who),
  };
}
