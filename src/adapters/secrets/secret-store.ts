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

/** A stored secret that does not decrypt: tampered row, or a SECRETS_KEY other than the one that wrote it. */
export class SecretDecryptionError extends Error {
  override readonly name = 'SecretDecryptionError';
  constructor(readonly secretId: string) {
    super(`Secret ${secretId} could not be decrypted: the row was altered, or SECRETS_KEY is not the key it was stored with`);
  }
}

function decodeKey(text: string, source: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${source} must hold 32 bytes, base64-encoded (it holds ${key.length})`);
  return key;
}

/**
 * SECRETS_KEY (base64, 32 bytes). Outside production, when unset, a key generated once into
 * DATA_DIR/secrets.key (mode 0600). In production a missing key stops start-up: a generated key
 * would be lost with the container, and every stored secret with it.
 */
export async function loadSecretsKey(options: { configured?: string | undefined; dataDir: string; isProduction: boolean }): Promise<Buffer> {
  if (options.configured) return decodeKey(options.configured, 'SECRETS_KEY');
  if (options.isProduction) throw new Error('SECRETS_KEY is required in production (NODE_ENV=production): 32 random bytes, base64 (openssl rand -base64 32)');
  const file = path.join(options.dataDir, 'secrets.key');
  const read = async () => decodeKey(await fs.readFile(file, 'utf8'), file);
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(options.dataDir, { recursive: true });
  // Written completely under a private name, then published with link(), which fails with EEXIST
  // when another process got there first. Two processes starting together therefore agree on one
  // key, and neither ever reads a half-written file (open 'wx' + write would leave that window).
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await fs.writeFile(tmp, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
  return read();
}

export function createSecretStore(knex: Knex, key: Buffer): SecretStore {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes (AES-256)');
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
      try {
        return Buffer.concat([decipher.update(row.ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptionError(id);
      }
    },
  };
}
