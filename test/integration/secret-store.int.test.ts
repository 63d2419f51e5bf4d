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

  it('rotates keys: reads under either key, writes under the current one, re-encrypts the rest', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = createSecretStore(db.knex, oldKey);
    const a = await before.put('org_rot', 'jira_api_token', 'token-a');
    const b = await before.put('org_rot', 'slack_webhook_url', 'https://hooks.example/b');

    // The new key alone cannot read the old rows; with the previous key beside it, it can.
    await expect(createSecretStore(db.knex, newKey).get('org_rot', a)).rejects.toThrow(SecretDecryptionError);
    const during = createSecretStore(db.knex, newKey, { previousKey: oldKey });
    expect(await during.get('org_rot', a)).toBe('token-a');
    const c = await during.put('org_rot', 'linear_api_key', 'key-c');
    // A write uses the current key only.
    expect(await createSecretStore(db.knex, newKey).get('org_rot', c)).toBe('key-c');

    const report = await during.reencryptAll();
    expect(report.rotated).toBeGreaterThanOrEqual(2);
    expect(report.unreadable).toEqual(expect.not.arrayContaining([a, b, c]));
    // After rotation the previous key is no longer needed for these rows.
    const after = createSecretStore(db.knex, newKey);
    expect(await after.get('org_rot', a)).toBe('token-a');
    expect(await after.get('org_rot', b)).toBe('https://hooks.example/b');
    await expect(before.get('org_rot', a)).rejects.toThrow(SecretDecryptionError);
    expect((await during.reencryptAll()).rotated).toBe(0);
  });

  it('deletes the rows a save replaced, keeping the named ones and recent ones', async () => {
    const store = createSecretStore(db.knex, key);
    const old = await store.put('org_gc', 'jira_api_token', 'old');
    const other = await store.put('org_gc', 'slack_webhook_url', 'not managed here');
    const current = await store.put('org_gc', 'jira_api_token', 'new');
    const elsewhere = await store.put('org_gc_2', 'jira_api_token', 'another org');
    // Within the grace period nothing goes (a concurrent save may still name the row).
    expect(await store.removeReplaced('org_gc', ['jira_api_token', 'linear_api_key'], [current])).toBe(0);
    await db.knex('secrets').whereIn('id', [old, other, current, elsewhere]).update({ created_at: db.knex.raw("now() - interval '1 hour'") });
    expect(await store.removeReplaced('org_gc', ['jira_api_token', 'linear_api_key'], [current])).toBe(1);
    const left: { id: string }[] = await db.knex('secrets').whereIn('id', [old, other, current, elsewhere]).select('id');
    expect(left.map((r) => r.id).sort()).toEqual([other, current, elsewhere].sort());
  });
});
