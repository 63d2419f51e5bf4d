// A fresh database per test file on the run's embedded PostgreSQL.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { withDatabase } from '../../src/adapters/postgres/embedded.js';
import { ensureDatabaseExists } from '../../src/adapters/postgres/database.js';

export async function createTestDatabaseUrl(label = 'test'): Promise<string> {
  const name = `${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase().slice(0, 40)}_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(inject('pgUrl'), name);
  await ensureDatabaseExists(url);
  return url;
}
