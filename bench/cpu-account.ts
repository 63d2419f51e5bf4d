// CPU time spent per operation by each side of a benchmark: the server process, the PostgreSQL
// cluster (postmaster and every backend, background writer and WAL writer included) and the load
// generator (this process). On a shared machine the throughput of a run moves with whatever else
// runs, but the CPU an operation costs moves far less: it is the evidence of what bounds a figure
// when the machine is saturated, and the ratio of two runs' CPU per operation predicts their
// throughput ratio on a machine where they get the cores to themselves. Linux /proc only.
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcTimes {
  ppid: number;
  ticks: number;
}

// Read synchronously, both trees in one scan of /proc: ~2 ms with the event loop held, against
// ~30 ms of two asynchronous scans whose reads went through the thread pool, their callbacks among
// the load generator's answers. Taken at a measure's start, those showed in its first 250 ms: in
// the commands benchmark that was the slice's worst window in 7 of 9 slices (p99 up to 126 ms),
// and in none of 8 after the change (2026-11-29).
function procTimes(pid: number): ProcTimes | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state(3) ppid(4) … utime(14) stime(15), so index = field - 3.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // exited meanwhile
  }
}

/** The postmaster of a data directory (first line of its postmaster.pid). */
export async function postmasterPid(dataDir: string): Promise<number> {
  const text = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  return Number(text.split('\n')[0]);
}

/**
 * CPU seconds used so far by each root and by each of its direct children (a postmaster and its
 * backends), by pid: one map per root, in the order given.
 */
function treeSeconds(roots: number[]): Map<number, number>[] {
  const trees = roots.map(() => new Map<number, number>());
  roots.forEach((root, i) => {
    const own = procTimes(root);
    if (own) trees[i]!.set(root, own.ticks / TICKS_PER_SECOND);
  });
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || roots.includes(pid)) continue;
    const t = procTimes(pid);
    const i = t ? roots.indexOf(t.ppid) : -1;
    if (i >= 0) trees[i]!.set(pid, t!.ticks / TICKS_PER_SECOND);
  }
  return trees;
}

export interface CpuSides {
  /** The server under test (its pid), or undefined when there is none. */
  server?: number;
  /** The PostgreSQL postmaster. */
  postgres: number;
  /**
   * Only these of its processes count (the backends of one database, when several servers share
   * the cluster at once); undefined: the whole cluster.
   */
  postgresPids?: () => Promise<ReadonlySet<number>>;
}

export interface CpuSnapshot {
  server: Map<number, number>;
  postgres: Map<number, number>;
  client: number;
}

export async function cpuSnapshot(sides: CpuSides): Promise<CpuSnapshot> {
  const only = await sides.postgresPids?.();
  const usage = process.cpuUsage();
  const [postgres, server] = treeSeconds(sides.server !== undefined ? [sides.postgres, sides.server] : [sides.postgres]);
  const counted = only ? new Map([...postgres!].filter(([pid]) => only.has(pid))) : postgres!;
  return { server: server ?? new Map(), postgres: counted, client: (usage.user + usage.system) / 1e6 };
}

/** Seconds used between two snapshots by the processes alive at the second (new ones count whole). */
function used(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, s] of after) sum += s - (before.get(pid) ?? 0);
  return sum;
}

/**
 * CPU milliseconds per operation between two snapshots, by side and in all. A backend that exits
 * between the snapshots takes its time since the first with it (pools keep theirs open while measured).
 */
export function cpuPerOperation(before: CpuSnapshot, after: CpuSnapshot, operations: number): Record<string, number> {
  const seconds = {
    server: used(before.server, after.server),
    postgres: used(before.postgres, after.postgres),
    client: after.client - before.client,
  };
  const per = (k: keyof typeof seconds) => (seconds[k] * 1000) / Math.max(1, operations);
  const round = (n: number) => Number(n.toFixed(3));
  return {
    server: round(per('server')),
    postgres: round(per('postgres')),
    client: round(per('client')),
    total: round(per('server') + per('postgres') + per('client')),
  };
}

/**
 * The mean of several cpuPerOperation results (one per slice or round of a measure), each weighed
 * by `weight`, written as the figures write them: "server, postgres, client".
 */
export function cpuMean(): { add(cpu: Record<string, number>, weight: number): void; text(): string } {
  const sum = { server: 0, postgres: 0, client: 0 };
  return {
    add(cpu, weight) {
      for (const k of ['server', 'postgres', 'client'] as const) sum[k] += (cpu[k] ?? 0) * weight;
    },
    text: () => [sum.server, sum.postgres, sum.client].map((n) => Number(n.toFixed(3))).join(', '),
  };
}
