import { describe, expect, it } from 'vitest';
import { uuidV7 } from '../../src/lib/uuid-v7.js';

describe('uuidV7', () => {
  it('is a version 7, RFC 9562 variant UUID whose first 48 bits are the milliseconds', () => {
    const ms = Date.UTC(2026, 10, 26, 6, 0, 0, 123);
    const id = uuidV7(ms);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(ms);
  });

  it('sorts by time across milliseconds, as text and as PostgreSQL orders uuid', () => {
    const ids = [1, 2, 255, 256, 65_536, 2 ** 32, 2 ** 40].map((offset) => uuidV7(1_700_000_000_000 + offset));
    expect([...ids].sort()).toEqual(ids);
  });

  it('does not repeat within a millisecond (74 random bits), across refills of its random pool', () => {
    const ids = new Set(Array.from({ length: 5_000 }, () => uuidV7(1_700_000_000_000)));
    expect(ids.size).toBe(5_000);
  });
});
