// For auditors: a run's stream as recorded, and the run as it was at a past point, folded from the
// stream (never from the read model, which only knows the present).
import type { EventStore, RecordedEvent } from '../adapters/event-store.js';
import { StreamNotFoundError } from '../adapters/event-store.js';
import { runDecider, type RunState } from '../domain/run.decider.js';
import type { RunEvent } from '../domain/run.events.js';
import { runStreamId } from '../domain/streams.js';
import type { RunView } from './runs.query.js';

export interface HistoryEntry {
  revision: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created: string;
}

async function readRun(store: EventStore, orgId: string, runId: string): Promise<RecordedEvent[] | undefined> {
  const events: RecordedEvent[] = [];
  try {
    for await (const e of store.readStream(runStreamId(runId))) events.push(e);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return undefined;
    throw err;
  }
  // Another organization's run does not exist for this caller.
  const first = events[0];
  if (!first || (first.data as { org_id?: unknown }).org_id !== orgId) return undefined;
  return events;
}

/** One recorded event as auditors see it, over HTTP and in `sprintguard audit run`: bigints as strings. */
export function toHistoryEntry(e: RecordedEvent): HistoryEntry {
  return {
    revision: e.revision.toString(),
    type: e.type,
    data: e.data,
    metadata: { ...e.metadata },
    created: e.created.toISOString(),
  };
}

export async function runHistory(store: EventStore, orgId: string, runId: string): Promise<HistoryEntry[] | undefined> {
  const events = await readRun(store, orgId, runId);
  return events?.map(toHistoryEntry);
}

/** `as_of` is an ISO time (events created at or before it) or a revision (events up to it). */
export type AsOf = { time: Date } | { revision: bigint };

export async function runAsOf(store: EventStore, orgId: string, runId: string, asOf: AsOf): Promise<RunView | undefined> {
  const events = await readRun(store, orgId, runId);
  if (!events) return undefined;
  const upTo = events.filter((e) => ('time' in asOf ? e.created.getTime() <= asOf.time.getTime() : e.revision <= asOf.revision));
  if (upTo.length === 0) return undefined;
  let state: RunState = runDecider.initialState;
  for (const e of upTo) state = runDecider.evolve(state, { type: e.type, data: e.data } as RunEvent);
  const terminal = upTo.findLast((e) => e.type === 'RunCompleted' || e.type === 'RunFailed' || e.type === 'RunRejected' || e.type === 'RunCancelled');
  const planned = upTo.find((e) => e.type === 'RunPlanned');
  const cyclesRun = planned ? ((planned.data as { cycles?: string[] }).cycles ?? state.request!.cycles) : [];
  return runViewFromState(state, { updatedAt: upTo.at(-1)!.created, completedAt: terminal?.created, itemsRead: itemsRead(upTo), error: errorOf(upTo), cyclesRun });
}

function itemsRead(events: RecordedEvent[]): number {
  const planned = events.find((e) => e.type === 'RunPlanned');
  return planned ? ((planned.data as { items_read?: number }).items_read ?? 0) : 0;
}

function errorOf(events: RecordedEvent[]): string | null {
  const last = events.findLast((e) => e.type === 'RunFailed' || e.type === 'RunRejected' || e.type === 'RunCancelled');
  if (!last) return null;
  const d = last.data as { error?: string; reason?: string };
  return d.error ?? d.reason ?? null;
}

/** The Run shape of the read model (toRunView), computed from a folded state. */
export function runViewFromState(
  state: RunState,
  times: { updatedAt: Date; completedAt: Date | undefined; itemsRead: number; error: string | null; cyclesRun?: string[] },
): RunView {
  const r = state.request!;
  const count = (status: string) => state.actions.filter((a) => a.status === status).length;
  return {
    id: r.run_id,
    board_type: r.board_type,
    project_key: r.project_key,
    status: state.status!,
    is_dry_run: r.dry_run || r.settings.write_mode === 'dry_run',
    planned_actions_count: state.actions.length,
    executed_actions_count: count('executed'),
    cycles_run: times.cyclesRun ?? r.cycles,
    flow: r.flow,
    write_mode: r.settings.write_mode,
    // Approved over the run's life: an executed (or failed, or executing) action was approved.
    approved_actions_count: count('approved') + count('executing') + count('executed') + count('failed'),
    rejected_actions_count: count('rejected'),
    failed_actions_count: count('failed'),
    skipped_actions_count: count('skipped'),
    pending_actions_count: count('proposed'),
    items_read: times.itemsRead,
    requested_by: r.requested_by,
    error: times.error,
    created_at: r.at,
    updated_at: times.updatedAt.toISOString(),
    completed_at: times.completedAt ? times.completedAt.toISOString() : null,
  };
}
