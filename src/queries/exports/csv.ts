// CSV exports are written by PostgreSQL itself: `COPY (query) TO STDOUT WITH (FORMAT csv,
// FORCE_QUOTE *)`, streamed through pg-copy-streams with backpressure, so an export runs at the pace
// of the database and memory stays constant whatever the row count (a cursor read into fast-csv
// spent most of its time decoding rows and formatting cells one by one in JavaScript).
// Cells are made safe for spreadsheets in the query (csv-sql.ts): a text starting with = + - @ tab
// or carriage return would be read as a formula (CSV injection), so it gets a leading apostrophe,
// exactly as `safeCell` does for the PDF; a number is written as it is. Every value is quoted, a
// missing value is an empty cell.
import { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { beginExportSession, DEFAULT_EXPORT_SESSION, type ExportSessionLimits } from './export-session.js';
import { csvQuery, type CsvExport } from './csv-sql.js';

export type { CsvColumn, CsvExport, CsvKind } from './csv-sql.js';

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

/**
 * A cell's text, defused when a spreadsheet would read it as a formula (the PDF's cells; the CSV does
 * the same in SQL). A number is never defused: its text is digits and a sign, and a negative number
 * with an apostrophe before it would be read as text, not as the number.
 */
export function safeCell(value: unknown): string {
  const text = cellText(value);
  return typeof value !== 'number' && typeof value !== 'bigint' && FORMULA.test(text) ? `'${text}` : text;
}

/** Buffered between the database and the reader: a few socket reads, whatever the row count. */
const HIGH_WATER_MARK = 256 * 1024;

/**
 * Streams the export's rows (csvQuery) as CSV with a quoted header line, in an export session (export-session.ts: read-only transaction, statement
 * timeout, UTC). COPY takes no parameters: the values are inlined as escaped literals.
 * The header goes out with the first rows, so a query that fails before any row fails the request
 * instead of truncating a 200. The client goes back to the pool when the COPY ends. When it fails,
 * or the stream is closed before its end, the connection, in the middle of a COPY, is discarded.
 * A reader that stops reading for `idleInTransactionTimeoutMs` ends the export, as the server ends
 * a session left idle in its transaction: a COPY blocked on its reader is not idle for the server,
 * and no server timeout interrupts it.
 */
export async function csvFromCopy(pool: pg.Pool, csv: CsvExport, limits: ExportSessionLimits = DEFAULT_EXPORT_SESSION): Promise<Readable> {
  const text = `COPY (${csvQuery(csv)}) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`;
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

  let header: Buffer | undefined = Buffer.from(`${csv.columns.map((c) => `"${c.header.replace(/"/g, '""')}"`).join(',')}\n`);
  let copied = false;
  let lastDemand = Date.now();
  const copy = client.query(copyTo(text, { highWaterMark: HIGH_WATER_MARK }));
  const idleMs = limits.idleInTransactionTimeoutMs;
  const watchdog = setInterval(
    () => {
      // Nothing waiting for the reader: the database is the slow side (statement_timeout's business).
      if (out.readableLength === 0) lastDemand = Date.now();
      else if (Date.now() - lastDemand >= idleMs) out.destroy(new Error(`CSV export reader stopped reading for ${idleMs} ms`));
    },
    Math.max(50, Math.min(1_000, Math.floor(idleMs / 4))),
  );
  watchdog.unref();
  // The COPY's chunks are handed on as they come (no re-chunking, no per-row work); its pace is
  // the reader's: paused while the reader's buffer is full. A chunk is one socket read of the
  // database's output (~8 KiB: ~1,550 for 100,000 runs), not a row; gathering them to 64 KiB cut
  // the response's writes eightfold but not the server's CPU (~75 ms per 100,000 runs either way).
  // Measured in docs/benchmarks.md.
  const out = new Readable({
    highWaterMark: HIGH_WATER_MARK,
    read() {
      lastDemand = Date.now();
      copy.resume();
    },
    destroy(err, callback) {
      clearInterval(watchdog);
      if (!copied) {
        copy.destroy();
        release(err ?? new Error('CSV export closed before its end'));
      }
      callback(err);
    },
  });
  copy.on('data', (chunk: Buffer) => {
    if (header) {
      chunk = Buffer.concat([header, chunk]);
      header = undefined;
    }
    if (!out.push(chunk)) copy.pause();
  });
  copy.on('end', () => {
    copied = true;
    clearInterval(watchdog);
    client.query('COMMIT').then(
      () => release(),
      (err: Error) => release(err),
    );
    if (header) out.push(header);
    out.push(null);
  });
  copy.on('error', (err: Error) => {
    release(err);
    out.destroy(err);
  });
  return out;
}
