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
    // What toJSON gives is written canonically too, its keys sorted.
    expect(canonicalJson({ x: { toJSON: () => ({ b: 1, a: [{ d: 1, c: 2 }] }) } })).toBe('{"x":{"a":[{"c":2,"d":1}],"b":1}}');
  });

  it('canonical JSON writes every value byte for byte as the first implementation did (sort, then JSON.stringify per leaf)', () => {
    // The first implementation, kept here as the reference: a sealed event's digest must never move.
    const reference = (v: unknown, toJsonDone = false): string => {
      if (v === null) return 'null';
      switch (typeof v) {
        case 'bigint':
          return JSON.stringify(v.toString());
        case 'string':
        case 'number':
        case 'boolean':
          return JSON.stringify(v);
        case 'object': {
          if (v instanceof Date) return JSON.stringify(v.toJSON());
          if (!toJsonDone && typeof (v as { toJSON?: unknown }).toJSON === 'function') return reference((v as { toJSON: () => unknown }).toJSON(), true);
          if (Array.isArray(v)) return `[${v.map((x: unknown) => (x === undefined ? 'null' : reference(x))).join(',')}]`;
          const record = v as Record<string, unknown>;
          const members = Object.keys(record)
            .sort()
            .filter((k) => record[k] !== undefined && typeof record[k] !== 'function')
            .map((k) => `${JSON.stringify(k)}:${reference(record[k])}`);
          return `{${members.join(',')}}`;
        }
        default:
          return 'null';
      }
    };
    const strings = ['', 'plain', 'quote"d', 'back\\slash', 'tab\tnew\nline', '\u0000nul', '\u001f', '\u007f', 'é ü ß', '\u2028\u2029', '😀 pair', 'lone \ud800', 'lone \udfff end', '</script>'];
    const numbers = [0, -0, 1, -1.5, 1e21, 1e-7, 123456789.125, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity];
    // mulberry32: a fixed seed, the same corpus on every run.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const anyValue = (depth: number): unknown => {
      switch (next(depth > 2 ? 6 : 9)) {
        case 0: return strings[next(strings.length)];
        case 1: return numbers[next(numbers.length)];
        case 2: return next(2) === 0;
        case 3: return null;
        case 4: return BigInt(next(1000)) - 500n;
        case 5: return next(2) === 0 ? undefined : new Date(next(1e12));
        case 6: return Array.from({ length: next(4) }, () => anyValue(depth + 1));
        default: {
          const o: Record<string, unknown> = {};
          // Up to 30 keys, past the insertion sort's limit; names from the strings above as well.
          // Keys V8 keeps in index order ('9' before '10') too.
          const key = () => [strings[next(strings.length)]!, ['0', '9', '10', '2x'][next(4)]!, `k${next(50)}`, `k${next(50)}`][next(4)]!;
          for (let i = next(30); i > 0; i--) o[key()] = anyValue(depth + 1);
          return o;
        }
      }
    };
    for (let i = 0; i < 2000; i++) {
      const v = anyValue(0);
      expect(canonicalJson(v)).toBe(reference(v));
    }
  });

  it('the link is SHA-256 of the predecessor, stream, revision and digest, one per line', () => {
    expect(linkHash(null, 's', 0n, 'd')).toBe(linkHash('', 's', 0n, 'd'));
    expect(linkHash('p', 's', 1n, 'd')).toMatch(/^[0-9a-f]{64}$/);
    expect(linkHash('p', 's', 1n, 'd')).not.toBe(linkHash('p', 's', 2n, 'd'));
  });
});
