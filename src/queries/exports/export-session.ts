// The database session of one export: a transaction whose statement_timeout and
// idle_in_transaction_session_timeout are set for it alone (SET LOCAL: nothing leaks to the next
// user of the pooled connection). A query that runs too long is cancelled by the server; a cursor
// left unread (its reader stopped) leaves the session idle in its transaction, and the server ends
// it, so a stalled export cannot hold a connection however the HTTP side behaves. A CSV export is
// one COPY instead (csv.ts): blocked on a reader, the server waits on its socket, which no timeout
// interrupts, so there the export stream itself (and the HTTP side's cut-off, http/export-limits.ts)
// closes the connection after the same idle time.
// The session's time zone is UTC and its DateStyle ISO: the CSV's timestamps are made from that
// text (csv-sql.ts).
import type pg from 'pg';
import QueryStream from 'pg-query-stream';

export interface ExportSessionLimits {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_EXPORT_SESSION: ExportSessionLimits = { statementTimeoutMs: 60_000, idleInTransactionTimeoutMs: 30_000 };

/** Opens the export's transaction on `client` with its timeouts. */
export async function beginExportSession(client: pg.PoolClient, limits: ExportSessionLimits = DEFAULT_EXPORT_SESSION): Promise<void> {
  await client.query('BEGIN READ ONLY');
  // set_config(…, true) is SET LOCAL with parameters.
  await client.query(`SELECT set_config('statement_timeout', $1, true), set_config('idle_in_transaction_session_timeout', $2, true), set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, MDY', true)`, [
    `${Math.trunc(limits.statementTimeoutMs)}ms`,
    `${Math.trunc(limits.idleInTransactionTimeoutMs)}ms`,
  ]);
}

/** Runs one query in an export session and returns its rows (the PDF exports, which read a bounded row count). */
export async function exportQuery<R extends pg.QueryResultRow>(pool: pg.Pool, sql: string, params: unknown[], limits?: ExportSessionLimits): Promise<R[]> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await beginExportSession(client, limits);
    const { rows } = await client.query<R>(sql, params);
    await client.query('COMMIT');
    return rows;
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    // A failed session is discarded rather than returned mid-transaction.
    client.release(failure);
  }
}

/**
 * The rows of `sql`, read through a cursor `batchSize` rows at a time in an export session. A PDF
 * of 5,000 rows with long texts is megabytes of result: read whole, the driver parsed it in long
 * synchronous stretches (and held it all); batch by batch, each stretch is short and the layout
 * between batches yields to other requests. The connection is released when the iteration ends,
 * fails or is abandoned (discarded then: its transaction may still be open).
 */
export async function* exportRows<R extends Record<string, unknown>>(pool: pg.Pool, sql: string, params: unknown[], limits?: ExportSessionLimits, batchSize = 200): AsyncGenerator<R> {
  const client = await pool.connect();
  let failure: Error | undefined = new Error('export abandoned before its end');
  try {
    await beginExportSession(client, limits);
    const stream = client.query(new QueryStream(sql, params, { batchSize, highWaterMark: batchSize }));
    for await (const row of stream as AsyncIterable<R>) yield row;
    await client.query('COMMIT');
    failure = undefined;
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(failure);
  }
}
