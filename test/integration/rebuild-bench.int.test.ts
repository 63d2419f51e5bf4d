// The rebuild benchmark (bench/rebuild.bench.ts, part of `npm run bench -- store`) on a small log:
// it seeds its own schema's events and replays them through the real rebuild path, so a change to
// what a rebuild needs (the leases table, 2026-11-28) must reach the benchmark's migrations too.
// Until 2026-11-29 nothing ran it but the benchmark itself, and `npm run bench` failed on it.
import { describe, expect, it } from 'vitest';
import { benchRebuild } from '../../bench/rebuild.bench.js';
import { createTestDatabaseUrl } from '../support/database.js';

describe('the rebuild benchmark', () => {
  it('seeds its log and rebuilds its read model through the real rebuild path', async () => {
    const figures = await benchRebuild(await createTestDatabaseUrl('rebuild_bench'), { events: 10_000 });
    expect(figures['rebuild events']).toBe(10_000);
    expect(figures['read-model rows']).toBe(100);
    expect(figures['rebuild events/s']).toBeGreaterThan(0);
  });

  it('refuses a log that is not whole runs', async () => {
    await expect(benchRebuild('postgres://unused', { events: 1_234 })).rejects.toThrow(/whole blocks/);
  });
});
