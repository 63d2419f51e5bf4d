// The database session of one export: a transaction whose statement_timeout and
// idle_in_transaction_session_timeout are set for it alone (SET LOCAL: nothing leaks to the next
// user of the pooled connection). A query that runs too long is cancelled by the server; a cursor
// left unread (its reader stopped) leaves the session idle in its transaction, and the server ends
// it, so a stalled export cannot hold a connection however the HTTP side behaves.
import type pg from 'pg';

export interface ExportSessionLimits {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_EXPORT_SESSION: ExportSessionLimits = { statementTimeoutMs: 60_000, idleInTransactionTimeoutMs: 30_000 };

/** Opens the export's transaction on `client` with its timeouts. */
export async function beginExportSession(client: pg.PoolClient, limits: ExportSessionLimits = DEFAULT_EXPORT_SESSION): Promise<void> {
  await client.query('BEGIN READ ONLY');
  // set_config(…, true) is SET LOCAL with parameters.
  await client.query(`SELECT set_config('statement_timeout', $1, true), set_config('idle_in_transaction_session_timeout', $2, true)`, [
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
