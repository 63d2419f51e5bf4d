import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import type { Projection } from '../../src/projections/projection.js';
import { accountsMigrations, accountsProjection, accountStream } from '../support/accounts.projection.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { expectIdempotentProjection, recordedEvents } from '../support/projection-spec.js';

// The helper itself, on small example projections: a well-behaved one passes, a naive counter fails.
describe('projection spec helper', () => {
  let db: Database;

  beforeAll(async () => {
    db = createDatabase({ url: await createTestDatabaseUrl('projection_spec'), poolSize: 4 });
    await runMigrations(db.knex, { tableName: 'rm_migrations', migrations: accountsMigrations });
    await db.knex.schema.createTable('spec_counts', (t) => {
      t.text('stream').primary();
      t.integer('count').notNullable();
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  const events = recordedEvents([
    { stream: accountStream('x'), type: 'Deposited', data: { amount: 10 } },
    { stream: accountStream('y'), type: 'Deposited', data: { amount: 5 } },
    { stream: accountStream('x'), type: 'Withdrawn', data: { amount: 3 } },
    { stream: accountStream('x'), type: 'OwnerChanged', data: { owner: 'ada' } },
    { stream: accountStream('y'), type: 'Withdrawn', data: { amount: 1 } },
    { stream: accountStream('x'), type: 'Deposited', data: { amount: 7 } },
    { stream: accountStream('z'), type: 'Deposited', data: { amount: 1 } },
  ]);

  it('passes an idempotent projection and returns its rows', async () => {
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: accountsProjection(), events });
    expect(rows.test_account_balances!.map((r) => [r.account_id, Number(r.balance), r.owner, r.revision])).toEqual([
      ['x', 14, 'ada', '3'],
      ['y', 4, null, '1'],
      ['z', 1, null, '0'],
    ]);
    expect(rows.test_account_movements).toHaveLength(6);
  });

  it('fails a projection that counts a redelivered event twice', async () => {
    const naive: Projection = {
      name: 'naive_counts',
      version: 1,
      tables: ['spec_counts'],
      filter: {},
      async apply(trx, batch) {
        for (const e of batch) {
          await trx.raw(
            'INSERT INTO spec_counts (stream, count) VALUES (?, 1) ON CONFLICT (stream) DO UPDATE SET count = spec_counts.count + 1',
            [e.streamName],
          );
        }
      },
    };
    await expect(expectIdempotentProjection({ knex: db.knex, projection: naive, events })).rejects.toThrow(
      /delivered twice/,
    );
  });
});
