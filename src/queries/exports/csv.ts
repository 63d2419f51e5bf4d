// CSV exports are written by PostgreSQL itself: `COPY (query) TO STDOUT WITH (FORMAT csv,
// FORCE_QUOTE *)`, streamed through pg-copy-streams with backpressure, so an export runs at the pace
// of the database and memory stays constant whatever the row count (a cursor read into fast-csv
// spent most of its time decoding rows and formatting cells one by one in JavaScript).
// Cells are made safe for spreadsheets in the query (csv-sql.ts): a text starting with = + - @ tab
// or carriage return would be read as a formula (CSV injection), so it gets a leading apostrophe,
// exactly as `safeCell` does for the PDF. Every cell is quoted, a missing value is an empty cell.
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

/** A cell's text, defused when a spreadsheet would read it as a formula (the PDF's cells; the CSV does the same in SQL). */
export function safeCell(value: unknown): string {
  const text = cellText(value);
  return FORMULA.test(text) ? `'${text}` : text;
}

/** Buffered between the database and the reader: a few socket reads, whatever the row count. */
const HIGH_WATER_MARK = 256 * 1024;

/**
 * The COPY arrives in the database's 8 KiB sends, each a chunk; handed on one by one, each became a
 * response write (a chunk header and a `writev` of its own) and a read for the client. Gathered to
 * this size, an export of 100,000 runs is ~200 writes instead of ~1,550.
 */
export const CSV_CHUNK_BYTES = 64 * 1024;
/** A slow COPY (rows trickling in) still reaches the reader this soon after its bytes arrive. */
export const CSV_FLUSH_MS = 20;

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

  const header = Buffer.from(`${csv.columns.map((c) => `"${c.header.replace(/"/g, '""')}"`).join(',')}\n`);
  let copied = false;
  let lastDemand = Date.now();
  // Gathered to CSV_CHUNK_BYTES (or for CSV_FLUSH_MS at most) before they are handed on; the header
  // starts the first of them.
  const pending: Buffer[] = [header];
  let pendingBytes = header.length;
  let flushTimer: NodeJS.Timeout | undefined;
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
  // The COPY's bytes are handed on unparsed (no per-row work), gathered by `flush`; its pace is the
  // reader's: paused while the reader's buffer is full.
  const out = new Readable({
    highWaterMark: HIGH_WATER_MARK,
    read() {
      lastDemand = Date.now();
      copy.resume();
    },
    destroy(err, callback) {
      clearInterval(watchdog);
      if (flushTimer) clearTimeout(flushTimer);
      if (!copied) {
        copy.destroy();
        release(err ?? new Error('CSV export closed before its end'));
      }
      callback(err);
    },
  });
  const flush = () => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (pending.length === 0 || out.destroyed) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending.length = 0;
    pendingBytes = 0;
    if (!out.push(chunk)) copy.pause();
  };
  copy.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= CSV_CHUNK_BYTES) flush();
    else flushTimer ??= setTimeout(flush, CSV_FLUSH_MS);
  });
  copy.on('end', () => {
    copied = true;
    clearInterval(watchdog);
    client.query('COMMIT').then(
      () => release(),
      (err: Error) => release(err),
    );
    flush();
    out.push(null);
  });
  copy.on('error', (err: Error) => {
    if (flushTimer) clearTimeout(flushTimer);
    release(err);
    out.destroy(err);
  });
  return out;
}
