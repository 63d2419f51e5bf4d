// What the requests' thread and the projector thread (./projector-thread.ts, ./projector-thread.worker.ts)
// say to each other, and the Node flags the thread starts with.
import type { Position } from '../adapters/event-store.js';
import type { Config } from '../config.js';
import type { ProjectionStatus } from '../projections/projector.js';

/** What the requests' thread hands the projector thread. */
export interface ProjectorThreadData {
  /** The thread's module (./projector-thread.worker.ts, or .js when built): bin/thread.js imports it. */
  entry: string;
  config: Config;
  /** The database the requests' thread opened (the embedded one's URL when DATABASE_URL is unset). */
  databaseUrl: string;
}

export type ToProjectorThread = { type: 'stop' } | { type: 'status'; id: number } | { type: 'pools'; id: number };

/** One of the thread's pools at a scrape, as the pool gauges take it (src/adapters/telemetry/pool-metrics.ts). */
export interface PoolState {
  name: string;
  waiting: number;
  idle: number;
  used: number;
}

export type FromProjectorThread =
  | { type: 'started' }
  | { type: 'failed'; message: string }
  | { type: 'committed'; name: string; position: Position }
  | { type: 'released'; name: string }
  | { type: 'status'; id: number; rows: ProjectionStatus[] }
  | { type: 'status'; id: number; error: string }
  | { type: 'pools'; id: number; pools: PoolState[] }
  | { type: 'pool-timeout'; pool: string };

const PRELOAD_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/**
 * The process's Node flags without its preloads: a thread inherits execArgv, and a module preloaded
 * into the process (a test's probe of the requests' event loop, a loader) is the process's, not the
 * thread's, which gets its loader from bin/thread.js. Other flags (--cpu-prof) stay, unless the
 * Worker refuses them (withoutRefusedFlags).
 */
export function threadExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    if (PRELOAD_FLAGS.has(flag)) i++;
    else if (![...PRELOAD_FLAGS].some((p) => p.startsWith('--') && flag.startsWith(`${p}=`))) kept.push(flag);
  }
  return kept;
}

/** Node's code for a Worker whose execArgv holds a flag a thread cannot take. */
export const INVALID_EXEC_ARGV = 'ERR_WORKER_INVALID_EXEC_ARGV';

/**
 * `execArgv` without the flags a Worker refused (`message`: "Initiated Worker with invalid execArgv
 * flags: a, b"). A thread takes no V8 flag (`--max-old-space-size`, `--trace-gc`) and no flag of the
 * process alone (`--title`): V8's flags are the process's anyway, so the thread runs under them
 * without being given them. When the message names none of the flags, none is kept.
 */
export function withoutRefusedFlags(execArgv: readonly string[], message: string): string[] {
  const listed = message.slice(message.indexOf(': ') + 2).split(', ');
  const refused = execArgv.filter((flag) => listed.some((item) => item === flag || item.endsWith(` ${flag}`)));
  return refused.length > 0 ? execArgv.filter((flag) => !refused.includes(flag)) : [];
}
