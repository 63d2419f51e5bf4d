// Secrets (board tokens, source-control tokens) never enter an event: the event store is immutable
// and audited. They live here, encrypted with AES-256-GCM under a key from configuration, and events
// carry only their id. The organization id and the secret id are the authenticated data, so a row
// copied to another organization or id does not decrypt.
// Key rotation (docs/operations.md): with SECRETS_KEY_PREVIOUS set, rows decrypt under either key and
// every write uses SECRETS_KEY; `sprintguard secrets rotate` re-encrypts the remaining old rows.
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
  /**
   * Deletes the organization's rows of these purposes that `keep` (the ids the saved settings name)
   * does not hold: the secrets a save replaced or removed. Called once the settings are saved. Rows
   * younger than `graceMs` stay: a concurrent save (in flight, or recorded after this one) may name one.
   */
  removeReplaced(orgId: string, purposes: readonly string[], keep: readonly string[], graceMs?: number): Promise<number>;
  /** Re-encrypts under the current key every row that only the previous key opens. */
  reencryptAll(): Promise<RotationReport>;
}

export interface RotationReport {
  /** Rows re-encrypted now. */
  rotated: number;
  /** Rows already under the current key. */
  current: number;
  /** Rows neither key opens (left as they are, named by id). */
  unreadable: string[];
}

const REPLACED_GRACE_MS = 60_000;

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

/** SECRETS_KEY_PREVIOUS decoded, or undefined when unset. */
export function previousSecretsKey(configured: string | undefined): Buffer | undefined {
  return configured ? decodeKey(configured, 'SECRETS_KEY_PREVIOUS') : undefined;
}

interface SealedRow {
  id: string;
  org_id: string;
  ciphertext: Buffer;
  iv: Buffer;
  tag: Buffer;
}

const aad = (orgId: string, id: string) => Buffer.from(`${orgId}\u0000${id}`, 'utf8');

function seal(key: Buffer, orgId: string, id: string, plaintext: string): Pick<SealedRow, 'ciphertext' | 'iv' | 'tag'> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(orgId, id));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ciphertext, iv, tag: cipher.getAuthTag() };
}

/** The plaintext, or undefined when `key` does not open the row. */
function open(key: Buffer, row: SealedRow): string | undefined {
  const decipher = createDecipheriv('aes-256-gcm', key, row.iv);
  decipher.setAAD(aad(row.org_id, row.id));
  decipher.setAuthTag(row.tag);
  try {
    return Buffer.concat([decipher.update(row.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export function createSecretStore(knex: Knex, key: Buffer, options: { previousKey?: Buffer | undefined } = {}): SecretStore {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes (AES-256)');
  const previous = options.previousKey;
  if (previous && previous.length !== 32) throw new Error('The previous secrets key must be 32 bytes (AES-256)');
  const columns = ['id', 'org_id', 'ciphertext', 'iv', 'tag'] as const;
  return {
    async put(orgId, purpose, plaintext) {
      const id = randomUUID();
      await knex('secrets').insert({ id, org_id: orgId, purpose, ...seal(key, orgId, id, plaintext) });
      return id;
    },
    async get(orgId, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const row = await knex('secrets').where({ id, org_id: orgId }).first<SealedRow | undefined>(...columns);
      if (!row) return undefined;
      const plaintext = open(key, row) ?? (previous ? open(previous, row) : undefined);
      if (plaintext === undefined) throw new SecretDecryptionError(id);
      return plaintext;
    },
    async removeReplaced(orgId, purposes, keep, graceMs = REPLACED_GRACE_MS) {
      return knex('secrets')
        .where({ org_id: orgId })
        .whereIn('purpose', [...purposes])
        .whereNotIn('id', [...keep])
        .where('created_at', '<', new Date(Date.now() - graceMs))
        .delete();
    },
    async reencryptAll() {
      const report: RotationReport = { rotated: 0, current: 0, unreadable: [] };
      const rows = await knex('secrets').select<SealedRow[]>(...columns).orderBy('id');
      for (const row of rows) {
        if (open(key, row) !== undefined) {
          report.current++;
          continue;
        }
        const plaintext = previous ? open(previous, row) : undefined;
        if (plaintext === undefined) {
          report.unreadable.push(row.id);
          continue;
        }
        // Compare-and-set on the old ciphertext: a row rewritten meanwhile is left to its writer.
        const updated = await knex('secrets').where({ id: row.id, iv: row.iv }).update(seal(key, row.org_id, row.id, plaintext));
        if (updated > 0) report.rotated++;
      }
      return report;
    },
  };
}
