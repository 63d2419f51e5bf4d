// `sprintguard secrets rotate` re-encrypts the rows SECRETS_KEY_PREVIOUS opens under SECRETS_KEY, so
// the previous key can be removed afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createSecretStore } from '../../src/adapters/secrets/secret-store.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { cleanEnv, runCommand } from '../support/service-process.js';

let db: Database;
let url: string;
let dataDir: string;
beforeAll(async () => {
  url = await createTestDatabaseUrl('secrets_rotate');
  db = createDatabase({ url, poolSize: 2 });
  await runMigrations(db.knex, readModelMigrations);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-rotate-'));
});
afterAll(async () => {
  await db?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('sprintguard secrets rotate', () => {
  it('re-encrypts every old row under the new key; the previous key is then not needed', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const old = createSecretStore(db.knex, oldKey);
    const a = await old.put('org_r', 'jira_api_token', 'token-a');
    const b = await old.put('org_r', 'slack_webhook_url', 'https://hooks.example/b');
    const env = cleanEnv({ DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'test', SECRETS_KEY: newKey.toString('base64') });

    const without = await runCommand(['secrets', 'rotate'], env);
    expect(without.code).toBe(1);
    expect(without.stderr).toMatch(/SECRETS_KEY_PREVIOUS is not set/);

    const rotated = await runCommand(['secrets', 'rotate'], { ...env, SECRETS_KEY_PREVIOUS: oldKey.toString('base64') });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/^2 secrets re-encrypted, 0 already under SECRETS_KEY, 0 unreadable$/m);
    const current = createSecretStore(db.knex, newKey);
    expect(await current.get('org_r', a)).toBe('token-a');
    expect(await current.get('org_r', b)).toBe('https://hooks.example/b');
  }, 120_000);
});
