// The content digest is part of every sealed event: its bytes may never change, or events sealed
// before a change would read as modified. Golden values computed by the first implementation.
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentDigest, linkHash } from '../../src/adapters/audit-chain.js';

describe('audit chain digests', () => {
  const value = { z: 1, a: [1, undefined, 'x', { b: 2n, a: new Date(0) }], é: 'ü', B: null, u: undefined, f: () => 1, n: -0.5, nested: { y: true, x: [] } };

  it('canonical JSON: keys sorted by UTF-16 code unit, undefined and functions dropped, undefined array slots null, bigint and Date as strings', () => {
    expect(canonicalJson(value)).toBe('{"B":null,"a":[1,null,"x",{"a":"1970-01-01T00:00:00.000Z","b":"2"}],"n":-0.5,"nested":{"x":[],"y":true},"z":1,"é":"ü"}');
  });

  it('the digest leaves the chain fields out of the metadata, and has not changed', () => {
    const sealed = { user_id: 'u1', hash: 'h', prev_hash: 'p', correlation_id: 'c' };
    expect(contentDigest('T', value, sealed)).toBe('813fd1529ceff40c049457821bf7ab2c935959b7b0b4634d4f0867d5c3ff7d3a');
    expect(contentDigest('T', value, { user_id: 'u1', correlation_id: 'c' })).toBe(contentDigest('T', value, sealed));
    expect(contentDigest('T', { a: 1 }, undefined)).toBe('45e80a618288bab2b4a1f5564f77111e1d7955530bc794b53b0aa6078b863ab5');
    // The metadata given is not changed by the digest.
    expect(sealed).toEqual({ user_id: 'u1', hash: 'h', prev_hash: 'p', correlation_id: 'c' });
  });

  it('the link is SHA-256 of the predecessor, stream, revision and digest, one per line', () => {
    expect(linkHash(null, 's', 0n, 'd')).toBe(linkHash('', 's', 0n, 'd'));
    expect(linkHash('p', 's', 1n, 'd')).toMatch(/^[0-9a-f]{64}$/);
    expect(linkHash('p', 's', 1n, 'd')).not.toBe(linkHash('p', 's', 2n, 'd'));
  });
});
