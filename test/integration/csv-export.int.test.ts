// CSV exports are written by PostgreSQL's COPY (src/queries/exports/csv.ts). Every cell must read
// as `safeCell` renders the value node-postgres returns for it: formulas defused (= + - @ tab CR) in
// texts, numbers as they are, NULL as an empty cell, timestamps as ISO UTC with milliseconds, arrays joined by spaces, quotes and
// line breaks kept. Checked on a scratch table of awkward values against safeCell itself. Values are
// inlined as literals (COPY takes no parameters); the export session's limits hold, and a COPY that
// is abandoned or left unread never keeps its connection.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { csvFromCopy, safeCell, type CsvColumn, type CsvExport } from '../../src/queries/exports/csv.js';
import { inlineParams } from '../../src/queries/exports/csv-sql.js';
import { parseCsv } from '../support/documents.js';
import { createTestDatabaseUrl } from '../support/database.js';

let db: Database;
let observer: pg.Client;
const APP = `csv-copy-${randomBytes(4).toString('hex')}`;
const LIMITS = { statementTimeoutMs: 10_000, idleInTransactionTimeoutMs: 10_000 };

const COLUMNS: CsvColumn[] = [
  { header: 'id', field: 'id', kind: 'integer' },
  { header: 'label', field: 'label', kind: 'text' },
  { header: 'n', field: 'n', kind: 'integer' },
  { header: 'flag', field: 'flag', kind: 'boolean' },
  { header: 'at', field: 'at', kind: 'timestamp' },
  { header: 'tags', field: 'tags', kind: 'text[]' },
  { header: 'shout', field: 'shout', kind: 'text' },
];

const LABELS = ['=HYPERLINK("http://evil.example","x")', '+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd', 'plain', 'a "quoted", comma', 'two\nlines', '', null, "it's", 'ünïcødé', 'back\\slash'];
const TIMES = [
  '2026-11-20T01:02:07+00',
  '2026-11-21T23:59:59.1+05:30',
  '2026-11-22T00:00:00.12-08:00',
  '2026-02-28T12:34:56.123456+00',
  '1999-12-31T23:59:59.999999+00',
  '1970-01-01T00:00:00.000001+00',
  '2100-06-15T10:20:30.0295+01:00',
  null,
];

beforeAll(async () => {
  const url = await createTestDatabaseUrl('csv_copy');
  db = createDatabase({ url, poolSize: 2, applicationName: APP });
  observer = new pg.Client({ connectionString: url });
  await observer.connect();
  await db.pool.query('CREATE SEQUENCE scratch_seq');
  await db.pool.query('CREATE TABLE scratch (id int, label text, n int, flag boolean, at timestamptz, tags text[])');
  for (const [i, label] of LABELS.entries()) {
    await db.pool.query('INSERT INTO scratch VALUES ($1, $2, $3, $4, $5, $6)', [
      i,
      label,
      i % 2 === 0 ? -i : i * 1000,
      i % 3 === 0 ? null : i % 2 === 0,
      TIMES[i % TIMES.length],
      i % 5 === 0 ? null : i % 5 === 1 ? [] : i % 5 === 2 ? [null, '=x'] : ['x', i % 2 === 0 ? '=bad' : 'y', null],
    ]);
  }
  await db.pool.query(`INSERT INTO scratch VALUES (100, '@first', 1, true, now(), ARRAY['-1', 'z'])`);
});
afterAll(async () => {
  await observer?.end();
  await db?.close();
});

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

/** Backends of this file's pool running a COPY, seen from another connection. */
async function copyBackends(): Promise<number> {
  const { rows } = await observer.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'COPY%'`, [APP]);
  return rows[0]!.n;
}

async function waitFor(check: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** An export of `source` (a query over scratch, `shout` computed as the sources of the exports compute columns). */
const scratchExport = (where: string, params: string[], orderBy = 'src.id'): CsvExport => ({
  source: `SELECT *, upper(label) || '!' AS shout FROM scratch ${where}`,
  params,
  orderBy,
  columns: COLUMNS,
});
const big = scratchExport(', generate_series(1, 20000) g', []);

describe('CSV through COPY', () => {
  it('writes every cell as safeCell does, formulas defused, quoted, in the query order', async () => {
    const csv = await text(await csvFromCopy(db.pool, scratchExport('WHERE id >= $1', ['0'], 'src.id DESC'), LIMITS));
    expect(csv.split('\n')[0]).toBe('"id","label","n","flag","at","tags","shout"');
    const { rows } = await db.pool.query<Record<string, unknown>>(`SELECT *, upper(label) || '!' AS shout FROM scratch ORDER BY id DESC`);
    const expected = rows.map((r) => Object.fromEntries(COLUMNS.map((c) => [c.header, safeCell(r[c.field])])));
    const parsed = await parseCsv(csv);
    expect(parsed).toEqual(expected);
    // Spot checks of what a spreadsheet would otherwise run, and of the timestamps' text.
    const byId = new Map(parsed.map((r) => [r.id, r]));
    expect(byId.get('0')!.label).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(byId.get('4')!.label).toBe(`'\tcmd`);
    // A text that looks like a negative number is defused; a number is written as the number.
    expect(byId.get('2')!.label).toBe(`'-2`);
    expect(byId.get('2')!.n).toBe('-2');
    expect(byId.get('12')!.tags).toBe(` =x`);
    expect(byId.get('8')!.tags).toBe(`x =bad `);
    expect(byId.get('100')!.tags).toBe(`'-1 z`);
    expect(byId.get('3')!.at).toBe('2026-02-28T12:34:56.123Z');
    expect(byId.get('1')!.at).toBe('2026-11-21T18:29:59.100Z');
    expect(byId.get('6')!.at).toBe('2100-06-15T09:20:30.029Z');
    // Every cell is quoted, as before (an empty one too).
    expect(csv.split('\n')[1]).toMatch(/^"100","'@first","1","true","\d{4}-/);
    expect(csv).toContain(`\n"10","","-10","true","2026-11-22T08:00:00.120Z","",""\n`);
  });

  it('writes instants as Date.toISOString, whatever the microseconds, the year and the connection settings', async () => {
    await db.pool.query('CREATE TABLE instants (id int, at timestamptz)');
    // Awkward ones (999 µs, a year holding "001", before 1970 and 2000), then 3,000 spread over three centuries.
    const fixed = ['2026-05-05T05:05:05.000999+00', '2001-01-01T00:00:00.001+00', '2001-10-01T10:01:00.1001+00', '1900-02-28T23:59:59.999999+00', '1969-12-31T23:59:59.5+00', '2000-01-01T00:00:00+00'];
    await db.pool.query('INSERT INTO instants SELECT i, v::timestamptz FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i)', [fixed]);
    await db.pool.query(`INSERT INTO instants SELECT 100 + i, timestamptz '1900-01-01 00:00:00+00' + (i * 3155760003.0 + (i * 7919) % 1000000) * interval '1 microsecond' FROM generate_series(1, 3000) i`);
    const columns: CsvColumn[] = [{ header: 'id', field: 'id', kind: 'integer' }, { header: 'at', field: 'at', kind: 'timestamp' }];
    // Another DateStyle and time zone on the connection: the export session sets its own.
    const odd = new pg.Pool({ connectionString: db.url, max: 1, options: '-c DateStyle=German,DMY -c TimeZone=America/St_Johns' });
    try {
      const csv = await text(await csvFromCopy(odd, { source: 'SELECT * FROM instants', params: [], orderBy: 'src.id', columns }, LIMITS));
      const { rows } = await db.pool.query<{ id: number; at: Date }>('SELECT id, at FROM instants ORDER BY id');
      expect(rows).toHaveLength(3006);
      expect(await parseCsv(csv)).toEqual(rows.map((r) => ({ id: String(r.id), at: safeCell(r.at) })));
      expect(csv).toContain('"1","2026-05-05T05:05:05.000Z"');
      expect(csv).toContain('"2","2001-01-01T00:00:00.001Z"');
    } finally {
      await odd.end();
    }
  });

  it("copies a timestamp's text where the source has it, and formats the timestamp where that text is NULL", async () => {
    await db.pool.query('CREATE TABLE stamped (id int, at timestamptz, at_iso text)');
    // Row 1 as the projection writes it; row 2 from before the text column (NULL); row 3 with a text
    // that is not the timestamp's, to show which one the export copies; row 4 without either.
    await db.pool.query(`INSERT INTO stamped VALUES
      (1, '2026-11-23T10:00:00.123+00', '2026-11-23T10:00:00.123Z'),
      (2, '2026-11-23T10:00:00.456789+00', NULL),
      (3, '2026-11-23T10:00:00+00', 'copied as written'),
      (4, NULL, NULL)`);
    const columns: CsvColumn[] = [
      { header: 'id', field: 'id', kind: 'integer' },
      { header: 'at', field: 'at', kind: 'timestamp', isoField: 'at_iso' },
    ];
    const csv = await text(await csvFromCopy(db.pool, { source: 'SELECT * FROM stamped', params: [], orderBy: 'src.id', columns }, LIMITS));
    expect(await parseCsv(csv)).toEqual([
      { id: '1', at: '2026-11-23T10:00:00.123Z' },
      { id: '2', at: '2026-11-23T10:00:00.456Z' },
      { id: '3', at: 'copied as written' },
      { id: '4', at: '' },
    ]);
  });

  it('tests the joined text of an array whatever its first subscript', async () => {
    const arrays: CsvExport = {
      source: `SELECT * FROM (VALUES (1, '[0:1]={=x,a}'::text[]), (2, '[0:1]={a,=x}'::text[]), (3, '{b,=y}'::text[]), (4, '[2:3]={-1,c}'::text[])) v(id, tags)`,
      params: [],
      orderBy: 'src.id',
      columns: [{ header: 'id', field: 'id', kind: 'integer' }, { header: 'tags', field: 'tags', kind: 'text[]' }],
    };
    expect(await text(await csvFromCopy(db.pool, arrays, LIMITS))).toBe(`"id","tags"\n"1","'=x a"\n"2","a =x"\n"3","b =y"\n"4","'-1 c"\n`);
  });

  it('writes the header alone when no row matches', async () => {
    expect(await text(await csvFromCopy(db.pool, scratchExport('WHERE id < $1', ['0']), LIMITS))).toBe('"id","label","n","flag","at","tags","shout"\n');
  });

  it('inlines values as literals: quotes, backslashes and $n in a value stay text', async () => {
    const ids = async (a: string, b: string) => (await parseCsv(await text(await csvFromCopy(db.pool, scratchExport('WHERE label = $1 OR label = $2', [a, b]), LIMITS)))).map((r) => r.id);
    expect(await ids("it's", 'back\\slash')).toEqual(['11', '13']);
    expect(await ids("x' OR '1'='1", "x' OR true --")).toEqual([]);
    expect(await ids('$2', 'plain')).toEqual(['6']);
    expect(await ids("\\' OR 1=1 --", "'); DROP TABLE scratch; --")).toEqual([]);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM scratch')).rows[0]).toEqual({ n: LABELS.length + 1 });
    expect(inlineParams('a = $1 AND b = $2', ['$2', "'"])).toBe(`a = '$2' AND b = ''''`);
    expect(inlineParams('t >= $1 AND n = $2', [new Date('2026-01-02T03:04:05.678Z'), 7])).toBe(`t >= '2026-01-02T03:04:05.678Z' AND n = '7'`);
    expect(() => inlineParams('a = $1', ['a\u0000b'])).toThrow(/NUL/);
    expect(() => inlineParams('a = $2', ['x'])).toThrow(/no value for \$2/);
  });

  it('runs in the export session: read only, with its statement timeout', async () => {
    const slow = scratchExport(', (SELECT pg_sleep(2)) s', []);
    const failed = await text(await csvFromCopy(db.pool, slow, { ...LIMITS, statementTimeoutMs: 200 })).catch((err: unknown) => err);
    expect(failed).toMatchObject({ code: '57014' });
    const write = scratchExport(", (SELECT nextval('scratch_seq')) s", []);
    await expect(text(await csvFromCopy(db.pool, write, LIMITS))).rejects.toMatchObject({ code: '25006' });
    expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });

  it('discards the connection when the reader stops early: no COPY is left running', async () => {
    for (let i = 0; i < 3; i++) {
      const stream = await csvFromCopy(db.pool, big, LIMITS);
      for await (const chunk of stream) {
        expect(String(chunk).length).toBeGreaterThan(0);
        break;
      }
    }
    expect(await waitFor(async () => (await copyBackends()) === 0)).toBe(true);
    expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    expect(db.pool.totalCount).toBeLessThanOrEqual(2);
  });

  it('ends an export whose reader stops reading, as the server ends a session left idle', async () => {
    const stream = await csvFromCopy(db.pool, big, { ...LIMITS, idleInTransactionTimeoutMs: 300 });
    const closed = new Promise<Error | undefined>((resolve) => stream.once('error', resolve).once('close', () => resolve(undefined)));
    stream.once('data', () => stream.pause()); // one chunk, then nothing: the buffers fill, the COPY blocks
    expect(await waitFor(async () => (await copyBackends()) === 1, 2_000)).toBe(true);
    // pg_stat_activity shows a statement's first 1,024 bytes: they name what the export reads.
    const { rows } = await observer.query<{ query: string }>(`SELECT query FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'COPY%'`, [APP]);
    expect(rows[0]!.query).toMatch(/^COPY \(WITH src AS \(SELECT .* FROM scratch /);
    expect((await closed)?.message).toMatch(/stopped reading/);
    expect(await waitFor(async () => (await copyBackends()) === 0)).toBe(true);
    expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });
});
