// Runs kept whole by a projection's leader between its one-statement batches (runs, run_metrics):
// the run's row and every one of its action rows, so that a decision on any action of a kept run
// needs no read. The rows live in the batch loop's KeptRows (kept-rows.ts), under its stamp rule.
import type { KeptRows } from './kept-rows.js';

export interface KeptRun<Run, Action> {
  run: Run;
  actions: Map<string, Action>;
}

/**
 * Runs read whole by one batch, at most: the first batches after a start would otherwise read every
 * action of every run they touch at once (50 runs of 400 actions made one 200 ms batch under the
 * commands benchmark). The others have their named actions read and are kept once a later batch
 * reads them whole.
 */
export const WHOLE_RUNS_PER_BATCH = 4;

/**
 * Which of the runs a batch misses to read whole (and keep): `forced` ones always (auto-approval
 * touches every action), then up to WHOLE_RUNS_PER_BATCH others, but not a run that was dropped
 * before to make room and would not fit now. When the runs being decided weigh more than the bound,
 * reading such a run whole would push out the run the next batch needs, which would then be read
 * whole and push out the next: every batch reading thousands of rows (50 runs of 1,000 actions
 * against 50,000 kept rows made each command cost half as much again). Those runs have their
 * named actions read instead, an index lookup each, while the runs that fit stay kept.
 */
export function runsToReadWhole(kept: KeptRows<unknown>, missing: readonly string[], forced: readonly string[] = []): Set<string> {
  const whole = new Set<string>();
  let room = kept.room();
  let chosen = 0;
  for (const id of missing) {
    if (forced.includes(id)) {
      whole.add(id);
      continue;
    }
    if (chosen === WHOLE_RUNS_PER_BATCH) continue;
    const weight = kept.droppedWeight(id);
    if (weight !== undefined && weight > room) continue;
    whole.add(id);
    chosen++;
    room -= weight ?? 0;
  }
  return whole;
}

/**
 * Reads, in one statement with the checkpoint's stamp (`read`), what the batch's runs that are not
 * kept need. When another writer touched the tables since the kept rows were read (a retry, a swap:
 * the stamp moved), forgets them and reads all the batch's runs. Every run kept: null. No checkpoint
 * row: undefined (the transaction's compare-and-set then reports it).
 */
export async function readRunsNotKept<Read extends { stamp: string | undefined }>(
  kept: KeptRows<unknown>,
  runIds: readonly string[],
  read: (ids: readonly string[]) => Promise<Read>,
): Promise<Read | null | undefined> {
  const missing = runIds.filter((id) => kept.get(id) === undefined);
  if (missing.length === 0) return null;
  let result = await read(missing);
  if (kept.size > 0 && result.stamp !== kept.stamp) {
    kept.clear();
    result = await read(runIds);
  }
  if (result.stamp === undefined) return undefined;
  kept.stamp = result.stamp;
  return result;
}

/**
 * After a batch's fold: keeps its runs that were kept already or read whole, each with its row as
 * folded, the actions it had (kept, or `readWith` it when read whole), and the actions the batch
 * changed (a run just requested has no actions but those its plan made).
 */
export function keepRuns<Run, Action extends { run_id: string; action_id: string }>(
  kept: KeptRows<KeptRun<Run, Action>>,
  runIds: readonly string[],
  folded: (runId: string) => Run | undefined,
  readWith: (runId: string) => Map<string, Action> | undefined,
  changed: Iterable<Action>,
): void {
  const entries = new Map<string, KeptRun<Run, Action>>();
  for (const id of runIds) {
    const run = folded(id);
    const actions = kept.get(id)?.actions ?? readWith(id);
    if (run && actions) entries.set(id, { run, actions });
  }
  for (const action of changed) entries.get(action.run_id)?.actions.set(action.action_id, action);
  for (const [id, entry] of entries) kept.set(id, entry, 1 + entry.actions.size);
}
