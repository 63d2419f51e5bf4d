// Rebuild benchmark: 1,000,000 events in the PostgreSQL event store, replayed through the real
// rebuild path (rebuildProjections → the projector's batch loop → one transaction per batch with the
// checkpoint compare-and-set) into an aggregating read model.
//
// Shape of the data: runs of 100 events (RunStarted, ActionProposed/Executed/Failed…, RunCompleted),
// 50 runs live at a time, so the log interleaves neighbouring runs the way concurrent runs do.
// The projection folds each batch in memory per run (measured before: 100k+ events/s this way against
// ~3k/s with a statement per event): one SELECT of the runs' current rows and one multi-row unnest
// upsert per batch, guarded by the stream revision like every projection of the service.
//
// Seeding is set-based SQL against the event store's own schema (event-store.schema.ts: es.events),
// 50,000 events per statement; it is not what is measured.
//
// `benchRebuild(url)` is the scenario; `node --import tsx bench/rebuild.bench.ts <database-url>`
// runs it alone.
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { RecordedEvent } from '../src/adapters/event-store.js';
import { createDatabase } from '../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../src/adapters/postgres/event-store.schema.js';
import { runMigrations, type Migration } from '../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../src/adapters/postgres/pg-event-store.js';
import type { Projection } from '../src/projections/projection.js';
import { projectionLeaseMigrations, projectionMigrations } from '../src/projections/projections.schema.js';
import { REBUILD_BATCH_SIZE, rebuildProjections } from '../src/projections/rebuild.js';

const TOTAL_EVENTS = 1_000_000;
const EVENTS_PER_RUN = 100;
const RUNS_LIVE_AT_ONCE = 50;
const SEED_CHUNK = 50_000;

const benchMigrations: Migration[] = [
  {
    name: '9900_bench_runs',
    async up(knex) {
      await knex.schema.createTable('bench_runs', (t) => {
        t.text('run_id').primary();
        t.text('org_id').notNullable();
        t.text('status').notNullable();
        t.integer('proposed').notNullable();
        t.integer('executed').notNullable();
        t.integer('failed').notNullable();
        t.timestamp('started_at', { useTz: true });
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.bigInteger('revision').notNullable();
      });
    },
  },
];

interface RunRow {
  run_id: string;
  org_id: string;
  status: string;
  proposed: number;
  executed: number;
  failed: number;
  started_at: Date | null;
  updated_at: Date;
  revision: string;
}

export const benchRunsProjection: Projection = {
  name: 'bench_runs',
  version: 1,
  tables: ['bench_runs'],
  filter: { streamPrefixes: ['benchrun-'] },
  async apply(trx, events) {
    const ids = [...new Set(events.map((e) => e.streamName.slice('benchrun-'.length)))];
    const { rows: stored } = await trx.raw<{ rows: RunRow[] }>(
      'SELECT run_id, org_id, status, proposed, executed, failed, started_at, updated_at, revision::text AS revision FROM bench_runs WHERE run_id = ANY(?::text[])',
      [ids],
    );
    const state = new Map(stored.map((r) => [r.run_id, r]));
    const changed = new Set<string>();
    for (const e of events) fold(state, changed, e);
    await upsertRuns(trx, [...changed].map((id) => state.get(id)!));
  },
};

function fold(state: Map<string, RunRow>, changed: Set<string>, e: RecordedEvent): void {
  const id = e.streamName.slice('benchrun-'.length);
  const data = e.data as { org_id?: string; status?: string };
  let row = state.get(id);
  if (row && e.revision <= BigInt(row.revision)) return; // a redelivery
  row ??= {
    run_id: id,
    org_id: data.org_id ?? '',
    status: 'planning',
    proposed: 0,
    executed: 0,
    failed: 0,
    started_at: null,
    updated_at: e.created,
    revision: '-1',
  };
  switch (e.type) {
    case 'RunStarted':
      row.started_at = e.created;
      row.org_id = data.org_id ?? row.org_id;
      break;
    case 'ActionProposed':
      row.proposed++;
      break;
    case 'ActionExecuted':
      row.executed++;
      break;
    case 'ActionFailed':
      row.failed++;
      break;
    case 'RunCompleted':
      row.status = data.status ?? 'completed';
      break;
  }
  row.updated_at = e.created;
  row.revision = e.revision.toString();
  state.set(id, row);
  changed.add(id);
}

async function upsertRuns(trx: Knex.Transaction, rows: RunRow[]): Promise<void> {
  if (rows.length === 0) return;
  // node-postgres sends a JS array as a PostgreSQL array literal.
  const col = <K extends keyof RunRow>(k: K) => rows.map((r) => r[k]) as unknown as Knex.Value;
  await trx.raw(
    `INSERT INTO bench_runs AS rm (run_id, org_id, status, proposed, executed, failed, started_at, updated_at, revision)
     SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::int[], ?::int[], ?::timestamptz[], ?::timestamptz[], ?::bigint[])
     ON CONFLICT (run_id) DO UPDATE SET
       org_id = EXCLUDED.org_id, status = EXCLUDED.status, proposed = EXCLUDED.proposed,
       executed = EXCLUDED.executed, failed = EXCLUDED.failed, started_at = EXCLUDED.started_at,
       updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision
     WHERE rm.revision < EXCLUDED.revision`,
    [
      col('run_id'),
      col('org_id'),
      col('status'),
      col('proposed'),
      col('executed'),
      col('failed'),
      col('started_at'),
      col('updated_at'),
      col('revision'),
    ],
  );
}

// Event k of the log: block b = k / (RUNS_LIVE_AT_ONCE × EVENTS_PER_RUN) holds 50 runs interleaved.
const SEED_SQL = `
WITH k AS (SELECT g AS k FROM generate_series($1::bigint, $2::bigint - 1) AS g),
e AS (
  SELECT k,
         (k / ${RUNS_LIVE_AT_ONCE * EVENTS_PER_RUN}) * ${RUNS_LIVE_AT_ONCE} + k % ${RUNS_LIVE_AT_ONCE} AS run,
         (k % ${RUNS_LIVE_AT_ONCE * EVENTS_PER_RUN}) / ${RUNS_LIVE_AT_ONCE} AS rev
    FROM k
)
INSERT INTO es.events (stream_name, revision, event_id, event_type, data, metadata, created, prev_hash, hash)
SELECT 'benchrun-' || run, rev, gen_random_uuid(),
       CASE WHEN rev = 0 THEN 'RunStarted'
            WHEN rev = ${EVENTS_PER_RUN - 1} THEN 'RunCompleted'
            WHEN rev % 3 = 1 THEN 'ActionProposed'
            WHEN rev % 7 = 0 THEN 'ActionFailed'
            ELSE 'ActionExecuted' END,
       jsonb_build_object('run_id', 'benchrun-' || run, 'org_id', 'org-' || (run % 97),
                          'action_id', 'act-' || rev, 'item', 'PROJ-' || (k % 10000),
                          'status', CASE WHEN run % 10 = 0 THEN 'failed' ELSE 'completed' END,
                          'summary', repeat('x', 80)),
       jsonb_build_object('org_id', 'org-' || (run % 97), 'user_id', 'system',
                          'correlation_id', 'benchrun-' || run, 'causation_id', 'benchrun-' || run),
       now() - interval '1 day' + k * interval '1 millisecond',
       -- 32 bytes in each of the chain's columns, as in a sealed log, so the rebuild reads what it
       -- reads there (until 2026-11-29 the columns were empty and the figure left that read out).
       -- Not a valid chain: nothing here verifies it.
       CASE WHEN rev > 0 THEN sha256(int8send(k - ${RUNS_LIVE_AT_ONCE})) END, sha256(int8send(k))
  FROM e ORDER BY k`;

/**
 * `events`: the log's size, a multiple of RUNS_LIVE_AT_ONCE × EVENTS_PER_RUN (whole runs); the test
 * that keeps this scenario runnable seeds a small one (test/integration/rebuild-bench.int.test.ts).
 */
export async function benchRebuild(databaseUrl: string, { events: totalEvents = TOTAL_EVENTS }: { events?: number } = {}): Promise<Record<string, number | string>> {
  if (totalEvents <= 0 || totalEvents % (RUNS_LIVE_AT_ONCE * EVENTS_PER_RUN) !== 0) {
    throw new Error(`the rebuild benchmark's log is whole blocks of ${RUNS_LIVE_AT_ONCE * EVENTS_PER_RUN} events`);
  }
  const db = createDatabase({ url: databaseUrl, poolSize: 4, applicationName: 'sprintguard-bench' });
  const store = createPgEventStore({ pool: db.pool, connectionString: databaseUrl });
  try {
    await runMigrations(db.knex, eventStoreMigrations);
    await runMigrations(db.knex, {
      tableName: projectionMigrations.tableName,
      // The leases table too: a rebuild takes the projection's lease (projection-lock.ts).
      migrations: [...projectionMigrations.migrations, ...projectionLeaseMigrations, ...benchMigrations],
    });

    // 1. Seed (skipped when a previous run left the events in this database).
    const seedStarted = performance.now();
    const { rows } = await db.pool.query<{ n: string }>("SELECT count(*) AS n FROM es.events WHERE stream_name LIKE 'benchrun-%'");
    let seeded = Number(rows[0]!.n);
    if (seeded !== 0 && seeded !== totalEvents) throw new Error(`the database holds ${seeded} bench events; use an empty one`);
    for (; seeded < totalEvents; seeded += SEED_CHUNK) {
      const to = Math.min(seeded + SEED_CHUNK, totalEvents);
      await db.pool.query(SEED_SQL, [seeded, to]);
      process.stderr.write(`seeding: ${to.toLocaleString('en-US')} / ${totalEvents.toLocaleString('en-US')} events\n`);
    }
    // A real log is old and vacuumed: set hint bits and the visibility map now, not during the measurement.
    await db.pool.query('VACUUM (ANALYZE) es.events');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // 2. Rebuild through the real path.
    let lastPrint = 0;
    const [result] = await rebuildProjections(
      { store, db, projections: [benchRunsProjection] },
      [benchRunsProjection.name],
      (p) => {
        if (performance.now() - lastPrint < 1_000) return;
        lastPrint = performance.now();
        process.stderr.write(`rebuild: ${p.events.toLocaleString('en-US')} events, ${p.eventsPerSecond.toLocaleString('en-US')} events/s\n`);
      },
    );
    const { rows: check } = await db.pool.query<{ runs: number; executed: number }>(
      'SELECT count(*)::int AS runs, sum(executed)::int AS executed FROM bench_runs',
    );
    if (check[0]!.runs !== totalEvents / EVENTS_PER_RUN) throw new Error(`rebuild produced ${check[0]!.runs} runs`);
    return {
      'rebuild events': result!.events,
      'rebuild seconds': Number(result!.seconds.toFixed(2)),
      'rebuild events/s': result!.eventsPerSecond,
      'rebuild batch size': REBUILD_BATCH_SIZE,
      'read-model rows': check[0]!.runs,
      'seed seconds': Number(seedSeconds.toFixed(1)),
    };
  } finally {
    await store.close();
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: node --import tsx bench/rebuild.bench.ts <database-url>');
    process.exit(2);
  }
  for (const [k, v] of Object.entries(await benchRebuild(url))) console.log(`${k.padEnd(24)} ${v}`);
}
