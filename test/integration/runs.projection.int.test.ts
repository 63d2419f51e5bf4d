// The runs read model on a real database, every event delivered once and twice (same rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { fold } from '../../src/domain/decider.js';
import { orgConfigProjection } from '../../src/projections/org-config.projection.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { runsProjection } from '../../src/projections/runs.projection.js';
import { runDecider, type RunCommand } from '../../src/domain/run.decider.js';
import type { RunEvent } from '../../src/domain/run.events.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { expectIdempotentProjection, recordedEvents, type EventInput } from '../support/projection-spec.js';

let db: Database;
beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('runs_projection'), poolSize: 4 });
  await runMigrations(db.knex, readModelMigrations);
});
afterAll(async () => db?.close());

const now = new Date('2026-11-22T10:00:00Z');

function runEvents(runId: string, settings: { write_mode: 'approval' | 'auto' | 'dry_run'; action_cap: number }, ...commands: RunCommand[]): EventInput[] {
  const events: RunEvent[] = [];
  const all: RunCommand[] = [
    {
      type: 'RequestRun',
      request: {
        run_id: runId,
        org_id: 'org_p',
        board_type: 'jira',
        project_key: 'ENG',
        cycles: ['T', 'S'],
        dry_run: false,
        flow: 'trigger',
        settings: { ...settings, confirmation_threshold: 10 },
        requested_by: 'ada',
        at: now.toISOString(),
      },
    },
    {
      type: 'RecordPlan',
      drafts: [1, 2, 3].map((i) => ({ cycle: 'T' as const, kind: 'label' as const, item_key: `ENG-${i}`, params: { label: 'x' }, reason: 'r' })),
      itemsRead: 7,
      now,
    },
    ...commands,
  ];
  for (const c of all) events.push(...runDecider.decide(c, fold(runDecider, events)));
  return events.map((e) => ({ stream: `run-${runId}`, type: e.type, data: e.data }));
}

describe('runs projection', () => {
  it('builds runs and actions idempotently, interleaving runs', async () => {
    const approval = runEvents(
      'r-approval',
      { write_mode: 'approval', action_cap: 2 },
      { type: 'ApproveAction', actionId: 'act-1', by: 'bo', now },
      { type: 'RejectAction', actionId: 'act-2', by: 'bo', reason: 'no', now },
      { type: 'StartActionExecution', actionId: 'act-1', now },
      { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now },
    );
    const auto = runEvents(
      'r-auto',
      { write_mode: 'auto', action_cap: 25 },
      { type: 'StartActionExecution', actionId: 'act-1', now },
      { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'failed', error: 'boom', now },
    );
    const inputs: EventInput[] = [];
    for (let i = 0; i < Math.max(approval.length, auto.length); i++) {
      if (approval[i]) inputs.push(approval[i]!);
      if (auto[i]) inputs.push(auto[i]!);
    }
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: runsProjection, events: recordedEvents(inputs) });
    const runs = Object.fromEntries(rows.runs!.map((r) => [r.run_id, r]));
    expect(runs['r-approval']).toMatchObject({
      status: 'completed',
      planned_actions_count: 3,
      executed_actions_count: 1,
      rejected_actions_count: 1,
      skipped_actions_count: 1,
      // Approved over the run's life: act-1 was approved, then executed.
      approved_actions_count: 1,
      pending_actions_count: 0,
      items_read: 7,
      cycles_run: ['T', 'S'],
    });
    expect(runs['r-auto']).toMatchObject({ status: 'executing', planned_actions_count: 3, failed_actions_count: 1, approved_actions_count: 3 });
    // The CSV export's text of the two times (read-side.md, "The runs' times as text").
    const iso = (d: unknown) => (d === null ? null : new Date(d as string).toISOString());
    for (const r of rows.runs!) {
      expect([r.created_at_iso, r.completed_at_iso]).toEqual([iso(r.created_at), iso(r.completed_at)]);
    }
    expect(runs['r-approval']!.completed_at_iso).toMatch(/Z$/);
    expect(runs['r-auto']!.completed_at_iso).toBeNull();
    const actions = rows.run_actions!.filter((a) => a.run_id === 'r-approval').map((a) => [a.action_id, a.status, a.decided_by]);
    expect(actions).toEqual([
      ['act-1', 'executed', 'bo'],
      ['act-2', 'rejected', 'bo'],
      ['act-3', 'skipped', null],
    ]);
  });

  it('records a cancelled run, and no cycles for a run that failed while planning', async () => {
    const cancelled = runEvents(
      'r-cancel',
      { write_mode: 'auto', action_cap: 25 },
      { type: 'StartActionExecution', actionId: 'act-1', now },
      { type: 'CancelRun', by: 'bo', reason: 'stop', now },
      { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now },
    );
    const failedEvents: RunEvent[] = [];
    for (const c of [
      runEvents('r-failed', { write_mode: 'approval', action_cap: 25 })[0]!,
    ]) failedEvents.push({ type: c.type, data: c.data } as RunEvent);
    failedEvents.push(...runDecider.decide({ type: 'FailRun', error: 'board unreachable', now }, fold(runDecider, failedEvents)));
    const failed = failedEvents.map((e) => ({ stream: 'run-r-failed', type: e.type, data: e.data }));
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: runsProjection, events: recordedEvents([...cancelled, ...failed]) });
    const runs = Object.fromEntries(rows.runs!.map((r) => [r.run_id, r]));
    expect(runs['r-cancel']).toMatchObject({ status: 'cancelled', error: 'stop', executed_actions_count: 1, skipped_actions_count: 2, approved_actions_count: 1, cycles_run: ['T', 'S'] });
    expect(runs['r-cancel']!.completed_at).not.toBeNull();
    expect(runs['r-failed']).toMatchObject({ status: 'failed', cycles_run: [], error: 'board unreachable' });
  });

  it('keeps org settings, schedules and flags idempotently', async () => {
    const at = now.toISOString();
    const rows = await expectIdempotentProjection({
      knex: db.knex,
      projection: orgConfigProjection,
      events: recordedEvents([
        { stream: 'org-a', type: 'OrgSettingsChanged', data: { settings: { write_mode: 'auto', action_cap: 3, confirmation_threshold: 1 }, changed: ['write_mode'], at } },
        { stream: 'org-a', type: 'FeatureFlagChanged', data: { name: 'cycle_p', enabled: true, at } },
        { stream: 'org-b', type: 'OrgSettingsChanged', data: { settings: { write_mode: 'dry_run', action_cap: 9, confirmation_threshold: 2 }, changed: ['write_mode'], at } },
        { stream: 'org-a', type: 'OrgSettingsChanged', data: { settings: { write_mode: 'approval', action_cap: 3, confirmation_threshold: 1 }, changed: ['write_mode'], at } },
        { stream: 'org-a', type: 'FeatureFlagChanged', data: { name: 'cycle_p', enabled: false, at } },
      ]),
    });
    expect(rows.org_settings!.map((r) => [r.org_id, r.write_mode])).toEqual([
      ['a', 'approval'],
      ['b', 'dry_run'],
    ]);
    expect(rows.feature_flags!.map((r) => [r.org_id, r.name, r.enabled])).toEqual([['a', 'cycle_p', false]]);
  });
});
