import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createSecretStore, SecretDecryptionError } from '../../src/adapters/secrets/secret-store.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { createTestDatabaseUrl } from '../support/database.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('secrets'), poolSize: 2 });
  await runMigrations(db.knex, readModelMigrations);
});
afterAll(async () => db?.close());

describe('secret store (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips a secret for its organization only', async () => {
    const store = createSecretStore(db.knex, key);
    const id = await store.put('org_a', 'jira_api_token', 'p@ss-wörd');
    expect(await store.get('org_a', id)).toBe('p@ss-wörd');
    expect(await store.get('org_b', id)).toBeUndefined();
    expect(await store.get('org_a', 'not-a-uuid')).toBeUndefined();
  });

  it('refuses a tampered ciphertext, a row moved to another organization, and another key', async () => {
    const store = createSecretStore(db.knex, key);
    const id = await store.put('org_a', 't', 'secret-value');
    const row: { ciphertext: Buffer } | undefined = await db.knex('secrets').where({ id }).first();
    const flipped = Buffer.from(row!.ciphertext);
    flipped[0] = flipped[0]! ^ 1;
    await db.knex('secrets').where({ id }).update({ ciphertext: flipped });
    await expect(store.get('org_a', id)).rejects.toThrow(SecretDecryptionError);

    const moved = await store.put('org_a', 't', 'other-secret');
    await db.knex('secrets').where({ id: moved }).update({ org_id: 'org_b' });
    await expect(store.get('org_b', moved)).rejects.toThrow(SecretDecryptionError);

    const third = await store.put('org_a', 't', 'third');
    await expect(createSecretStore(db.knex, randomBytes(32)).get('org_a', third)).rejects.toThrow(/could not be decrypted/);
    // The error names the row, never the plaintext.
    await expect(createSecretStore(db.knex, randomBytes(32)).get('org_a', third)).rejects.not.toThrow(/third/);
  });

  it('stores a fresh IV per secret and no plaintext', async () => {
    const store = createSecretStore(db.knex, key);
    const a = await store.put('org_a', 't', 'same-plaintext-value');
    const b = await store.put('org_a', 't', 'same-plaintext-value');
    const rows: { id: string; iv: Buffer; ciphertext: Buffer; tag: Buffer }[] = await db.knex('secrets').whereIn('id', [a, b]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.iv).toHaveLength(12);
    expect(rows[0]!.tag).toHaveLength(16);
    expect(rows[0]!.iv.equals(rows[1]!.iv)).toBe(false);
    expect(rows[0]!.ciphertext.equals(rows[1]!.ciphertext)).toBe(false);
    for (const r of rows) expect(r.ciphertext.toString('latin1')).not.toContain('plaintext');
  });
});
