// run_metrics: the time facts behind GET /api/metrics, from the run streams. One row per run (when
// it was requested, and how and when it ended) and one per planned action (when it was planned,
// executed, failed, skipped). Times are the events' own `at` (the decider's clock), so "planned →
// decided" is measured between the two events and not between projector runs. People's decisions
// are not here: the runs read model keeps them (run_actions: decision, decided_by, decided_at), and
// the metrics count them there. A decision is most of what a run's stream receives, and writing it
// twice, once per read model, was a sixth of a command's cost: a batch of decisions only moves the
// checkpoint here. (The filter still takes every run event rather than naming the types read: a
// type filter would not wake this projection for a decision, and GET /api/metrics, which waits for
// it to pass the caller's last write, would wait for the next event it reads.)
//
// Idempotency: the run row's revision is the stream's watermark. Events of one stream arrive in
// revision order, so an event at or below it was applied already and is skipped; the action rows
// are written with the revision of the event that last changed them (revision-guarded upserts).
// Kept apart from the `runs` read model so that it can change (and be rebuilt) on its own.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../adapters/event-store.js';
import type { RunEvent } from '../domain/run.events.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import type { KeptRows } from './kept-rows.js';
import { keepRuns, readRunsNotKept, runsToReadWhole, type KeptRun as KeptRunOf } from './kept-runs.js';
import { namedRaw } from './named-statements.js';
import type { BatchContext, BatchWrites, Projection } from './projection.js';
import { CHECKPOINT_TABLE } from './checkpoints.js';
import { upsertForward } from './upsert.js';

interface RunRow {
  run_id: string;
  org_id: string;
  board_type: string;
  project_key: string;
  requested_at: Date;
  planned_at: Date | null;
  /** completed | failed | rejected | cancelled, once the run ended. */
  outcome: RunOutcome | null;
  ended_at: Date | null;
  revision: string;
}

type RunOutcome = 'completed' | 'failed' | 'rejected' | 'cancelled';
const outcomeOf: Partial<Record<RunEvent['type'], RunOutcome>> = { RunCompleted: 'completed', RunFailed: 'failed', RunRejected: 'rejected', RunCancelled: 'cancelled' };

/** The run events that change these rows: no decision (ActionApproved, ActionRejected), no log line. */
const FACT_TYPES: ReadonlySet<string> = new Set<RunEvent['type']>(['RunRequested', 'RunPlanned', 'ActionExecuted', 'ActionFailed', 'ActionSkipped', 'RunCompleted', 'RunFailed', 'RunRejected', 'RunCancelled']);
const factsOf = (events: readonly RecordedEvent[]) => events.filter((e) => FACT_TYPES.has(e.type));

interface ActionRow {
  run_id: string;
  action_id: string;
  org_id: string;
  board_type: string;
  project_key: string;
  planned_at: Date;
  executed_at: Date | null;
  failed_at: Date | null;
  skipped_at: Date | null;
  revision: string;
}

const key = (runId: string, actionId: string) => `${runId}\u0000${actionId}`;

/** The rows a batch reads: its runs, and the actions its events name. */
function wanted(events: readonly RecordedEvent[]): { runIds: string[]; pairs: [string, string][] } {
  const runIds = new Set<string>();
  const pairs: [string, string][] = [];
  for (const e of events) {
    const runId = idOfStream('run', e.streamName);
    if (!runId) continue;
    runIds.add(runId);
    const actionId = (e.data as { action_id?: unknown }).action_id;
    if (typeof actionId === 'string') pairs.push([runId, actionId]);
  }
  return { runIds: [...runIds], pairs };
}

interface Rows {
  runs: Map<string, RunRow>;
  actions: Map<string, ActionRow>;
}

/**
 * A batch's rows in ONE statement: its runs, every action of the runs read whole, the named actions
 * of the others (a lateral join: one index lookup per pair, whatever the table's size), and the
 * checkpoint's stamp from the same snapshot (live; the batch statement writes only if the stamp has
 * not moved). Rows travel as JSON; the fold only sets their dates, and they go back as JSON
 * (upsert.ts).
 */
export const LOAD_SQL = `SELECT 'r' AS k, to_jsonb(r) AS v FROM metric_runs r WHERE run_id = ANY (?::text[])
     UNION ALL
     SELECT 'a', to_jsonb(a) FROM metric_actions a WHERE run_id = ANY (?::text[])
     UNION ALL
     SELECT 'a', to_jsonb(a) FROM unnest(?::text[], ?::text[]) AS p (run_id, action_id)
       CROSS JOIN LATERAL (SELECT * FROM metric_actions m WHERE m.run_id = p.run_id AND m.action_id = p.action_id) a
     UNION ALL
     SELECT 's', to_jsonb(updated_at::text) FROM ${CHECKPOINT_TABLE} WHERE name = ?`;

/** Never names a pair of a run read whole. */
async function load(db: Knex, runIds: readonly string[], whole: readonly string[], pairs: readonly [string, string][], checkpoint?: string): Promise<Rows & { stamp: string | undefined }> {
  const { rows } = await namedRaw<{ rows: { k: 'r' | 'a' | 's'; v: unknown }[] }>(db, LOAD_SQL, [
    [...runIds],
    [...whole],
    pairs.map(([runId]) => runId),
    pairs.map(([, actionId]) => actionId),
    checkpoint ?? null,
  ]);
  const runs = new Map<string, RunRow>();
  const actions = new Map<string, ActionRow>();
  let stamp: string | undefined;
  for (const { k, v } of rows) {
    if (k === 'r') {
      const r = v as RunRow;
      runs.set(r.run_id, { ...r, revision: String(r.revision) });
    } else if (k === 'a') {
      const a = v as ActionRow;
      actions.set(key(a.run_id, a.action_id), { ...a, revision: String(a.revision) });
    } else stamp = v as string;
  }
  return { runs, actions, stamp };
}

type KeptRun = KeptRunOf<RunRow, ActionRow>;

/**
 * The live batch: the runs it keeps need no read (a decision is one row of a run read whole before);
 * the others are read in one statement, a few of them whole and then kept (kept-runs.ts). The fold
 * changes the rows in place, kept ones included: the batch loop drops everything kept unless the
 * statement was written.
 */
async function prepareMetricsBatch(ctx: BatchContext, batch: readonly RecordedEvent[]): Promise<BatchWrites | undefined> {
  const kept = ctx.kept as KeptRows<KeptRun>;
  const events = factsOf(batch);
  // Decisions only (most batches under load): the checkpoint moves, on the kept rows' stamp.
  if (events.length === 0) return { writes: [], ...(kept.stamp !== undefined ? { stamp: kept.stamp } : {}) };
  const { runIds, pairs } = wanted(events);
  const read = await readRunsNotKept(kept, runIds, async (ids) => {
    const whole = [...runsToReadWhole(kept, ids)];
    const named = pairs.filter(([runId]) => ids.includes(runId) && !whole.includes(runId));
    return { whole, ...(await load(ctx.db, ids, whole, named, ctx.checkpoint)) };
  });
  if (read === undefined) return undefined;
  const rows: Rows = { runs: read?.runs ?? new Map<string, RunRow>(), actions: read?.actions ?? new Map<string, ActionRow>() };
  // The actions read with each run read whole; a run not in the table has none there either: what
  // the fold makes of it is all of it.
  const readWith = new Map<string, Map<string, ActionRow>>();
  if (read) {
    for (const id of read.whole) readWith.set(id, new Map());
    for (const id of runIds) if (kept.get(id) === undefined && !read.runs.has(id)) readWith.set(id, new Map());
    for (const action of read.actions.values()) readWith.get(action.run_id)?.set(action.action_id, action);
  }
  for (const id of runIds) {
    const known = kept.get(id);
    if (known) rows.runs.set(id, known.run);
  }
  for (const [runId, actionId] of pairs) {
    const action = kept.get(runId)?.actions.get(actionId);
    if (action) rows.actions.set(key(runId, actionId), action);
  }
  const { runs, actions } = fold(rows, events);
  keepRuns(kept, runIds, (id) => rows.runs.get(id), (id) => readWith.get(id), actions);
  if (kept.stamp === undefined) return undefined;
  return {
    stamp: kept.stamp,
    writes: [
      { table: 'metric_runs', key: ['run_id'], rows: runs, onConflict: 'forward' },
      { table: 'metric_actions', key: ['run_id', 'action_id'], rows: actions, onConflict: 'forward' },
    ],
  };
}

export const runMetricsProjection: Projection = {
  name: 'run_metrics',
  // 2: how and when each run ended (outcome, ended_at). Decisions left for the runs read model
  // without a bump: the columns went (migration 0931), and what stays is computed as before.
  version: 2,
  tables: ['metric_runs', 'metric_actions'],
  filter: { streamPrefixes: [streamCategories.run] },
  // Only GET /api/metrics waits for it, after the caller's own write: batches every 25 ms under load.
  liveReadIntervalMs: 25,
  async apply(trx, batch) {
    const events = factsOf(batch);
    const { runIds, pairs } = wanted(events);
    const { runs, actions } = fold(await load(trx, runIds, [], pairs), events);
    await upsertForward(trx, 'metric_runs', ['run_id'], runs);
    await upsertForward(trx, 'metric_actions', ['run_id', 'action_id'], actions);
  },
  // Live: the rows and the checkpoint in one statement (batch-statement.ts), after one read at most.
  prepareBatch: prepareMetricsBatch,
};

/** Applies the events to the rows read for them; returns the rows they changed. */
function fold({ runs, actions }: Rows, events: readonly RecordedEvent[]): { runs: RunRow[]; actions: ActionRow[] } {
    const touchedRuns = new Set<string>();
    const touchedActions = new Set<string>();
    for (const recorded of events) {
      const runId = idOfStream('run', recorded.streamName);
      if (!runId) continue;
      const event = { type: recorded.type, data: recorded.data } as RunEvent;
      const revision = recorded.revision.toString();
      let run = runs.get(runId);
      if (run && BigInt(run.revision) >= recorded.revision) continue; // applied already
      if (event.type === 'RunRequested') {
        const r = event.data;
        run = { run_id: runId, org_id: r.org_id, board_type: r.board_type, project_key: r.project_key, requested_at: new Date(r.at), planned_at: null, outcome: null, ended_at: null, revision };
        runs.set(runId, run);
        touchedRuns.add(runId);
        continue;
      }
      if (!run) continue; // a run whose request we never saw
      run.revision = revision;
      touchedRuns.add(runId);
      const at = new Date(event.data.at);
      if (event.type === 'RunPlanned') {
        run.planned_at = at;
        for (const a of event.data.actions) {
          actions.set(key(runId, a.action_id), {
            run_id: runId,
            action_id: a.action_id,
            org_id: run.org_id,
            board_type: run.board_type,
            project_key: run.project_key,
            planned_at: at,
            executed_at: null,
            failed_at: null,
            skipped_at: null,
            revision,
          });
          touchedActions.add(key(runId, a.action_id));
        }
        continue;
      }
      const outcome = outcomeOf[event.type];
      if (outcome) {
        run.outcome = outcome;
        run.ended_at = at;
        continue;
      }
      const actionId = (event.data as { action_id?: string }).action_id;
      const action = actionId === undefined ? undefined : actions.get(key(runId, actionId));
      if (!action) continue;
      switch (event.type) {
        case 'ActionExecuted':
          action.executed_at = at;
          break;
        case 'ActionFailed':
          action.failed_at = at;
          break;
        case 'ActionSkipped':
          action.skipped_at = at;
          break;
        default:
          continue; // factsOf passes no other type
      }
      action.revision = revision;
      touchedActions.add(key(runId, action.action_id));
    }
    return { runs: [...touchedRuns].map((id) => runs.get(id)!), actions: [...touchedActions].map((k) => actions.get(k)!) };
}
