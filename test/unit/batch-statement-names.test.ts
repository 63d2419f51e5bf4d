// Names of the projections' batch statements (batch-statement.ts): one per distinct text, so a
// connection prepares each once, and a bounded number of them, so that rows of changing shapes
// cannot grow every connection's prepared statements without end.
import { describe, expect, it } from 'vitest';
import { batchStatementName, MAX_NAMED_BATCH_STATEMENTS } from '../../src/projections/batch-statement.js';

describe('batch statement names', () => {
  it('names each distinct text once, and runs texts past the bound unnamed', () => {
    const first = batchStatementName('WITH cp AS (SELECT 1) SELECT 1');
    expect(first).toMatch(/^sprintguard_batch_\d+$/);
    expect(batchStatementName('WITH cp AS (SELECT 1) SELECT 1')).toBe(first);
    const names = new Set([first]);
    for (let i = 2; i <= MAX_NAMED_BATCH_STATEMENTS; i++) names.add(batchStatementName(`WITH cp AS (SELECT ${i}) SELECT 1`));
    expect(names.size).toBe(MAX_NAMED_BATCH_STATEMENTS);
    expect(names.has(undefined)).toBe(false);
    expect(batchStatementName('WITH cp AS (SELECT 0) SELECT 1')).toBeUndefined();
    // The texts named before keep their names.
    expect(batchStatementName('WITH cp AS (SELECT 1) SELECT 1')).toBe(first);
  });
});
