// Schema migrations through knex's migrator, from in-code lists (no file-system discovery, so the
// same code runs from src/ under tsx and from dist/). Each component keeps its own history table:
// the event store ('es') and the read models ('rm') evolve independently.
import type { Knex } from 'knex';

export interface Migration {
  name: string;
  up: (knex: Knex) => Promise<void>;
  down?: (knex: Knex) => Promise<void>;
}

export interface MigrationSet {
  /** History table name, e.g. es_migrations. */
  tableName: string;
  migrations: readonly Migration[];
}

export async function runMigrations(knex: Knex, set: MigrationSet): Promise<string[]> {
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: async () => [...set.migrations],
    getMigrationName: (m) => m.name,
    getMigration: async (m) => ({ up: m.up, down: m.down ?? (async () => undefined) }),
  };
  const [, applied] = (await knex.migrate.latest({ migrationSource: source, tableName: set.tableName })) as [
    number,
    string[],
  ];
  return applied;
}
