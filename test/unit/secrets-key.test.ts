import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecretsKey } from '../../src/adapters/secrets/secret-store.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-key-'));
});
afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

describe('secrets key', () => {
  it('uses SECRETS_KEY when set', async () => {
    const key = randomBytes(32);
    expect(await loadSecretsKey({ configured: key.toString('base64'), dataDir: dir, isProduction: true })).toEqual(key);
    await expect(fs.stat(path.join(dir, 'secrets.key'))).rejects.toThrow();
  });

  it('refuses to start in production without SECRETS_KEY', async () => {
    await expect(loadSecretsKey({ dataDir: dir, isProduction: true })).rejects.toThrow(/SECRETS_KEY is required in production/);
  });

  it('outside production generates one key into DATA_DIR/secrets.key (0600) and keeps it', async () => {
    const first = await loadSecretsKey({ dataDir: dir, isProduction: false });
    expect(first).toHaveLength(32);
    const stat = await fs.stat(path.join(dir, 'secrets.key'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(await loadSecretsKey({ dataDir: dir, isProduction: false })).toEqual(first);
    expect((await fs.readdir(dir)).sort()).toEqual(['secrets.key']);
  });

  it('gives processes starting together one and the same key', async () => {
    const keys = await Promise.all(Array.from({ length: 16 }, () => loadSecretsKey({ dataDir: dir, isProduction: false })));
    for (const k of keys) expect(k).toEqual(keys[0]);
    expect(await fs.readdir(dir)).toEqual(['secrets.key']);
  });

  it('names a key file of the wrong length', async () => {
    await fs.writeFile(path.join(dir, 'secrets.key'), randomBytes(16).toString('base64'));
    await expect(loadSecretsKey({ dataDir: dir, isProduction: false })).rejects.toThrow(/secrets\.key must hold 32 bytes/);
  });
});
