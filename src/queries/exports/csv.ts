// CSV exports are written by PostgreSQL itself: `COPY (query) TO STDOUT WITH CSV`, streamed through
// pg-copy-streams with backpressure, so an export runs at the pace of the database and memory stays
// constant whatever the row count (a cursor read into fast-csv spent ~10x COPY's time in row
// decoding and per-cell work: docs/benchmarks.md).
// Cells are made safe for spreadsheets in the query: a text starting with = + - @ tab or carriage
// return would be read as a formula (CSV injection), so it gets a leading apostrophe. Every cell is
// quoted and a missing value is an empty cell, as `safeCell` renders it for the PDF.
import { PassThrough, pipeline, type Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

const FORMULA = /^[=+\-@\t\r]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).join(' ');
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return value.toString();
    default:
      return JSON.stringify(value) ?? '';
  }
}

/** A cell's text, defused when a spreadsheet would read it as a formula (the PDF's cells; the CSV does the same in SQL). */
export function safeCell(value: unknown): string {
  const text = cellText(value);
  return FORMULA.test(text) ? `'${text}` : text;
}

/** How a column's value becomes text, as `safeCell` would write it. */
export type CsvKind = 'text' | 'number' | 'boolean' | 'timestamp' | 'text[]';

export interface CsvColumn {
  header: string;
  /** Column of the query's rows. */
  field: string;
  kind: CsvKind;
}

/** The SQL text of a column, as cellText renders the value node-postgres would return for it. */
function textSql(column: string, kind: CsvKind): string {
  switch (kind) {
    case 'text':
      return column;
    case 'number':
    case 'boolean':
      return `${column}::text`;
    case 'timestamp':
      // Date.toISOString: UTC, milliseconds (truncated, as node-postgres truncates), a Z.
      return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'text[]':
      return `array_to_string(${column}, ' ', '')`;
  }
}

/** The select list of a CSV export: each column as its defused text, never NULL. */
export function csvSelectList(columns: readonly CsvColumn[], qualifier = ''): string {
  return columns
    .map((c) => {
      const text = textSql(`${qualifier}${quoteIdent(c.field)}`, c.kind);
      // A timestamp or a boolean never starts with a formula character; any other text may.
      const safe = c.kind === 'timestamp' || c.kind === 'boolean' ? text : `CASE WHEN left(${text}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${text} ELSE ${text} END`;
      return `coalesce(${safe}, '') AS ${quoteIdent(c.header)}`;
    })
    .join(', ');
}

/**
 * Streams `sql` (a query selecting `csvSelectList(columns)`, parameters $1… in `params`) as CSV with a
 * quoted header line. COPY takes no parameters, so the values are inlined as escaped literals by the
 * client (escapeLiteral). The client goes back to the pool when the stream ends, fails or is closed.
 */
export async function csvFromCopy(pool: pg.Pool, sql: string, params: readonly unknown[], columns: readonly CsvColumn[]): Promise<Readable> {
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  const inlined = sql.replace(/\$(\d+)/g, (_m, n: string) => {
    if (!(Number(n) - 1 in params)) throw new Error(`csvFromCopy: no parameter $${n}`);
    return client.escapeLiteral(String(params[Number(n) - 1]));
  });
  const out = new PassThrough();
  out.write(`${columns.map((c) => `"${c.header.replace(/"/g, '""')}"`).join(',')}\n`);
  let copy: Readable;
  try {
    copy = client.query(copyTo(`COPY (${inlined}) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`));
  } catch (err) {
    release(err as Error);
    throw err;
  }
  // On a failure or an early close the connection is in the middle of a COPY: it is discarded.
  pipeline(copy, out, (err) => release(err ?? undefined));
  out.on('close', () => {
    if (!copy.readableEnded) {
      copy.destroy();
      release(new Error('CSV export closed before its end'));
    }
  });
  return out;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
