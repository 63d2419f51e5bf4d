// One-time sign-in links of the development identity (`sprintguard demo` prints one): a random code
// that the console trades once, at POST /api/console/sign-in-link, for a development token of the
// identity it was issued for. The codes live in this process's memory only: a code is good for one
// sign-in, until it expires, and never after a restart. Built only where the service uses its
// development identity (src/composition/route-options.ts); with a real identity provider there is
// no store and the route answers 404.
import { randomBytes } from 'node:crypto';

export interface SignInIdentity {
  orgId: string;
  userId: string;
  admin: boolean;
}

export interface SignInLinks {
  /** A fresh code for `who`, good for one sign-in within the store's lifetime of a code. */
  issue(who: SignInIdentity): string;
  /** The identity of a code, once: a second call, an unknown or an expired code give undefined. */
  redeem(code: string): SignInIdentity | undefined;
}

export interface SignInLinkOptions {
  now: () => Date;
  /** How long an unused code is good for. */
  ttlMs: number;
  /** Most codes outstanding: the oldest are dropped beyond it. */
  maxOutstanding?: number;
}

export function createSignInLinks(options: SignInLinkOptions): SignInLinks {
  const max = options.maxOutstanding ?? 100;
  const codes = new Map<string, SignInIdentity & { expiresAt: number }>();
  const prune = (now: number) => {
    for (const [code, entry] of codes) if (entry.expiresAt <= now) codes.delete(code);
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const code of [...codes.keys()].slice(0, Math.max(0, codes.size - max))) codes.delete(code);
  };
  return {
    issue(who) {
      const now = options.now().getTime();
      // 256 bits: a code cannot be guessed, so the route needs no attempt counter.
      const code = randomBytes(32).toString('base64url');
      codes.set(code, { ...who, expiresAt: now + options.ttlMs });
      prune(now);
      return code;
    },
    redeem(code) {
      const entry = codes.get(code);
      codes.delete(code);
      if (!entry || entry.expiresAt <= options.now().getTime()) return undefined;
      return { orgId: entry.orgId, userId: entry.userId, admin: entry.admin };
    },
  };
}
