// The content digest is part of every sealed event: its bytes may never change, or events sealed
// before a change would read as modified. Golden values computed by the first implementation.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { canonicalJson, contentDigest, linkHash, wireContent } from '../../src/adapters/audit-chain.js';

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

  it('the digest is SHA-256 of the canonical JSON of { type, data, metadata without the chain fields }', () => {
    const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const sealed = { user_id: 'u1', hash: 'h', prev_hash: 'p', correlation_id: 'c' };
    for (const [data, metadata] of [
      [value, sealed],
      [{ a: 1 }, undefined],
      [undefined, { z: 'é', a: [2n] }],
      ['text', {}],
    ] as const) {
      expect(contentDigest('T\u2028', data, metadata)).toBe(sha(canonicalJson({ type: 'T\u2028', data: data ?? null, metadata: { ...metadata, hash: undefined, prev_hash: undefined } })));
    }
  });

  it('an append sends the canonical JSON it hashed: the same digest, and text that parses to the same values', () => {
    const sealed = { user_id: 'u1', hash: 'h', prev_hash: 'p', correlation_id: 'c' };
    const cases: [unknown, Record<string, unknown> | undefined][] = [
      [value, sealed],
      [value, { user_id: 'u1', correlation_id: 'c' }],
      [{ a: 1 }, undefined],
      [undefined, { z: 1, a: 2 }],
      [{ when: new Date(0), list: [3, undefined, { y: 1, x: 2 }] }, {}],
    ];
    for (const [data, metadata] of cases) {
      const wire = wireContent('T', data, metadata);
      expect(wire.digest).toBe(contentDigest('T', data, metadata));
      expect(wire.data).toBe(canonicalJson(data ?? null));
      expect(wire.metadata).toBe(metadata === undefined ? null : canonicalJson(metadata));
    }
    // The golden digest again, through the append's encoder.
    expect(wireContent('T', value, sealed).digest).toBe('813fd1529ceff40c049457821bf7ab2c935959b7b0b4634d4f0867d5c3ff7d3a');
    expect(wireContent('T', { a: 1 }, undefined).digest).toBe('45e80a618288bab2b4a1f5564f77111e1d7955530bc794b53b0aa6078b863ab5');
  });

  it("applies an object's own toJSON as JSON.stringify does, once", () => {
    const money = { toJSON: () => ({ toJSON: () => 'not again', amount: '1.50' }) };
    expect(canonicalJson({ price: money, n: 1 })).toBe('{"n":1,"price":{"amount":"1.50"}}');
    expect(JSON.parse(canonicalJson({ price: money }))).toEqual(JSON.parse(JSON.stringify({ price: money })));
  });

  it('the link is SHA-256 of the predecessor, stream, revision and digest, one per line', () => {
    expect(linkHash(null, 's', 0n, 'd')).toBe(linkHash('', 's', 0n, 'd'));
    expect(linkHash('p', 's', 1n, 'd')).toMatch(/^[0-9a-f]{64}$/);
    expect(linkHash('p', 's', 1n, 'd')).not.toBe(linkHash('p', 's', 2n, 'd'));
  });
});
