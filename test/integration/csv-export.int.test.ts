// CSV exports are written by PostgreSQL's COPY (src/queries/exports/csv.ts). Every cell must read
// as `safeCell` renders the value node-postgres returns for it: formulas defused (= + - @ tab CR),
// NULL as an empty cell, timestamps as ISO UTC with milliseconds, arrays joined by spaces, quotes and
// line breaks kept. Checked on a scratch table of awkward values against safeCell itself.
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { csvFromCopy, csvSelectList, safeCell, type CsvColumn } from '../../src/queries/exports/csv.js';
import { parseCsv } from '../support/documents.js';
import { createTestDatabaseUrl } from '../support/database.js';

let db: Database;

const COLUMNS: CsvColumn[] = [
  { header: 'id', field: 'id', kind: 'number' },
  { header: 'label', field: 'label', kind: 'text' },
  { header: 'n', field: 'n', kind: 'number' },
  { header: 'flag', field: 'flag', kind: 'boolean' },
  { header: 'at', field: 'at', kind: 'timestamp' },
  { header: 'tags', field: 'tags', kind: 'text[]' },
];

const LABELS = ['=HYPERLINK("http://evil.example","x")', '+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd', 'plain', 'a "quoted", comma', 'two\nlines', '', null, "it's", 'ünïcødé'];

beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('csv_copy'), poolSize: 2 });
  await db.pool.query('CREATE TABLE scratch (id int, label text, n int, flag boolean, at timestamptz, tags text[])');
  for (const [i, label] of LABELS.entries()) {
    await db.pool.query('INSERT INTO scratch VALUES ($1, $2, $3, $4, $5, $6)', [
      i,
      label,
      i % 2 === 0 ? -i : i * 1000,
      i % 3 === 0 ? null : i % 2 === 0,
      i % 4 === 0 ? null : `2026-11-2${i % 10}T0${i % 10}:0${i % 6}:07.${String(123456 + i * 7919).slice(0, 6)}+0${i % 3}:00`,
      i % 5 === 0 ? null : ['x', i % 2 === 0 ? '=bad' : 'y', null],
    ]);
  }
});
afterAll(async () => db?.close());

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('CSV through COPY', () => {
  it('writes every cell as safeCell does, formulas defused, quoted, in the query order', async () => {
    const sql = `SELECT ${csvSelectList(COLUMNS)} FROM scratch WHERE id >= $1 ORDER BY scratch.id DESC`;
    const csv = await text(await csvFromCopy(db.pool, sql, [0], COLUMNS));
    expect(csv.split('\n')[0]).toBe('"id","label","n","flag","at","tags"');
    const { rows } = await db.pool.query<Record<string, unknown>>('SELECT * FROM scratch ORDER BY id DESC');
    const expected = rows.map((r) => Object.fromEntries(COLUMNS.map((c) => [c.header, safeCell(r[c.field])])));
    expect(await parseCsv(csv)).toEqual(expected);
    // Spot checks of what a spreadsheet would otherwise run.
    const byId = new Map((await parseCsv(csv)).map((r) => [r.id, r]));
    expect(byId.get('0')!.label).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(byId.get('4')!.label).toBe(`'\tcmd`);
    expect(byId.get('2')!.n).toBe(`'-2`);
    expect(byId.get('2')!.tags).toBe(`x =bad `);
    // Every cell is quoted, as before (an empty one too).
    expect(csv.split('\n')[1]).toMatch(/^"12",/);
  });

  it('inlines parameters as literals, so a filter value cannot change the query', async () => {
    const sql = `SELECT ${csvSelectList(COLUMNS)} FROM scratch WHERE label = $1 ORDER BY scratch.id`;
    const csv = await text(await csvFromCopy(db.pool, sql, ["it's"], COLUMNS));
    expect((await parseCsv(csv)).map((r) => r.id)).toEqual(['11']);
    const none = await text(await csvFromCopy(db.pool, sql, ["x' OR '1'='1"], COLUMNS));
    expect(await parseCsv(none)).toEqual([]);
  });

  it('gives the connection back to the pool when the client stops reading early', async () => {
    for (let i = 0; i < 5; i++) {
      const stream = await csvFromCopy(db.pool, `SELECT ${csvSelectList(COLUMNS)} FROM scratch, generate_series(1, 20000) g`, [], COLUMNS);
      for await (const chunk of stream) {
        expect(String(chunk).length).toBeGreaterThan(0);
        break;
      }
    }
    expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    expect(db.pool.totalCount).toBeLessThanOrEqual(2);
  });
});
