// The projection lock's fence is a lease (a fencing token): whoever takes the lock increments it,
// and a fenced statement holds only while the lease is still the one its runner took.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { LEASE_TABLE, tryAcquireProjectionLock, type ProjectionLock } from '../../src/projections/projection-lock.js';
import { createTestDatabaseUrl } from '../support/database.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('projection_lease'), poolSize: 4 });
  await runMigrations(db.knex, readModelMigrations);
});
afterAll(async () => db?.close());

async function holds(lock: ProjectionLock): Promise<boolean> {
  const { rows } = await db.knex.raw<{ rows: { held: boolean }[] }>(`SELECT ${lock.heldCondition.sql} AS held`, [...lock.heldCondition.bindings]);
  return rows[0]!.held;
}

async function take(name: string): Promise<ProjectionLock> {
  const lock = await tryAcquireProjectionLock(db, name);
  if (!lock) throw new Error(`the lock of ${name} is taken`);
  return lock;
}

/** Ends the lock's session from another connection, as a network failure or a failover would. */
async function killLockSession(name: string): Promise<void> {
  await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`, [
    `sprintguard-lock:${name}`,
  ]);
}

describe('the projection lock fence (a lease)', () => {
  it('holds for the lock holder, fails once another instance takes the lock, and after release', async () => {
    const first = await take('leased');
    expect(await holds(first)).toBe(true);
    expect(await tryAcquireProjectionLock(db, 'leased')).toBeNull();
    // The holder's session dies; another instance takes the lock: the first one's fence fails.
    await killLockSession('leased');
    let second: ProjectionLock | null = null;
    for (let i = 0; i < 100 && !second; i++) {
      second = await tryAcquireProjectionLock(db, 'leased');
      if (!second) await new Promise((r) => setTimeout(r, 20));
    }
    expect(second).not.toBeNull();
    expect(await holds(first)).toBe(false);
    expect(await holds(second!)).toBe(true);
    await first.release();
    // Released: its own fence fails at once, before anyone takes the lock again.
    await second!.release();
    expect(await holds(second!)).toBe(false);
    const third = await take('leased');
    expect(await holds(third)).toBe(true);
    const { rows } = await db.pool.query<{ lease: string }>(`SELECT lease::text AS lease FROM ${LEASE_TABLE} WHERE name = 'leased'`);
    // Three takes, one release that moved the lease on (the first lock was lost, not released).
    expect(rows[0]!.lease).toBe('4');
    await third.release();
  });

  it('reads its own row, not the lock table', async () => {
    // The fence runs in every projection batch; reading pg_locks copied PostgreSQL's whole lock
    // table each time (~135 µs with 50 connections).
    const lock = await take('planned');
    try {
      const { rows } = await db.knex.raw<{ rows: { 'QUERY PLAN': unknown }[] }>(`EXPLAIN (FORMAT JSON) SELECT ${lock.heldCondition.sql} AS held`, [...lock.heldCondition.bindings]);
      const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
      expect(plan).not.toContain('pg_lock_status');
      expect(plan).toContain(`"Relation Name":"${LEASE_TABLE}"`);
    } finally {
      await lock.release();
    }
  });
});
