// The benchmarks' baseline without the tamper-evidence chain (bench/without-chain.ts), through the
// infrastructure as the commands benchmark's server "with both off" opens it
// (bench/serve-cost-side.ts): every kind of one-event append (first, at a revision, grouped)
// must reach the unsealed statements. Should the adapter rename a statement, the baseline would
// seal again without a word, and both benchmarks would report the chain as free.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { openInfrastructure, type Infrastructure } from '../../src/composition/infrastructure.js';
import { loadConfig } from '../../src/config.js';
import { installWithoutChain, unsealedContent, withoutChainPool } from '../../bench/without-chain.js';
import { createTestDatabaseUrl } from '../support/database.js';

let db: Database;
let infra: Infrastructure;

beforeAll(async () => {
  const url = await createTestDatabaseUrl('without_chain');
  db = createDatabase({ url, poolSize: 2 });
  await runMigrations(db.knex, eventStoreMigrations);
  await installWithoutChain(db.pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-test-')), DATABASE_URL: url });
  infra = await openInfrastructure(config, pino({ level: 'silent' }), { pgEventStore: { pool: withoutChainPool, encodeContent: unsealedContent } });
});

afterAll(async () => {
  await infra?.close();
  await db?.close();
});

const event = (n: number) => ({ type: 'BenchEvent', data: { n }, metadata: { causation_id: `c-${n}`, correlation_id: `c-${n}`, user_id: 'bench' } });

async function hashes(streamPrefix: string): Promise<{ stream_name: string; revision: string; sealed: boolean }[]> {
  const { rows } = await db.pool.query<{ stream_name: string; revision: string; sealed: boolean }>(
    `SELECT stream_name, revision::text AS revision, hash IS NOT NULL OR prev_hash IS NOT NULL OR metadata ? 'hash' AS sealed
       FROM es.events WHERE stream_name LIKE $1 ORDER BY stream_name, revision`,
    [`${streamPrefix}%`],
  );
  return rows;
}

describe('the store without the chain (the benchmarks’ baseline)', () => {
  it('appends first events, events at a revision and grouped events unsealed, and reads them back as given', async () => {
    await infra.store.append('off-a', [event(1)], { expectedRevision: 'no_stream' });
    await infra.store.append('off-a', [event(2)], { expectedRevision: 0n });
    await infra.store.append('off-a', [event(3)], { expectedRevision: 'any' });
    // Concurrent one-event appends to distinct streams: committed as groups (append-groups.ts).
    await Promise.all(Array.from({ length: 12 }, (_, i) => infra.store.append(`off-g${String(i).padStart(2, '0')}`, [event(i)], { expectedRevision: 'no_stream' })));
    const rows = await hashes('off-');
    expect(rows).toHaveLength(15);
    expect(rows.filter((r) => r.sealed)).toEqual([]);
    const read = [];
    for await (const e of infra.store.readStream('off-a')) read.push(e);
    expect(read.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(read[1]!.metadata).toEqual({ causation_id: 'c-2', correlation_id: 'c-2', user_id: 'bench' });
  });

  it('keeps the expected-revision guard', async () => {
    await expect(infra.store.append('off-a', [event(9)], { expectedRevision: 0n })).rejects.toThrow();
    await expect(infra.store.append('off-a', [event(9)], { expectedRevision: 'no_stream' })).rejects.toThrow();
  });

  it('is the only difference: the same appends through the service’s store are sealed', async () => {
    const sealed = createPgEventStore({ pool: db.pool, connectionString: db.url });
    try {
      await sealed.append('on-a', [event(1)], { expectedRevision: 'no_stream' });
      await sealed.append('on-a', [event(2)], { expectedRevision: 0n });
    } finally {
      await sealed.close();
    }
    expect((await hashes('on-')).map((r) => r.sealed)).toEqual([true, true]);
  });
});
