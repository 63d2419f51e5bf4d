// The shared event-store contract against a real EventStoreDB (>= 23.10), when EVENTSTORE_URL points
// at one (docker compose up eventstore; see docs/eventstoredb.md). Without it the suite is reported
// as skipped, never silently absent.
import { describe, it } from 'vitest';
import { createEsdbEventStore } from '../../src/adapters/esdb/esdb-event-store.js';
import { describeEventStoreContract } from '../support/event-store-contract.js';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract('eventstoredb', async () => {
    const store = createEsdbEventStore({
      connectionString: url,
      resubscribe: { initialDelayMs: 100, maxDelayMs: 2_000 },
      log: (msg, err) => console.warn(msg, err ?? ''),
    });
    await store.ping();
    return { store, teardown: () => store.close() };
  });
} else {
  describe.skip('EventStoreDB contract (set EVENTSTORE_URL=esdb://localhost:2113?tls=false to run)', () => {
    it('runs the event-store contract against EventStoreDB', () => undefined);
  });
}
