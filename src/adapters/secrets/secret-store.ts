// Secrets (board tokens, source-control tokens) never enter an event: the event store is immutable
// and audited. They live here, encrypted with AES-256-GCM under a key from configuration, and events
// carry only their id. The organization id and the secret id are the authenticated data, so a row
// copied to another organization or id does not decrypt.
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Migration } from '../postgres/migrate.js';

export const secretMigrations: Migration[] = [
  {
    name: '0300_secrets',
    async up(knex) {
      await knex.schema.createTable('secrets', (t) => {
        t.uuid('id').primary();
        t.text('org_id').notNullable();
        t.text('purpose').notNullable();
        t.binary('ciphertext').notNullable();
        t.binary('iv').notNullable();
        t.binary('tag').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['org_id']);
      });
    },
  },
];

export interface SecretStore {
  put(orgId: string, purpose: string, plaintext: string): Promise<string>;
  /** The secret, or undefined when it does not exist for this organization. */
  get(orgId: string, id: string): Promise<string | undefined>;
}

/** SECRETS_KEY (base64, 32 bytes); outside production a key kept in DATA_DIR/secrets.key. */
export async function loadSecretsKey(options: { configured?: string; dataDir: string; isProduction: boolean }): Promise<Buffer> {
  if (options.configured) return Buffer.from(options.configured, 'base64');
  if (options.isProduction) throw new Error('SECRETS_KEY is required in production (32 random bytes, base64)');
  const file = path.join(options.dataDir, 'secrets.key');
  try {
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(options.dataDir, { recursive: true });
  try {
    // 'wx': two processes starting together must not write different keys.
    await fs.writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
}

export function createSecretStore(knex: Knex, key: Buffer): SecretStore {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  const aad = (orgId: string, id: string) => Buffer.from(`${orgId}\u0000${id}`, 'utf8');
  return {
    async put(orgId, purpose, plaintext) {
      const id = randomUUID();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(orgId, id));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      await knex('secrets').insert({ id, org_id: orgId, purpose, ciphertext, iv, tag: cipher.getAuthTag() });
      return id;
    },
    async get(orgId, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const row = await knex('secrets').where({ id, org_id: orgId }).first<{ ciphertext: Buffer; iv: Buffer; tag: Buffer } | undefined>();
      if (!row) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', key, row.iv);
      decipher.setAAD(aad(orgId, id));
      decipher.setAuthTag(row.tag);
      return Buffer.concat([decipher.update(row.ciphertext), decipher.final()]).toString('utf8');
    },
  };
}
