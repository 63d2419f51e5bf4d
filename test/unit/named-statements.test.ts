// Names of the projections' statements (named-statements.ts): one per distinct text, so a
// connection prepares each once, and a bounded number of them, so that rows of changing shapes
// cannot grow every connection's prepared statements without end.
import knex from 'knex';
import { describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS, numberedPlaceholders, statementName } from '../../src/projections/named-statements.js';

describe('statement names', () => {
  it('names each distinct text once, and runs texts past the bound unnamed', () => {
    const first = statementName('WITH cp AS (SELECT 1) SELECT 1');
    expect(first).toMatch(/^sprintguard_batch_\d+$/);
    expect(statementName('WITH cp AS (SELECT 1) SELECT 1')).toBe(first);
    const names = new Set([first]);
    for (let i = 2; i <= MAX_NAMED_STATEMENTS; i++) names.add(statementName(`WITH cp AS (SELECT ${i}) SELECT 1`));
    expect(names.size).toBe(MAX_NAMED_STATEMENTS);
    expect(names.has(undefined)).toBe(false);
    expect(statementName('WITH cp AS (SELECT 0) SELECT 1')).toBeUndefined();
    // The texts named before keep their names.
    expect(statementName('WITH cp AS (SELECT 1) SELECT 1')).toBe(first);
  });
});

describe('placeholders for node-postgres', () => {
  it("numbers knex's `?` placeholders in order, as knex's PostgreSQL dialect does, leaving an escaped one a literal", () => {
    const db = knex({ client: 'pg' }); // no connection: the dialect only
    expect(numberedPlaceholders(db, 'UPDATE t SET a = ?, b = ?::jsonb WHERE name = ? AND lease = ?::bigint')).toBe(
      'UPDATE t SET a = $1, b = $2::jsonb WHERE name = $3 AND lease = $4::bigint',
    );
    expect(numberedPlaceholders(db, String.raw`SELECT data \? 'k', ? FROM t`)).toBe(`SELECT data ? 'k', $1 FROM t`);
    expect(numberedPlaceholders(db, 'SELECT 1')).toBe('SELECT 1');
  });
});
