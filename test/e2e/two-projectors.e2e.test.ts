// Two `sprintguard projector` processes on one database: each projection is applied by exactly one
// of them (advisory locks), rows are right, and when the active one is killed the other takes over.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import type { EventStore } from '../../src/adapters/event-store.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { cleanEnv } from '../support/service-process.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/sprintguard.js');
let db: Database;
let store: EventStore;
let dataDir: string;
let env: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];

const projector = () => {
  const child = spawn(process.execPath, [BIN, 'projector'], { env, stdio: 'ignore' });
  children.push(child);
  return child;
};

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Backend pids holding a projection's advisory lock (the session locks of application sprintguard-lock:*). */
async function lockHolders(): Promise<Map<string, number>> {
  const { rows } = await db.pool.query<{ app: string; n: string }>(
    `SELECT a.application_name AS app, count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database() AND a.application_name LIKE 'sprintguard-lock:%'
      GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.app.replace('sprintguard-lock:', ''), Number(r.n)]));
}

beforeAll(async () => {
  const url = await createTestDatabaseUrl('two_projectors');
  db = createDatabase({ url, poolSize: 4 });
  await runMigrations(db.knex, eventStoreMigrations);
  await runMigrations(db.knex, readModelMigrations);
  store = createPgEventStore({ pool: db.pool, connectionString: url });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-projectors-'));
  env = cleanEnv({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'fatal' });
});

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await store?.close();
  await db?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const settingsEvent = (cap: number) => ({
  type: 'OrgSettingsChanged',
  data: { settings: { write_mode: 'auto', action_cap: cap, confirmation_threshold: 5 }, changed: ['action_cap'], at: new Date().toISOString() },
});

describe('two projector processes', () => {
  it('apply each projection once, and fail over when the active one dies', async () => {
    const a = projector();
    const b = projector();
    for (let org = 0; org < 40; org++) {
      await store.append(`org-o${org}`, [1, 2, 3, 4, 5].map((i) => settingsEvent(org * 10 + i)));
    }
    const settingsOf = async () => Object.fromEntries((await db.knex('org_settings').select('org_id', 'action_cap')).map((r: { org_id: string; action_cap: number }) => [r.org_id, r.action_cap]));
    await until(async () => Object.keys(await settingsOf()).length === 40 && (await settingsOf()).o39 === 395);
    const holders = await lockHolders();
    expect(holders.get('org_config')).toBe(1);
    expect(holders.get('runs')).toBe(1);
    const expected = Object.fromEntries(Array.from({ length: 40 }, (_, org) => [`o${org}`, org * 10 + 5]));
    expect(await settingsOf()).toEqual(expected);

    // Kill one, then the other (restarting the first): one of the two kills hits the active
    // instance, and each time the survivor applies what comes next.
    a.kill('SIGKILL');
    await store.append('org-o0', [settingsEvent(901)], { expectedRevision: 4n });
    await until(async () => (await settingsOf()).o0 === 901);
    const a2 = projector();
    b.kill('SIGKILL');
    await store.append('org-o0', [settingsEvent(902)], { expectedRevision: 5n });
    await until(async () => (await settingsOf()).o0 === 902);
    expect((await lockHolders()).get('org_config')).toBe(1);
    a2.kill('SIGTERM');
  });
});
