// runs: one row per run and one per planned action, from the run streams.
// A batch loads the rows it touches, folds the events past each row's revision in memory (RunRows,
// run-rows.ts: the rules, shared with the views computed without the read model), then writes one
// multi-row upsert per table (revision-guarded), so replays change nothing.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../adapters/event-store.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import { RunRows } from './run-rows.js';
import { upsertForward } from './upsert.js';
import type { Projection } from './projection.js';
import type { RunActionRow as ActionRow, RunRow } from './runs.schema.js';

/**
 * Loads the rows a batch touches: its runs, and only the actions its events name (all of a run's
 * actions only when auto-approval touches every proposed one). Loading every action of every run
 * in the batch made large runs cost O(actions) per command.
 */
async function loadRows(trx: Knex.Transaction, batch: RunRows, events: readonly RecordedEvent[], runIds: string[]): Promise<void> {
  const { rows: runs } = await trx.raw<{ rows: RunRow[] }>('SELECT * FROM runs WHERE run_id = ANY (?::text[]) FOR UPDATE', [runIds]);
  for (const r of runs) batch.runs.set(r.run_id, { ...r, revision: String(r.revision) });
  const wholeRuns = new Set<string>();
  const pairs: [string, string][] = [];
  for (const e of events) {
    const runId = idOfStream('run', e.streamName);
    if (!runId) continue;
    const data = e.data as { action_id?: unknown; auto_approve?: unknown };
    if (e.type === 'RunExecutionStarted' && data.auto_approve === true) wholeRuns.add(runId);
    else if (typeof data.action_id === 'string') pairs.push([runId, data.action_id]);
  }
  const wanted = pairs.filter(([runId]) => !wholeRuns.has(runId));
  if (wholeRuns.size === 0 && wanted.length === 0) return;
  // Two array parameters, whatever the batch's size (not one bind parameter per id).
  const { rows: actions } = await trx.raw<{ rows: ActionRow[] }>(
    `SELECT * FROM run_actions
      WHERE run_id = ANY (?::text[])
         OR (run_id, action_id) IN (SELECT * FROM unnest(?::text[], ?::text[]))`,
    [[...wholeRuns], wanted.map(([runId]) => runId), wanted.map(([, actionId]) => actionId)],
  );
  for (const a of actions) batch.actions.set(`${a.run_id}\u0000${a.action_id}`, { ...a, revision: String(a.revision) });
}

export const runsProjection: Projection = {
  name: 'runs',
  // 2: cancelled runs, approved count over the run's life, cycles_run from the plan.
  version: 2,
  tables: ['runs', 'run_actions'],
  filter: { streamPrefixes: [streamCategories.run] },
  async apply(trx, events) {
    const runIds = [...new Set(events.map((e) => idOfStream('run', e.streamName)).filter((id): id is string => id !== undefined))];
    if (runIds.length === 0) return;
    const batch = new RunRows();
    await loadRows(trx, batch, events, runIds);
    for (const event of events) batch.apply(event);
    await upsertForward(trx, 'runs', ['run_id'], [...batch.touchedRuns].map((id) => batch.runs.get(id)!));
    const actions = [...batch.touchedActions].map((k) => batch.actions.get(k)!);
    await upsertForward(trx, 'run_actions', ['run_id', 'action_id'], actions);
  },
};
