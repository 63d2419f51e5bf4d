// The wake-ups between the threads of one process on one database (pg-wake-ups.ts ThreadWakes): a
// store with them hears another's appends at once, with no NOTIFY and no poll to bring them. Here the
// listening store's LISTEN session cannot log in (a wrong password) and its fallback poll is a minute
// away, so only the channel can wake it; the control without it stays asleep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { ev, startCollector } from '../support/event-store-contract.js';

let db: Database;

beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('pg_thread_wakes'), poolSize: 6 });
  await runMigrations(db.knex, eventStoreMigrations);
});
afterAll(async () => {
  await db?.close();
});

/** The same database, with a password its LISTEN session is refused with. */
function refusedListen(url: string): string {
  const u = new URL(url);
  u.password = 'not-the-password';
  return u.toString();
}

describe('postgres event store: wake-ups between threads', () => {
  it.each([
    ['wakes a subscriber of another store at once', true],
    ['leaves it asleep without them (the control)', false],
  ])('%s', async (_what, threadWakes) => {
    const writer = createPgEventStore({ pool: db.pool, connectionString: db.url, threadWakes });
    const reader = createPgEventStore({ pool: db.pool, connectionString: refusedListen(db.url), pollIntervalMs: 60_000, threadWakes });
    const ac = new AbortController();
    const stream = `thread-wakes-${threadWakes}-${Date.now()}`;
    try {
      const head = await writer.headPosition();
      const sub = startCollector(reader.subscribeToAll({ after: head ?? 'start', signal: ac.signal }));
      await sub.until(() => sub.items.some((i) => i.kind === 'caughtUp'));
      await writer.append(stream, [ev('Woken')]);
      const woken = await sub.until(() => sub.events().some((e) => e.streamName === stream), 3_000).then(
        () => true,
        () => false,
      );
      expect(woken).toBe(threadWakes);
    } finally {
      ac.abort();
      await Promise.all([writer.close(), reader.close()]);
    }
  }, 30_000);
});
