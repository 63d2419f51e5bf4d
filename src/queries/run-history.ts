// For auditors: a run's stream as recorded, and the run as it was at a past point, folded from the
// stream (never from the read model, which only knows the present).
import type { Static } from '@sinclair/typebox';
import type { EventStore, RecordedEvent } from '../adapters/event-store.js';
import { StreamNotFoundError } from '../adapters/event-store.js';
import { runDecider, runTenancy } from '../domain/run.decider.js';
import type { RunEvent } from '../domain/run.events.js';
import { runStreamId } from '../domain/streams.js';
import { belongsTo } from '../domain/tenancy.js';
import type { HistoryEntrySchema, RunView } from '../http/schemas/runs.schemas.js';
import { foldRunRows } from '../projections/run-rows.js';
import { toRunView } from './run-views.js';

export type HistoryEntry = Static<typeof HistoryEntrySchema>;

async function readRun(store: EventStore, orgId: string, runId: string): Promise<RecordedEvent[] | undefined> {
  const events: RecordedEvent[] = [];
  try {
    for await (const e of store.readStream(runStreamId(runId))) events.push(e);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return undefined;
    throw err;
  }
  // Another organization's run does not exist for this caller; the first event says whose it is.
  const first = events[0];
  if (!first || !belongsTo(runTenancy, orgId, runDecider.evolve(runDecider.initialState, { type: first.type, data: first.data } as RunEvent))) return undefined;
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
  // The row the read model held after these events, by the read model's own rules.
  const { run } = foldRunRows(upTo);
  return run ? toRunView(run) : undefined;
}
