import { describe, expect, it } from 'vitest';
import { createSignInLinks } from '../../src/adapters/identity/sign-in-links.js';

describe('one-time sign-in links', () => {
  const who = { orgId: 'demo', userId: 'demo-admin', admin: true };

  it('gives the identity once per code, and codes are unguessable and distinct', () => {
    const links = createSignInLinks({ now: () => new Date(0), ttlMs: 1_000 });
    const a = links.issue(who);
    const b = links.issue(who);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(links.redeem(a)).toEqual(who);
    expect(links.redeem(a)).toBeUndefined();
    expect(links.redeem(b)).toEqual(who);
    expect(links.redeem('unknown')).toBeUndefined();
  });

  it('refuses a code after its lifetime, and keeps at most the newest codes outstanding', () => {
    let now = 0;
    const links = createSignInLinks({ now: () => new Date(now), ttlMs: 1_000, maxOutstanding: 2 });
    const old = links.issue(who);
    now = 1_000;
    expect(links.redeem(old)).toBeUndefined();
    const [first, second, third] = [links.issue(who), links.issue(who), links.issue(who)];
    expect(links.redeem(first)).toBeUndefined();
    expect(links.redeem(second)).toEqual(who);
    expect(links.redeem(third)).toEqual(who);
  });
});
