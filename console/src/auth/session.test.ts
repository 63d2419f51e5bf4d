import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renewDelayMs, Session, type Grant } from './session';

describe('renewDelayMs', () => {
  it('renews a minute before a long-lived token expires, at 80% of a short one (under five minutes), never sooner than a second', () => {
    expect(renewDelayMs(3600)).toBe(3540_000);
    expect(renewDelayMs(120)).toBe(96_000);
    expect(renewDelayMs(60)).toBe(48_000);
    expect(renewDelayMs(0)).toBe(1_000);
  });
});

describe('Session', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const grant = (n: number, renew?: () => Promise<Grant>): Grant => ({ accessToken: `t${n}`, expiresIn: 120, label: 'u', ...(renew ? { renew } : {}) });

  it('renews before expiry and hands out the new token', async () => {
    let n = 0;
    const renew = vi.fn(async (): Promise<Grant> => grant(++n, renew));
    const session = new Session(grant(0, renew), () => {});
    expect(await session.token()).toBe('t0');
    await vi.advanceTimersByTimeAsync(100_000);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(await session.token()).toBe('t1');
    session.end();
  });

  it('ends the session, saying why, when renewal fails', async () => {
    const ended = vi.fn();
    const session = new Session(grant(0, () => Promise.reject(new Error('refresh refused'))), ended);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(ended).toHaveBeenCalledWith(expect.stringContaining('refresh refused'));
    expect(await session.token()).toBeUndefined();
  });

  it('renews on demand when the clock jumped past expiry (a sleeping laptop)', async () => {
    let now = 0;
    let n = 0;
    const renew = vi.fn(async (): Promise<Grant> => grant(++n, renew));
    const session = new Session(grant(0, renew), () => {}, () => now);
    now = 200_000;
    expect(await session.token()).toBe('t1');
    session.end();
  });
});
