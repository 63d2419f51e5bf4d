import { describe, expect, it } from 'vitest';
import { timingSafeEqualText } from '../../src/adapters/crypto/timing-safe.js';

describe('timingSafeEqualText', () => {
  it('compares texts and bytes of any length without throwing', () => {
    expect(timingSafeEqualText('v1=abc', 'v1=abc')).toBe(true);
    expect(timingSafeEqualText('v1=abc', 'v1=abd')).toBe(false);
    expect(timingSafeEqualText('short', 'a much longer value')).toBe(false);
    expect(timingSafeEqualText('', '')).toBe(true);
    expect(timingSafeEqualText('', 'x')).toBe(false);
    expect(timingSafeEqualText(Buffer.from('bytes'), 'bytes')).toBe(true);
  });
});
