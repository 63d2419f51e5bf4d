// How the group commit forms its groups (src/adapters/postgres/append-groups.ts): alone while a slot
// is free and nobody waits; then, per freed slot, what waits in queue order, one append per stream,
// within the limits. The statement itself is tested on PostgreSQL (pg-append-groups.int.test.ts).
import { describe, expect, it } from 'vitest';
import { AppendGroups, DEFAULT_GROUP_LIMITS, type AppendGroupLimits, type GroupedAppend } from '../../src/adapters/postgres/append-groups.js';

interface Row {
  revision: string;
  commit: string;
  prepare: string;
}

const append = (stream: string, data = '{}'): GroupedAppend => ({ stream, kind: 'any', revision: null, id: stream, type: 'T', data, metadata: null, digest: 'd' });

/** Groups whose commits the test finishes by hand, in order. */
function recorder(limits: AppendGroupLimits = { slots: 1, maxAppends: 3, maxChars: 100 }) {
  const groups: string[][] = [];
  const finish: Array<() => void> = [];
  const g = new AppendGroups<Row>(
    (group) =>
      new Promise<Map<string, Row>>((resolve) => {
        groups.push(group.map((a) => a.stream));
        finish.push(() => resolve(new Map(group.map((a) => [a.stream, { revision: '0', commit: String(groups.length), prepare: '1' }]))));
      }),
    limits,
  );
  return { g, groups, finishNext: async () => { finish.shift()!(); await new Promise((r) => setImmediate(r)); } };
}

describe('append groups', () => {
  it('lets an append run alone while a slot is free and nobody waits', () => {
    const { g } = recorder({ slots: 2, maxAppends: 3, maxChars: 100 });
    expect(g.takeSlot()).toBe(true);
    expect(g.takeSlot()).toBe(true);
    expect(g.takeSlot()).toBe(false);
    g.releaseSlot();
    expect(g.takeSlot()).toBe(true);
  });

  it('groups what waits when the slot frees: queue order, one append per stream, at most maxAppends', async () => {
    const { g, groups, finishNext } = recorder();
    expect(g.takeSlot()).toBe(true);
    const rows = ['a', 'b', 'a', 'c', 'd', 'e'].map((s) => g.enqueue(append(s)));
    expect(g.takeSlot()).toBe(false); // others wait: no append jumps the queue
    expect(groups).toEqual([]);
    g.releaseSlot();
    expect(groups).toEqual([['a', 'b', 'c']]);
    await finishNext();
    expect(groups).toEqual([['a', 'b', 'c'], ['a', 'd', 'e']]);
    await finishNext();
    const answered = await Promise.all(rows);
    expect(answered.map((r) => r?.commit)).toEqual(['1', '1', '2', '1', '2', '2']);
    expect(g.queued).toBe(0);
    expect(g.takeSlot()).toBe(true);
  });

  it('sends a second statement while one is in flight only once `overlap.at` appends wait, and no third', async () => {
    const { g, groups, finishNext } = recorder({ slots: 1, overlap: { slots: 2, at: 3 }, maxAppends: 3, maxChars: 100 });
    expect(g.takeSlot()).toBe(true); // one append alone, in flight
    void g.enqueue(append('a'));
    void g.enqueue(append('b'));
    expect(groups).toEqual([]); // two wait: they wait for the statement in flight
    void g.enqueue(append('c'));
    expect(groups).toEqual([['a', 'b', 'c']]); // three: a second statement goes at once
    for (const s of ['d', 'e', 'f', 'h']) void g.enqueue(append(s));
    expect(groups).toHaveLength(1); // two statements in flight: the rest waits, however long the queue
    expect(g.takeSlot()).toBe(false);
    g.releaseSlot(); // the lone append done: four wait, so a statement goes beside the group
    expect(groups[1]).toEqual(['d', 'e', 'f']);
    await finishNext(); // one waits: it waits for the statement in flight, not beside it
    expect(groups).toHaveLength(2);
    await finishNext();
    expect(groups[2]).toEqual(['h']);
    await finishNext();
    expect(g.queued).toBe(0);
  });

  it('overlaps by default at 8 waiting appends, two statements at most', () => {
    expect(DEFAULT_GROUP_LIMITS).toMatchObject({ slots: 1, overlap: { slots: 2, at: 8 } });
  });

  it('keeps a group within maxChars, yet never leaves a large append behind for ever', async () => {
    const { g, groups, finishNext } = recorder();
    g.takeSlot();
    for (const [s, size] of [['big', 500], ['x', 40], ['y', 40], ['z', 40]] as const) void g.enqueue(append(s, 'x'.repeat(size)));
    g.releaseSlot();
    expect(groups).toEqual([['big']]);
    await finishNext();
    expect(groups[1]).toEqual(['x', 'y']);
    await finishNext();
    expect(groups[2]).toEqual(['z']);
  });

  it('answers undefined for an append the group did not write, and fails every member of a failed group', async () => {
    let fail = false;
    const g = new AppendGroups<Row>(async (group) => {
      if (fail) throw new Error('group failed');
      return new Map(group.filter((a) => a.stream !== 'skipped').map((a) => [a.stream, { revision: '0', commit: '1', prepare: '1' }]));
    }, { slots: 1, maxAppends: 10, maxChars: 100 });
    g.takeSlot();
    const written = g.enqueue(append('written'));
    const skipped = g.enqueue(append('skipped'));
    g.releaseSlot();
    expect(await written).toMatchObject({ commit: '1' });
    expect(await skipped).toBeUndefined();
    fail = true;
    g.takeSlot();
    const failed = [g.enqueue(append('p')), g.enqueue(append('q'))];
    g.releaseSlot();
    for (const f of failed) await expect(f).rejects.toThrow('group failed');
  });
});
