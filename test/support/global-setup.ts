// Starts one embedded PostgreSQL for the whole test run; each test file makes its own database
// (test/support/database.ts). No test ever talks to a database mock.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/adapters/postgres/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-test-pg-'));
  // The postgres user (used when tests run as root) must be able to enter the directory.
  await fs.chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({
    dir: path.join(dir, 'data'),
    // Tests need no crash durability of the test cluster itself; fsync off keeps the suite fast.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '400' },
  });
  project.provide('pgUrl', pg.url);
  return async () => {
    await pg.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
