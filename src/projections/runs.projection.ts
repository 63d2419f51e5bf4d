// runs: one row per run and one per planned action, from the run streams.
// A batch loads the rows it touches, folds the events past each row's revision in memory (RunRows,
// run-rows.ts: the rules, shared with the views computed without the read model), then writes one
// multi-row upsert per table (revision-guarded), so replays change nothing. Live (prepareBatch), a
// batch is ONE statement, its rows with the checkpoint (batch-statement.ts), folded from the runs the
// leader keeps whole; a run it does not keep costs one read before, of the run, all its actions and
// the checkpoint's stamp. The statement writes only if the stamp has not moved. In it, the action
// rows the table holds are updated in their changing columns alone (a decision, an execution: an
// UPDATE in place, HOT since migration 0940), and only new ones are inserted whole.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../adapters/event-store.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import { CHECKPOINT_TABLE } from './checkpoints.js';
import { ACTION_CHANGING_COLUMNS, RUN_CHANGING_COLUMNS, RunRows } from './run-rows.js';
import { upsertForward } from './upsert.js';
import type { KeptRows } from './kept-rows.js';
import { keepRuns, readRunsNotKept, runsToReadWhole, type KeptRun as KeptRunOf } from './kept-runs.js';
import { namedRaw } from './named-statements.js';
import type { BatchContext, BatchWrites, Projection } from './projection.js';
import type { RunActionRow as ActionRow, RunRow } from './runs.schema.js';

/**
 * The rows a batch touches: its runs, and only the actions its events name (all of a run's actions
 * only when auto-approval touches every proposed one). Loading every action of every run in the
 * batch made large runs cost O(actions) per command.
 */
function rowsWanted(events: readonly RecordedEvent[]): { runIds: string[]; wholeRuns: string[]; pairs: [string, string][] } {
  const runIds = new Set<string>();
  const wholeRuns = new Set<string>();
  const pairs: [string, string][] = [];
  for (const e of events) {
    const runId = idOfStream('run', e.streamName);
    if (!runId) continue;
    runIds.add(runId);
    const data = e.data as { action_id?: unknown; auto_approve?: unknown };
    if (e.type === 'RunExecutionStarted' && data.auto_approve === true) wholeRuns.add(runId);
    else if (typeof data.action_id === 'string') pairs.push([runId, data.action_id]);
  }
  return { runIds: [...runIds], wholeRuns: [...wholeRuns], pairs: pairs.filter(([runId]) => !wholeRuns.has(runId)) };
}

/**
 * The actions of whole runs (first parameter), then the named pairs (two arrays, whatever the batch's
 * size, not one bind parameter per id), each an index lookup. The two are a UNION ALL, the pairs a
 * lateral join: written as `run_id = ANY (…) OR (run_id, action_id) IN (…)` PostgreSQL scanned the
 * whole table on every load, and the time grew with every action ever planned. Callers never name a
 * pair of a whole run.
 */
export const ACTIONS_OF_SQL = `SELECT * FROM run_actions WHERE run_id = ANY (?::text[])
     UNION ALL
     SELECT named.* FROM unnest(?::text[], ?::text[]) AS p (run_id, action_id)
       CROSS JOIN LATERAL (SELECT * FROM run_actions x WHERE x.run_id = p.run_id AND x.action_id = p.action_id) named`;

function keep(batch: RunRows, runs: readonly RunRow[], actions: readonly ActionRow[]): void {
  for (const r of runs) batch.runs.set(r.run_id, { ...r, revision: String(r.revision) });
  for (const a of actions) batch.actions.set(`${a.run_id}\u0000${a.action_id}`, { ...a, revision: String(a.revision) });
}

/** In the batch transaction: the runs locked (a parked event's retry may write them too), then the actions. */
async function loadRows(trx: Knex.Transaction, batch: RunRows, events: readonly RecordedEvent[]): Promise<void> {
  const { runIds, wholeRuns, pairs } = rowsWanted(events);
  const { rows: runs } = await trx.raw<{ rows: RunRow[] }>('SELECT * FROM runs WHERE run_id = ANY (?::text[]) FOR UPDATE', [runIds]);
  let actions: ActionRow[] = [];
  if (wholeRuns.length > 0 || pairs.length > 0) {
    ({ rows: actions } = await trx.raw<{ rows: ActionRow[] }>(ACTIONS_OF_SQL, [
      wholeRuns,
      pairs.map(([runId]) => runId),
      pairs.map(([, actionId]) => actionId),
    ]));
  }
  keep(batch, runs, actions);
}

type KeptRun = KeptRunOf<RunRow, ActionRow>;

/**
 * Outside a transaction, ONE statement: the runs, all the actions of those read whole (the first few,
 * and any that auto-approval touches whole) and the named ones of the others, and the checkpoint's
 * stamp, from one snapshot. Rows travel as JSON (one result shape for three tables): what the fold
 * reads of them (statuses, counters, revisions) survives it, and they go back as JSON (upsert.ts).
 */
async function loadRuns(
  db: Knex,
  kept: KeptRows<unknown>,
  missing: readonly string[],
  wanted: ReturnType<typeof rowsWanted>,
  checkpoint: string,
): Promise<{ runs: Map<string, KeptRun>; whole: Set<string>; stamp: string | undefined }> {
  const whole = runsToReadWhole(kept, missing, wanted.wholeRuns);
  const named = wanted.pairs.filter(([runId]) => missing.includes(runId) && !whole.has(runId));
  const { rows } = await namedRaw<{ rows: { k: 'r' | 'a' | 's'; v: unknown }[] }>(
    db,
    `SELECT 'r' AS k, to_jsonb(r) AS v FROM runs r WHERE run_id = ANY (?::text[])
     UNION ALL
     SELECT 'a', to_jsonb(a) FROM (${ACTIONS_OF_SQL}) a
     UNION ALL
     SELECT 's', to_jsonb(updated_at::text) FROM ${CHECKPOINT_TABLE} WHERE name = ?`,
    [[...missing], [...whole], named.map(([runId]) => runId), named.map(([, actionId]) => actionId), checkpoint],
  );
  let stamp: string | undefined;
  const runs = new Map<string, KeptRun>();
  const actions: ActionRow[] = [];
  for (const { k, v } of rows) {
    if (k === 'r') {
      const run = v as RunRow;
      runs.set(run.run_id, { run: { ...run, revision: String(run.revision) }, actions: new Map() });
    } else if (k === 'a') actions.push(v as ActionRow);
    else stamp = v as string;
  }
  for (const a of actions) runs.get(a.run_id)?.actions.set(a.action_id, { ...a, revision: String(a.revision) });
  // A run not in the table has no actions there either: what the fold makes of it is all of it.
  for (const id of missing) if (!runs.has(id)) whole.add(id);
  return { runs, whole, stamp };
}

/**
 * The live batch: its runs from the kept ones, the others loaded in one statement, folded, and the
 * touched rows as data. A run is kept whole, so a decision on any of its actions needs no read; a
 * run's actions are read all at once, by the first batch that touches it (a few runs per batch).
 */
async function prepareRunsBatch(ctx: BatchContext, events: readonly RecordedEvent[]): Promise<BatchWrites | undefined> {
  const kept = ctx.kept as KeptRows<KeptRun>;
  const wanted = rowsWanted(events);
  const { runIds, wholeRuns, pairs } = wanted;
  const read = await readRunsNotKept(kept, runIds, (ids) => loadRuns(ctx.db, kept, ids, wanted, ctx.checkpoint));
  if (read === undefined) return undefined;
  const loaded = read?.runs ?? new Map<string, KeptRun>();
  const whole = read?.whole ?? new Set<string>();
  // The fold sees the actions the events name (all of a run's only for auto-approval), as apply's
  // read gives them: copying every kept action of every run would cost O(actions) per batch.
  const batch = new RunRows();
  for (const id of runIds) {
    const run = kept.get(id) ?? loaded.get(id);
    if (!run) continue;
    batch.runs.set(id, run.run);
    if (wholeRuns.includes(id)) for (const [actionId, action] of run.actions) batch.actions.set(`${id}\u0000${actionId}`, action);
  }
  for (const [runId, actionId] of pairs) {
    const action = (kept.get(runId) ?? loaded.get(runId))?.actions.get(actionId);
    if (action) batch.actions.set(`${runId}\u0000${actionId}`, action);
  }
  const { runs, actions } = fold(batch, events);
  keepRuns(
    kept,
    runIds,
    (id) => batch.runs.get(id),
    (id) => (whole.has(id) ? (loaded.get(id)?.actions ?? new Map<string, ActionRow>()) : undefined),
    actions,
  );
  if (kept.stamp === undefined) return undefined;
  const [newRuns, heldRunRows] = split(runs, (r) => !batch.createdRuns.has(r.run_id));
  const [newActions, heldActionRows] = split(actions, (a) => !batch.createdActions.has(`${a.run_id}\u0000${a.action_id}`));
  // The rows the table holds: their changing columns alone, an UPDATE in place (HOT for both: no
  // index covers those columns of run_actions, nor, but for status, of runs). New rows whole.
  return {
    stamp: kept.stamp,
    writes: [
      { table: 'runs', key: ['run_id'], rows: newRuns, onConflict: 'forward' },
      { table: 'runs', key: ['run_id'], rows: heldRunRows.map((r) => pick(r, ['run_id', ...RUN_CHANGING_COLUMNS])), onConflict: 'existing' },
      { table: 'run_actions', key: ['run_id', 'action_id'], rows: newActions, onConflict: 'forward' },
      {
        table: 'run_actions',
        key: ['run_id', 'action_id'],
        rows: heldActionRows.map((a) => pick(a, ['run_id', 'action_id', ...ACTION_CHANGING_COLUMNS])),
        onConflict: 'existing',
      },
    ],
  };
}

function fold(batch: RunRows, events: readonly RecordedEvent[]): { runs: RunRow[]; actions: ActionRow[] } {
  for (const event of events) batch.apply(event);
  return {
    runs: [...batch.touchedRuns].map((id) => batch.runs.get(id)!),
    actions: [...batch.touchedActions].map((k) => batch.actions.get(k)!),
  };
}

/** The rows the fold made, then those the table holds (the batch was given them, loaded or kept). */
function split<T>(rows: readonly T[], held: (row: T) => boolean): [T[], T[]] {
  const made: T[] = [];
  const heldRows: T[] = [];
  for (const row of rows) (held(row) ? heldRows : made).push(row);
  return [made, heldRows];
}

function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = row[k];
  return out;
}

const hasRun = (events: readonly RecordedEvent[]) => events.some((e) => idOfStream('run', e.streamName) !== undefined);

export const runsProjection: Projection = {
  name: 'runs',
  // 2: cancelled runs, approved count over the run's life, cycles_run from the plan.
  version: 2,
  tables: ['runs', 'run_actions'],
  filter: { streamPrefixes: [streamCategories.run] },
  async apply(trx, events) {
    if (!hasRun(events)) return;
    const batch = new RunRows();
    await loadRows(trx, batch, events);
    const { runs, actions } = fold(batch, events);
    await upsertForward(trx, 'runs', ['run_id'], runs);
    await upsertForward(trx, 'run_actions', ['run_id', 'action_id'], actions);
  },
  prepareBatch: prepareRunsBatch,
};
