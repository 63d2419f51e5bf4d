// The event store's statements are prepared once per connection and run for as long as it lives,
// mostly with a generic plan, often made on a new store whose table has no statistics yet. A plan
// that scans the whole log then costs more with every event appended, on every connection that
// kept it: the held-back check did (5–19 ms a check at 4,000–40,000 events in the commands
// benchmark). Every statement that reads the log must start from its index, with statistics or
// without.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import {
  APPEND_ONE_AT_HEAD_SQL,
  COMMITTED_HEAD_SQL,
  READ_ALL_AFTER_SQL,
  READ_ALL_FROM_SQL,
  APPEND_ONE_AT_REVISION_SQL,
  HEAD_SQL,
  HELD_BACK_SQL,
  READ_STREAM_BACKWARDS_SQL,
  READ_STREAM_FORWARDS_SQL,
  STREAM_AFTER_SQL,
  STREAM_HEAD_SQL,
} from '../../src/adapters/postgres/pg-sql.js';
import { createTestDatabaseUrl } from '../support/database.js';

const STATEMENTS = {
  HELD_BACK_SQL,
  HEAD_SQL,
  COMMITTED_HEAD_SQL,
  READ_STREAM_FORWARDS_SQL,
  READ_STREAM_BACKWARDS_SQL,
  STREAM_AFTER_SQL,
  STREAM_HEAD_SQL,
  APPEND_ONE_AT_REVISION_SQL,
  APPEND_ONE_AT_HEAD_SQL,
};

let db: Database;
let client: pg.PoolClient;

beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('pg_event_store_plans'), poolSize: 2 });
  await runMigrations(db.knex, eventStoreMigrations);
  client = await db.pool.connect();
  // No statistics until the test asks for them (autovacuum would analyze the table at its own time).
  await client.query('ALTER TABLE es.events SET (autovacuum_enabled = false)');
  // 4,000 events in 400 transactions of one stream each: a log with many transaction ids, as in use.
  for (let tx = 0; tx < 400; tx++) {
    await client.query(
      `INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata)
       SELECT 'run-' || $1::int, i, gen_random_uuid(), 'ActionApproved', jsonb_build_object('note', repeat('x', 200)), '{}'
         FROM generate_series(0, 9) i`,
      [tx],
    );
  }
});

afterAll(async () => {
  client?.release();
  await db?.close();
});

/** The scans of the statement's generic plan, the plan a prepared statement keeps. */
async function genericScans(text: string): Promise<string[]> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (GENERIC_PLAN) ${text}`);
  return rows.map((r) => r['QUERY PLAN'].trim()).filter((line) => /Scan/.test(line) && !/CTE Scan/.test(line));
}

/**
 * The plans of the page read inside es.read_all_page (a function, so that it keeps a generic plan),
 * as auto_explain reports them to this session, for a read after the cursor and one from it.
 */
async function pagePlans(): Promise<string[]> {
  const plans: string[] = [];
  const onNotice = (notice: { message?: string }) => {
    if (notice.message?.includes('WITH page AS')) plans.push(notice.message);
  };
  client.on('notice', onNotice);
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query('SET auto_explain.log_min_duration = 0');
    await client.query('SET auto_explain.log_nested_statements = on');
    await client.query('SET client_min_messages = log');
    const { rows } = await client.query<{ c: string; p: string }>(
      'SELECT transaction_id::text AS c, global_position::text AS p FROM es.events ORDER BY transaction_id DESC, global_position DESC OFFSET 20 LIMIT 1',
    );
    // How many rows come back depends on the read horizon, which any open transaction of the
    // cluster holds (other test files run beside this one): the plan is what is looked at here.
    for (const text of [READ_ALL_AFTER_SQL, READ_ALL_FROM_SQL]) await client.query(text, [rows[0]!.c, rows[0]!.p, 500, null, ['Action%']]);
  } finally {
    await client.query('SET client_min_messages = notice');
    await client.query('SET auto_explain.log_min_duration = -1');
    client.off('notice', onNotice);
  }
  return plans;
}

describe('postgres event store: the plans its statements keep', () => {
  for (const statistics of ['none yet (a new store)', 'analyzed']) {
    it(`never scan the whole log, statistics ${statistics}`, async () => {
      if (statistics === 'analyzed') await client.query('ANALYZE es.events');
      for (const [name, text] of Object.entries(STATEMENTS)) {
        const scans = await genericScans(text);
        expect(scans.length, name).toBeGreaterThan(0);
        for (const scan of scans) expect(scan, name).toMatch(/^->\s+Index (Only )?Scan( Backward)? using events_(pkey|all_order) on events/);
      }
      const plans = await pagePlans();
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        expect(plan).toMatch(/Index Scan using events_all_order on events/);
        expect(plan).not.toMatch(/Seq Scan/);
        // The generic plan: the cursor as parameters, where a plan made for this read shows its values.
        expect(plan).toMatch(/ROW\(\$1, \$2\)/);
      }
    });
  }
});
