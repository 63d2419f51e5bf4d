import { describe, expect, it } from 'vitest';
import { takeSignInCode } from './link';

function address(hash: string) {
  const replaced: string[] = [];
  const history = { state: { idx: 0 }, replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => void replaced.push(String(url)) };
  return { location: { hash, pathname: '/app/', search: '?x=1' }, history, replaced };
}

describe('takeSignInCode', () => {
  it('takes the code out of the fragment and the address bar at once', () => {
    const a = address('#sign-in=AbC_12-z');
    expect(takeSignInCode(a.location, a.history)).toBe('AbC_12-z');
    expect(a.replaced).toEqual(['/app/?x=1']);
  });

  it('removes a malformed code too, and leaves any other fragment alone', () => {
    const bad = address('#sign-in=<script>');
    expect(takeSignInCode(bad.location, bad.history)).toBeUndefined();
    expect(bad.replaced).toEqual(['/app/?x=1']);
    const other = address('#section');
    expect(takeSignInCode(other.location, other.history)).toBeUndefined();
    expect(other.replaced).toEqual([]);
  });
});
