// The read-model waiter: "has every named projection applied position P?" (read-your-writes after a
// command) and "where is projection N, as this process knows it?" (cache validation).
// Positions come from two sources, merged in ONE place (`merge`): commits of this process (told at
// once through `committed`) and the checkpoint table, for checkpoints moved by other processes (an
// api process often runs without a projector). The table is read by ONE poller per process, running
// only while someone waits, and by `knownCheckpoint` when its last read is too old; waiters compare in
// memory (a query per waiter per wake-up cost one round trip per request per commit under load).
import type { Knex } from 'knex';
import { comparePositions, type Position } from '../adapters/event-store.js';
import { sleep } from '../lib/retry.js';
import { readCheckpoints, type Checkpoint } from './checkpoints.js';

export interface WaitForOptions {
  /** Names of the projections to wait for; all of this projector's by default. */
  projections?: string[];
  timeoutMs?: number;
}

export interface KnownCheckpoint {
  position: Position | undefined;
  /** updated_at of the checkpoint row at the last read, in ms; undefined before a read found one. */
  changedAt: number | undefined;
}

export interface CheckpointWaiter {
  /** This process committed `position` for `name`: wakes the waiters. */
  committed(name: string, position: Position): void;
  /** This process no longer applies `name` (leadership ended): its in-memory position is dropped. */
  forget(name: string): void;
  /** True once every named projection's checkpoint is at or past `position`; false on timeout. */
  waitFor(position: Position, options?: WaitForOptions): Promise<boolean>;
  /** See Projector.knownCheckpoint. */
  knownCheckpoint(name: string, maxAgeMs: number): Promise<KnownCheckpoint>;
}

export interface CheckpointWaiterOptions {
  knex: Knex;
  /** The projections this process knows. */
  names: readonly string[];
  /** Checkpoint-table poll period while someone waits. */
  pollMs: number;
}

export function createCheckpointWaiter(options: CheckpointWaiterOptions): CheckpointWaiter {
  const names = [...options.names];
  const positions = new Map<string, Position>();
  const changedAt = new Map<string, number>();
  const waiters = new Set<() => void>();
  // When the checkpoint table was last read (the time the read started, so that a position is never
  // taken for fresher than it is), the read under way, and the poller while someone waits.
  let readAt = 0;
  let reading: Promise<void> | undefined;
  let polling: Promise<void> | undefined;

  function wakeAll(): void {
    for (const wake of [...waiters]) wake();
  }

  /** The one checkpoint merge: a stored position only ever moves the known one forward. */
  function merge(stored: ReadonlyMap<string, Checkpoint>): void {
    for (const [name, cp] of stored) {
      const known = positions.get(name);
      if (cp.position && (!known || comparePositions(cp.position, known) > 0)) positions.set(name, cp.position);
      changedAt.set(name, cp.updatedAt.getTime());
    }
  }

  /** Reads the checkpoint table once (one read at a time per process, however many callers ask). */
  async function refresh(): Promise<void> {
    reading ??= (async () => {
      const startedAt = Date.now();
      try {
        merge(await readCheckpoints(options.knex, names));
        readAt = startedAt;
      } finally {
        reading = undefined;
      }
    })();
    await reading;
  }

  function pollWhileWaited(): void {
    polling ??= (async () => {
      try {
        while (waiters.size > 0) {
          try {
            await refresh();
            wakeAll();
          } catch {
            // The database is unreachable: waiters time out; the next wait polls again.
          }
          await sleep(options.pollMs);
        }
      } finally {
        polling = undefined;
      }
    })();
  }

  return {
    committed(name, position) {
      positions.set(name, position);
      wakeAll();
    },

    forget(name) {
      positions.delete(name);
    },

    async waitFor(position, waitOptions = {}) {
      const wanted = waitOptions.projections ?? names;
      const deadline = Date.now() + (waitOptions.timeoutMs ?? 5_000);
      const reached = () =>
        wanted.every((n) => {
          const p = positions.get(n);
          return !!p && comparePositions(p, position) >= 0;
        });
      for (;;) {
        if (reached()) return true;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, remaining);
          waiters.add(done);
          pollWhileWaited();
        });
      }
    },

    async knownCheckpoint(name, maxAgeMs) {
      if (Date.now() - readAt > maxAgeMs) await refresh();
      return { position: positions.get(name), changedAt: changedAt.get(name) };
    },
  };
}
