// In-place rebuild, so readers never see a half-built read model: for each named projection,
//   1. take its advisory lock without waiting — a live projector holding it means "stop it first";
//   2. capture the store's settled head: the newest event committed by then, once readable (a
//      transaction still open elsewhere in the cluster would make the head readers see trail it);
//   3. in ONE transaction: truncate the projection's tables and reset its checkpoint (readers see the
//      old rows or an empty model, never a mix);
//   4. replay the global log through the projector's own batch loop (batch-loop.ts: the same
//      code, the same checkpoint compare-and-set) up to the captured head;
//   5. move the checkpoint to that head, so a live projector resumes right after it.
// Readers see partial data while it runs: fine for the embedded default and development. A
// blue/green rebuild (versioned tables + swap) is the production path and is not done here.
import { comparePositions, type Position } from '../adapters/event-store.js';
import { resetCheckpoint } from './checkpoints.js';
import type { Projection } from './projection.js';
import { applyBatch, runBatches } from './batch-loop.js';
import { tryAcquireProjectionLock } from './projection-lock.js';
import type { ProjectorDeps } from './projector.js';

export const REBUILD_BATCH_SIZE = 2_000;

export interface RebuildProgress {
  name: string;
  /** Events applied so far. */
  events: number;
  eventsPerSecond: number;
  position: Position;
  /** The head captured at the start: the replay stops there. */
  head: Position | null;
}

export interface RebuildResult {
  name: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

export class UnknownProjectionError extends Error {
  override readonly name = 'UnknownProjectionError';
  constructor(
    readonly unknown: string[],
    readonly known: string[],
  ) {
    super(`Unknown projection${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known: ${known.join(', ') || '(none)'}`);
  }
}

export class ProjectionLockedError extends Error {
  override readonly name = 'ProjectionLockedError';
  constructor(readonly projection: string) {
    super(
      `Projection ${projection} is being run by a live projector (its advisory lock is held); ` +
        'stop the projector processes before rebuilding',
    );
  }
}

/** The named projections, in the order given; all of them when `names` is empty. */
export function selectProjections(projections: readonly Projection[], names: readonly string[]): Projection[] {
  if (names.length === 0) return [...projections];
  const byName = new Map(projections.map((p) => [p.name, p]));
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length > 0) throw new UnknownProjectionError(unknown, [...byName.keys()]);
  return [...new Set(names)].map((n) => byName.get(n)!);
}

export async function rebuildProjections(
  deps: ProjectorDeps & { signal?: AbortSignal },
  names: readonly string[],
  onProgress?: (progress: RebuildProgress) => void,
): Promise<RebuildResult[]> {
  const selected = selectProjections(deps.projections, names);
  const results: RebuildResult[] = [];
  for (const projection of selected) {
    results.push(await rebuildOne(deps, projection, onProgress));
  }
  return results;
}

async function rebuildOne(
  deps: ProjectorDeps & { signal?: AbortSignal },
  projection: Projection,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<RebuildResult> {
  const { name } = projection;
  // 1.
  const lock = await tryAcquireProjectionLock(deps.db, name);
  if (!lock) throw new ProjectionLockedError(name);
  try {
    // 2.
    const head = await deps.store.settledHeadPosition(deps.signal ? AbortSignal.any([deps.signal, lock.signal]) : lock.signal);
    // 3.
    await deps.db.knex.transaction(async (trx) => {
      if (projection.tables.length > 0) {
        await trx.raw(`TRUNCATE ${projection.tables.map(() => '??').join(', ')}`, [...projection.tables]);
      }
      await resetCheckpoint(trx, name, projection.version);
    });
    const started = performance.now();
    let events = 0;
    const rate = () => {
      const seconds = (performance.now() - started) / 1000;
      return seconds > 0 ? Math.round(events / seconds) : 0;
    };
    if (head) {
      const signal = deps.signal ? AbortSignal.any([deps.signal, lock.signal]) : lock.signal;
      // 4.
      const last = await runBatches({
        store: deps.store,
        db: deps.db,
        projection,
        lock,
        from: null,
        until: head,
        batchSize: deps.batchSize ?? REBUILD_BATCH_SIZE,
        maxBatchDelayMs: deps.timing?.maxBatchDelayMs ?? 100,
        signal,
        onCommitted: (position, n) => {
          events += n;
          onProgress?.({ name, events, eventsPerSecond: rate(), position, head });
        },
      });
      if (lock.lost) throw new Error(`Rebuild of ${name} lost its lock (database connection); run it again`);
      if (signal.aborted) throw new Error(`Rebuild of ${name} was interrupted; run it again`);
      // 5.
      if (last === null || comparePositions(last, head) < 0) {
        await applyBatch({ db: deps.db, projection, lock }, last, head, []);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    return { name, events, seconds, eventsPerSecond: seconds > 0 ? Math.round(events / seconds) : 0 };
  } finally {
    await lock.release();
  }
}
