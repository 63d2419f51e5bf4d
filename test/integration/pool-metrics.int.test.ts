// Pool waits (docs/observability.md) on real PostgreSQL: a caller waiting for a connection of a full
// pool shows in sprintguard_db_pool_waiting, and a wait that reaches the acquire timeout counts in
// sprintguard_db_pool_acquire_timeouts_total, for the pg pools and for knex's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { createMetrics } from '../../src/adapters/telemetry/metrics.js';
import { meterKnexPool, meterPgPool } from '../../src/adapters/telemetry/pool-metrics.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { sample } from '../support/prometheus.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('pool_metrics'), poolSize: 1, acquireTimeoutMs: 300, onLog: () => undefined });
});
afterAll(async () => {
  await db?.close();
});

describe('pool metrics', () => {
  it('shows a waiting caller, then counts its timeout (pg pool)', async () => {
    const metrics = createMetrics();
    meterPgPool(metrics, 'store', db.pool);
    const held = await db.pool.connect();
    try {
      const waiting = db.pool.query('SELECT 1');
      const during = (await metrics.scrape()).body;
      expect(sample(during, 'sprintguard_db_pool_waiting', { pool: 'store' })).toBe(1);
      expect(sample(during, 'sprintguard_db_pool_connections', { pool: 'store', state: 'used' })).toBe(1);
      await expect(waiting).rejects.toThrow(/timeout exceeded when trying to connect/);
      // The promise form of connect is counted as well.
      await expect(db.pool.connect()).rejects.toThrow(/timeout exceeded/);
      const after = (await metrics.scrape()).body;
      expect(sample(after, 'sprintguard_db_pool_acquire_timeouts_total', { pool: 'store' })).toBe(2);
      expect(sample(after, 'sprintguard_db_pool_waiting', { pool: 'store' })).toBe(0);
    } finally {
      held.release();
    }
    expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('shows a waiting caller, then counts its timeout (knex pool)', async () => {
    const metrics = createMetrics();
    meterKnexPool(metrics, 'read_models', db.knex);
    await db.knex.transaction(async (trx) => {
      await trx.raw('SELECT 1');
      const waiting = db.knex.raw('SELECT 1');
      const settled = waiting.then(
        () => 'resolved',
        (err: Error) => err.message,
      );
      await new Promise((r) => setTimeout(r, 50));
      expect(sample((await metrics.scrape()).body, 'sprintguard_db_pool_waiting', { pool: 'read_models' })).toBe(1);
      expect(await settled).toMatch(/Timeout acquiring a connection/);
    });
    expect(sample((await metrics.scrape()).body, 'sprintguard_db_pool_acquire_timeouts_total', { pool: 'read_models' })).toBe(1);
  });
});
