// The leader lock of a projection or reactor: a session-level pg_try_advisory_lock held on a dedicated
// connection (opened through database.ts, never a pooled one). The projector, the reactor runner and
// rebuild all take it here, so one instance at a time applies a given projection. If the lock's
// connection dies, `signal` aborts at once; `assertHeld` re-checks it inside a batch transaction
// (fencing: a runner whose lock another instance took can never commit).
//
// The fence is a lease number (a fencing token): whoever takes the lock increments its row in
// `projection_leases` before writing anything, and every fenced statement requires the row to still
// hold the number it took. A runner whose lock went to another instance therefore writes nothing
// more. Until 2026-11-29 the fence asked pg_locks whether our session still held the lock: that
// copies PostgreSQL's whole lock table, ~135 µs of its CPU per statement with 50 connections, on
// every projection batch (docs/architecture.md, "One instance"). The difference: after our lock
// session dies and before anyone takes the lock, the lease still matches; nothing else writes the
// projection meanwhile, the checkpoint's compare-and-set still orders the batches, and the loss is
// noticed from the connection's end (`lost`) at the next batch.
import type { Knex } from 'knex';
import { createDedicatedClient, type Database } from '../adapters/postgres/database.js';

/** One row per lock name: the lease its current holder took (projections.schema.ts). */
export const LEASE_TABLE = 'projection_leases';

/** How often the lock connection is probed, by default. */
export const DEFAULT_HEARTBEAT_MS = 5_000;

export interface ProjectionLock {
  readonly name: string;
  /** True once the lock connection failed: the lock may already belong to someone else. */
  readonly lost: boolean;
  /** Aborted when the lock is lost. */
  readonly signal: AbortSignal;
  /** Throws once the lock's connection ended or another instance took the lock (run inside the batch transaction, or alone). */
  assertHeld(db: Knex): Promise<void>;
  /**
   * The same check as a SQL condition, true while no one else has taken the lock since we did (the
   * lease), for a statement of the batch transaction to carry (the checkpoint compare-and-set),
   * sparing the batch a round trip.
   */
  readonly heldCondition: { sql: string; bindings: readonly (string | number)[] };
  release(): Promise<void>;
}

export class LeadershipLostError extends Error {
  override readonly name = 'LeadershipLostError';
  constructor(readonly projection: string) {
    super(`The lock of projection ${projection} is no longer held`);
  }
}

/**
 * Session-level advisory lock on a dedicated connection (never a pooled one: a session lock must
 * live exactly as long as its connection). Returns null when another session holds it.
 */
export async function tryAcquireProjectionLock(
  db: Database,
  name: string,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
): Promise<ProjectionLock | null> {
  const client = createDedicatedClient(db.url, {
    applicationName: `sprintguard-lock:${name}`,
    // A dead leader's session (and so its lock) must go away quickly; and a probe must not hang.
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
    queryTimeoutMs: Math.max(heartbeatMs * 2, 5_000),
  });
  const controller = new AbortController();
  let lost = false;
  let released = false;
  const markLost = () => {
    if (released || lost) return;
    lost = true;
    controller.abort(new LeadershipLostError(name));
  };
  client.on('error', markLost);
  client.on('end', markLost);
  await client.connect();
  let key: bigint;
  let lease: string;
  try {
    const { rows } = await client.query<{ ok: boolean; key: string }>(
      'SELECT pg_try_advisory_lock(k) AS ok, k::text AS key FROM hashtextextended($1, 0) AS k',
      [`proj:${name}`],
    );
    const row = rows[0]!;
    if (!row.ok) {
      released = true;
      await client.end();
      return null;
    }
    key = BigInt.asUintN(64, BigInt(row.key));
    // Taken only under the lock, and committed before the first fenced statement.
    const taken = await client.query<{ lease: string }>(
      `INSERT INTO ${LEASE_TABLE} AS l (name, lease) VALUES ($1, 1)
       ON CONFLICT (name) DO UPDATE SET lease = l.lease + 1
       RETURNING lease::text AS lease`,
      [name],
    );
    lease = taken.rows[0]!.lease;
  } catch (err) {
    released = true;
    await client.end().catch(() => undefined);
    throw err;
  }
  const heartbeat = setInterval(() => {
    client.query('SELECT 1').catch(() => {
      markLost();
      void client.end().catch(() => undefined);
    });
  }, heartbeatMs);
  heartbeat.unref();
  // One row, found by its primary key.
  const heldCondition = {
    sql: `EXISTS (SELECT FROM ${LEASE_TABLE} WHERE name = ? AND lease = ?::bigint)`,
    bindings: [name, lease],
  };

  return {
    name,
    get lost() {
      return lost;
    },
    signal: controller.signal,
    heldCondition,
    async assertHeld(db) {
      if (lost) throw new LeadershipLostError(name);
      const { rows } = await db.raw<{ rows: { held: boolean }[] }>(`SELECT ${heldCondition.sql} AS held`, [...heldCondition.bindings]);
      if (!rows[0]?.held) {
        markLost();
        throw new LeadershipLostError(name);
      }
    },
    async release() {
      if (released) return;
      clearInterval(heartbeat);
      const wasLost = lost;
      released = true;
      try {
        if (!wasLost) {
          // Our own fence fails from here on, as it would once another instance takes the lock.
          await client.query(`UPDATE ${LEASE_TABLE} SET lease = lease + 1 WHERE name = $1 AND lease = $2::bigint`, [name, lease]);
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [BigInt.asIntN(64, key).toString()]);
        }
      } catch {
        // Closing the session below releases it anyway.
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}
