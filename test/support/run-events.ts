// Realistic run streams for tests and benchmarks: the events the run decider itself produces for a
// request, a plan and any further commands — never hand-written event shapes.
import type { EventMetadata, EventToAppend } from '../../src/adapters/event-store.js';
import { fold } from '../../src/domain/decider.js';
import type { OrgSettings } from '../../src/domain/org.events.js';
import { runDecider, type RunCommand } from '../../src/domain/run.decider.js';
import type { RunEvent, RunFlow } from '../../src/domain/run.events.js';

export interface RunSeed {
  runId: string;
  orgId: string;
  projectKey?: string;
  /** Item keys of the planned actions (one label action each); default three items. */
  items?: string[];
  flow?: RunFlow;
  settings?: Partial<OrgSettings>;
  now?: Date;
}

/** The events of a run requested and planned, then of `commands` in order. */
export function runEvents(seed: RunSeed, ...commands: RunCommand[]): RunEvent[] {
  const now = seed.now ?? new Date();
  const project = seed.projectKey ?? 'ENG';
  const items = seed.items ?? [1, 2, 3].map((i) => `${project}-${i}`);
  const all: RunCommand[] = [
    {
      type: 'RequestRun',
      request: {
        run_id: seed.runId,
        org_id: seed.orgId,
        board_type: 'jira',
        project_key: project,
        cycles: ['T'],
        dry_run: false,
        flow: seed.flow ?? 'approval',
        settings: { write_mode: 'approval', action_cap: 1000, confirmation_threshold: 1000, ...seed.settings },
        requested_by: 'ada',
        at: now.toISOString(),
      },
    },
    {
      type: 'RecordPlan',
      drafts: items.map((item) => ({ cycle: 'T' as const, kind: 'label' as const, item_key: item, params: { label: 'needs-triage' }, reason: 'missing a priority' })),
      itemsRead: items.length,
      now,
    },
    ...commands,
  ];
  const events: RunEvent[] = [];
  for (const c of all) events.push(...runDecider.decide(c, fold(runDecider, events)));
  return events;
}

/** The events ready to append, with metadata naming the organization. */
export function toAppend(events: RunEvent[], orgId: string): EventToAppend[] {
  const metadata: EventMetadata = { org_id: orgId, user_id: 'ada', correlation_id: 'seed', causation_id: 'seed' };
  return events.map((e) => ({ type: e.type, data: e.data, metadata }));
}
