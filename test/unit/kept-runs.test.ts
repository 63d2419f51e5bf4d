import { describe, expect, it } from 'vitest';
import { KeptRows } from '../../src/projections/kept-rows.js';
import { runsToReadWhole, WHOLE_RUNS_PER_BATCH } from '../../src/projections/kept-runs.js';

/** One batch per decision, round after round over the same runs, as the projections' leader sees them. */
function decideInTurns(kept: KeptRows<string>, runs: string[], rounds: number, weight: number) {
  const perRound: { wholeReads: number; hits: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    let wholeReads = 0;
    let hits = 0;
    for (const id of runs) {
      if (kept.get(id) !== undefined) {
        hits++;
        continue;
      }
      if (runsToReadWhole(kept, [id]).has(id)) {
        wholeReads++;
        kept.set(id, id, weight);
      }
    }
    perRound.push({ wholeReads, hits });
  }
  return perRound;
}

describe('kept runs: what a batch reads whole', () => {
  it('remembers the weight of what it dropped to make room, and forgets it once kept again', () => {
    const kept = new KeptRows<string>(10);
    kept.set('a', 'a', 6);
    expect(kept.room()).toBe(4);
    kept.set('b', 'b', 6);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.droppedWeight('a')).toBe(6);
    expect(kept.droppedWeight('b')).toBeUndefined();
    kept.set('a', 'a', 6);
    expect(kept.droppedWeight('a')).toBeUndefined();
    expect(kept.droppedWeight('b')).toBe(6);
  });

  it('runs that weigh more together than the bound do not push each other out batch after batch', () => {
    // Ten runs of 11 rows against 100: nine fit. Reading the tenth whole each time it comes round
    // would drop the one decided next, and so on: every batch a whole read, no batch a hit.
    const kept = new KeptRows<string>(100);
    const runs = Array.from({ length: 10 }, (_, i) => `run-${i}`);
    const [first, ...later] = decideInTurns(kept, runs, 5, 11);
    expect(first).toEqual({ wholeReads: 10, hits: 0 });
    for (const round of later) expect(round).toEqual({ wholeReads: 0, hits: 9 });
  });

  it('reads whole a run that fits again once room is made, and at most a few runs per batch', () => {
    const kept = new KeptRows<string>(20);
    kept.set('a', 'a', 15);
    kept.set('b', 'b', 15);
    expect(runsToReadWhole(kept, ['a'])).toEqual(new Set());
    kept.clear();
    expect(runsToReadWhole(kept, ['a'])).toEqual(new Set(['a']));
    const many = Array.from({ length: 10 }, (_, i) => `new-${i}`);
    expect(runsToReadWhole(kept, many).size).toBe(WHOLE_RUNS_PER_BATCH);
  });

  it('always reads whole the runs the batch needs whole (auto-approval), whatever their weight', () => {
    const kept = new KeptRows<string>(20);
    kept.set('a', 'a', 15);
    kept.set('b', 'b', 15);
    expect(runsToReadWhole(kept, ['a', 'c'], ['a'])).toEqual(new Set(['a', 'c']));
  });
});
