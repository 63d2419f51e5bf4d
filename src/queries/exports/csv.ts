// CSV exports stream from a database cursor through fast-csv: memory stays constant whatever the
// row count. Cells are made safe for spreadsheets: a text starting with = + - @ tab or carriage
// return would be read as a formula (CSV injection), so it gets a leading apostrophe.
import { format } from 'fast-csv';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { beginExportSession, type ExportSessionLimits } from './export-session.js';

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
 * Runs `sql` on a dedicated pooled client with a server-side cursor, in an export session (its own
 * statement and idle-in-transaction timeouts, export-session.ts), and returns the CSV stream. The
 * client goes back to the pool when the stream ends; when it fails or is closed early the
 * connection is discarded (its transaction may still be open).
 */
export async function csvFromQuery(pool: pg.Pool, sql: string, params: unknown[], columns: readonly CsvColumn[], limits?: ExportSessionLimits): Promise<Readable> {
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  try {
    await beginExportSession(client, limits);
  } catch (err) {
    release(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  const rows = client.query(new QueryStream(sql, params, { batchSize: 1000 }));
  const csv = format<Record<string, unknown>, string[]>({ headers: columns.map((c) => c.header), writeHeaders: true, alwaysWriteHeaders: true, quoteColumns: true }).transform(
    (row: Record<string, unknown>) => columns.map((c) => safeCell(row[c.field])),
  );
  rows.on('error', (err: Error) => {
    release(err);
    csv.destroy(err);
  });
  let finished = false;
  csv.on('close', () => {
    rows.destroy();
    // Closed before its end (the reader left, or a stall was cut off): the transaction and the
    // cursor are still open on that connection, so it is not given back to the pool.
    if (!finished) release(new Error('export closed before its end'));
  });
  rows.on('end', () => {
    finished = true;
    client.query('COMMIT').then(
      () => release(),
      (err: Error) => release(err),
    );
  });
  rows.pipe(csv);
  return csv;
}
