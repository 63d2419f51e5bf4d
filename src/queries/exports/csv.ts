// CSV exports stream from a database cursor through fast-csv: memory stays constant whatever the
// row count. Cells are made safe for spreadsheets: a text starting with = + - @ tab or carriage
// return would be read as a formula (CSV injection), so it gets a leading apostrophe.
import { format } from 'fast-csv';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';

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

export function safeCell(value: unknown): string {
  const text = cellText(value);
  return FORMULA.test(text) ? `'${text}` : text;
}

export interface CsvColumn {
  header: string;
  /** Column of the query's rows. */
  field: string;
}

/**
 * Runs `sql` on a dedicated pooled client with a server-side cursor and returns the CSV stream.
 * The client goes back to the pool when the stream ends, fails or is closed by the client.
 */
export async function csvFromQuery(pool: pg.Pool, sql: string, params: unknown[], columns: readonly CsvColumn[]): Promise<Readable> {
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  const rows = client.query(new QueryStream(sql, params, { batchSize: 1000 }));
  const csv = format<Record<string, unknown>, string[]>({ headers: columns.map((c) => c.header), writeHeaders: true, alwaysWriteHeaders: true, quoteColumns: true }).transform(
    (row: Record<string, unknown>) => columns.map((c) => safeCell(row[c.field])),
  );
  rows.on('error', (err: Error) => {
    release(err);
    csv.destroy(err);
  });
  csv.on('close', () => {
    rows.destroy();
    release();
  });
  csv.on('end', () => release());
  rows.pipe(csv);
  return csv;
}
