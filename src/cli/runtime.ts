// What a CLI command gets from the composition root: the concrete store, the database and the
// service's projections, opened on demand (so `--help` opens nothing) and closed by the command.
import type { EventStore } from '../adapters/event-store.js';
import type { Database } from '../adapters/postgres/database.js';
import type { Projection } from '../projections/projection.js';

export interface Runtime {
  store: EventStore;
  db: Database;
  projections: readonly Projection[];
  close(): Promise<void>;
}
