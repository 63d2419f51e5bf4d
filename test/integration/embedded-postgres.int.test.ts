import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../support/database.js';

describe('embedded PostgreSQL for tests', () => {
  it('gives each file its own database on a real server', async () => {
    const url = await createTestDatabaseUrl('smoke');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ db: string; version: string }>(
      'SELECT current_database() AS db, current_setting($1) AS version',
      ['server_version_num'],
    );
    await client.end();
    expect(rows[0]!.db).toMatch(/^smoke_[0-9a-f]{8}$/);
    expect(Number(rows[0]!.version)).toBeGreaterThanOrEqual(130000);
  });
});
