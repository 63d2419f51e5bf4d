// Child process of test/e2e/projector-crash.e2e.test.ts: runs the projector with the accounts test
// projection against the database given as argv[2] until SIGTERM (graceful) or SIGKILL (the test).
// Run with: node --import tsx test/support/projector-crash-child.ts <database-url> [batch-delay-ms]
import { createDatabase } from '../../src/adapters/postgres/database.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { createProjector } from '../../src/projections/projector.js';
import { accountsProjection, migrateTestStack } from './accounts.projection.js';

const url = process.argv[2];
if (!url) {
  console.error('usage: projector-crash-child.ts <database-url> [batch-delay-ms]');
  process.exit(2);
}
const batchDelayMs = Number(process.argv[3] ?? '20');

const db = createDatabase({ url, poolSize: 4, applicationName: 'crash-child' });
await migrateTestStack(db.knex);
const store = createPgEventStore({ pool: db.pool, connectionString: url, pollIntervalMs: 100 });
const projector = createProjector({
  store,
  db,
  projections: [accountsProjection({ batchDelayMs })],
  batchSize: 200,
  timing: { leaderRetryMs: 100, heartbeatMs: 500, backoffInitialMs: 50, backoffMaxMs: 500 },
  log: {
    info: (d, m) => console.log(m, JSON.stringify(d)),
    warn: (d, m) => console.warn(m, JSON.stringify(d)),
    error: (d, m) => console.error(m, String(d.err)),
  },
});
process.once('SIGTERM', () => {
  void (async () => {
    await projector.stop();
    await store.close();
    await db.close();
    process.exit(0);
  })();
});
await projector.start();
console.log('started');
