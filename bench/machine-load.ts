// What the machine itself did during a scenario, beside the scenario's figures: the share of CPU time
// the hypervisor gave to other guests (steal, from /proc/stat) and a fixed CPU probe timed before and
// after. On the shared project machine both moved within one session: steal from ~0% to several
// percent, and the probe from 2.8 to 6.3 µs (2026-11-26). A run whose probe moved, or with steal above
// a few percent, measured a different machine from one scenario to the next: its ratios are noise.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Figures } from './run.js';

interface CpuTicks {
  steal: number;
  total: number;
}

async function cpuTicks(): Promise<CpuTicks | undefined> {
  try {
    const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n', 1)[0]!;
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined; // not Linux
  }
}

/** µs per SHA-256 of 250 bytes (an event's digest), the median of 5 rounds of 20,000. */
function probeMicros(): number {
  const input = Buffer.alloc(250, 7);
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < 20_000; i++) createHash('sha256').update(input).digest();
    rounds.push(((performance.now() - t0) * 1000) / 20_000);
  }
  return Number(rounds.sort((a, b) => a - b)[2]!.toFixed(2));
}

export interface MachineWatch {
  /** The figures of the interval since `watchMachine()`: steal %, probe before → after. */
  stop(): Promise<Figures>;
}

export async function watchMachine(): Promise<MachineWatch> {
  const before = await cpuTicks();
  const probeBefore = probeMicros();
  return {
    async stop() {
      const after = await cpuTicks();
      const probeAfter = probeMicros();
      const figures: Figures = { 'machine: cpu probe µs before, after': `${probeBefore}, ${probeAfter}` };
      if (before && after && after.total > before.total) {
        figures['machine: steal % of cpu time'] = Number(((100 * (after.steal - before.steal)) / (after.total - before.total)).toFixed(1));
      }
      return figures;
    },
  };
}
