// `sprintguard projections rebuild|status` through commander, against the real store and database.
import { Command, CommanderError } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerProjectionsCommands } from '../../src/cli/projections.command.js';
import type { Runtime } from '../../src/cli/runtime.js';
import { accountsProjection, openTestStack, seedAccounts, type TestStack } from '../support/accounts.projection.js';
import { createTestDatabaseUrl } from '../support/database.js';

describe('projections command', () => {
  let url: string;
  let opened: TestStack[] = [];

  beforeAll(async () => {
    url = await createTestDatabaseUrl('proj_cli');
    const s = await openTestStack(url);
    await seedAccounts(s.store, { count: 500, accounts: 10 });
    await s.close();
  });
  afterAll(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
    opened = [];
  });

  async function run(...args: string[]): Promise<{ out: string; err: string; closed: number }> {
    let out = '';
    let err = '';
    let closed = 0;
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
    try {
      const program = new Command('sprintguard').exitOverride();
      program.configureOutput({ writeErr: (s) => (err += s), writeOut: (s) => (out += s) });
      registerProjectionsCommands(program, async (): Promise<Runtime> => {
        const s = await openTestStack(url);
        opened.push(s);
        return {
          store: s.store,
          db: s.db,
          projections: [accountsProjection()],
          close: async () => {
            closed++;
            await s.close();
          },
        };
      });
      // Commands are made on the sub-commands: exitOverride must reach them too.
      for (const c of program.commands) for (const sub of c.commands) sub.exitOverride();
      await program.parseAsync(['node', 'sprintguard', ...args]);
      return { out, err, closed };
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  }

  it('rebuilds, printing progress on stderr and events/s on stdout', async () => {
    const { out, err, closed } = await run('projections', 'rebuild', 'test_accounts');
    expect(out).toMatch(/^test_accounts: 500 events in \d+\.\d s \([\d,]+ events\/s\)\n$/);
    expect(err).toMatch(/test_accounts .*500 events/);
    expect(closed).toBe(1);
  });

  it('prints the status table', async () => {
    const { out } = await run('projections', 'status');
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^name\s+version\s+checkpoint\s+updated\s+behind\s+lag$/);
    expect(lines[1]).toMatch(/^test_accounts\s+1\s+\d+\/\d+\s+\S+ ago\s+no\s+0$/);
  });

  it('rejects an unknown projection name with exit code 1', async () => {
    let caught: unknown;
    const before = opened.length;
    try {
      await run('projections', 'rebuild', 'test_accounts', 'nope');
    } catch (err) {
      caught = err;
    }
    // The runtime was opened to learn the names, and closed before exiting.
    expect(opened.length).toBe(before + 1);
    await expect(opened.at(-1)!.db.pool.query('SELECT 1')).rejects.toThrow();
    expect(caught).toBeInstanceOf(CommanderError);
    expect((caught as CommanderError).exitCode).toBe(1);
    expect((caught as CommanderError).message).toMatch(/Unknown projection nope; known: test_accounts/);
  });
});
