// Crash safety of the projector: a child process applies many events with a projection that spends
// measurable time in every batch transaction; it is SIGKILLed at random moments (checked to be inside
// an open batch transaction at least once), restarted, and finally left to catch up. The read model
// must then equal a full rebuild into a fresh database: rows and checkpoint commit together or not at all.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Position } from '../../src/adapters/event-store.js';
import { readCheckpoint } from '../../src/projections/checkpoints.js';
import { createProjector } from '../../src/projections/projector.js';
import { rebuildProjections } from '../../src/projections/rebuild.js';
import { accountsProjection, openTestStack, seedAccounts, type TestStack } from '../support/accounts.projection.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { snapshot } from '../support/projection-spec.js';

const CHILD = path.join(import.meta.dirname, '../support/projector-crash-child.ts');
const EVENTS = 30_000;

function startChild(url: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, url, '15'], {
    cwd: path.join(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.resume();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (stderr.length > 10_000) stderr = stderr.slice(-10_000);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`crash child exited with ${code}: ${stderr}`);
  });
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('projector crash safety', () => {
  const stacks: TestStack[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const s of stacks) await s.close();
  });

  it('equals a full rebuild after SIGKILLs in the middle of batches', { timeout: 180_000 }, async () => {
    const live = await openTestStack(await createTestDatabaseUrl('crash_live'));
    stacks.push(live);
    // The last appended position, not headPosition(): other test files' transactions in the same
    // cluster can hold the store's read horizon back for a moment.
    const head = await seedAccounts(live.store, { count: EVENTS, accounts: 300, perAppend: 100, concurrency: 4 });
    const projection = accountsProjection();
    const checkpoint = async () => (await readCheckpoint(live.db.knex, projection.name))?.position ?? null;
    const key = (p: Position | null) => (p ? `${p.commit}/${p.prepare}` : 'start');

    let killsInsideTransaction = 0;
    let kills = 0;
    for (let round = 0; round < 5; round++) {
      const before = key(await checkpoint());
      const child = startChild(live.url);
      children.push(child);
      // Wait until this incarnation has committed at least one batch, then kill at a random moment.
      const deadline = Date.now() + 30_000;
      while (key(await checkpoint()) === before && Date.now() < deadline) await sleep(20);
      expect(key(await checkpoint())).not.toBe(before);
      await sleep(50 + Math.random() * 400);
      const { rows } = await live.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'crash-child-rm' AND xact_start IS NOT NULL`,
      );
      child.kill('SIGKILL');
      await exited(child);
      kills++;
      if (rows[0]!.n > 0) killsInsideTransaction++;
      if (key(await checkpoint()) === key(head)) break;
    }
    console.log(`crash test: ${kills} kills, ${killsInsideTransaction} inside an open batch transaction`);
    expect(kills).toBeGreaterThanOrEqual(2);
    expect(killsInsideTransaction).toBeGreaterThanOrEqual(1);

    // Restart and let it catch up; observed from this process, like an api process would.
    const finalChild = startChild(live.url);
    children.push(finalChild);
    const observer = createProjector({ store: live.store, db: live.db, projections: [projection] });
    expect(await observer.waitFor(head, { timeoutMs: 120_000 })).toBe(true);
    finalChild.kill('SIGTERM');
    await exited(finalChild);
    expect(finalChild.exitCode).toBe(0);

    // The reference: a full rebuild from the same log into a fresh database.
    const fresh = await openTestStack(await createTestDatabaseUrl('crash_ref'));
    stacks.push(fresh);
    const [result] = await rebuildProjections({ store: live.store, db: fresh.db, projections: [projection] }, []);
    expect(result!.events).toBe(EVENTS);
    const expected = await snapshot(fresh.db.knex, projection);
    expect(expected.test_account_balances!.length).toBe(300);
    expect(await snapshot(live.db.knex, projection)).toEqual(expected);
    expect(await checkpoint()).toEqual(head);
  });
});
