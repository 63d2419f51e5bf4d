// run_metrics projection (every event delivered twice gives the same rows) and the metrics query
// over it and over the runs read model, which keeps people's decisions: per-day facts (run outcomes,
// a cancelled run included), approval rate and median time from plan to decision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import type { RunEvent } from '../../src/domain/run.events.js';
import { readModelMigrations } from '../../src/adapters/postgres/migrations.js';
import { runMetricsProjection } from '../../src/projections/run-metrics.projection.js';
import { runsProjection } from '../../src/projections/runs.projection.js';
import { runMetrics } from '../../src/queries/metrics.query.js';
import { KeptRows } from '../../src/projections/kept-rows.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { expectIdempotentProjection, recordedEvents } from '../support/projection-spec.js';
import { runEvents } from '../support/run-events.js';

const ORG = 'org_metrics';
const day1 = new Date('2026-03-09T23:00:00Z');
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

/** Run A (project ENG), planned late on day 1: decisions after 60, 120 and 180 s (the last on day 2), one execution fails. */
function runA(): RunEvent[] {
  return runEvents(
    { runId: 'm-a', orgId: ORG, projectKey: 'ENG', now: day1 },
    { type: 'ApproveAction', actionId: 'act-1', by: 'ada', now: at(day1, 60) },
    { type: 'RejectAction', actionId: 'act-2', by: 'ada', reason: 'no', now: at(day1, 120) },
    { type: 'ApproveAction', actionId: 'act-3', by: 'bob', now: at(day1, 3_780) },
    { type: 'StartActionExecution', actionId: 'act-1', now: at(day1, 3_800) },
    { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now: at(day1, 3_801) },
    { type: 'StartActionExecution', actionId: 'act-3', now: at(day1, 3_802) },
    { type: 'RecordActionOutcome', actionId: 'act-3', outcome: 'failed', error: 'board said no', now: at(day1, 3_803) },
  );
}

/** Run B (project OPS), auto mode on day 2: approvals without a person count as no decision. */
function runB(): RunEvent[] {
  const t = at(day1, 7_200);
  return runEvents(
    { runId: 'm-b', orgId: ORG, projectKey: 'OPS', now: t, items: ['OPS-1', 'OPS-2'], settings: { write_mode: 'auto' }, flow: 'trigger' },
    { type: 'StartActionExecution', actionId: 'act-1', now: at(t, 1) },
    { type: 'RecordActionOutcome', actionId: 'act-1', outcome: 'executed', now: at(t, 2) },
  );
}

/** Run C (project CAN), requested on day 2 and cancelled while awaiting approval (its actions skipped). */
function runC(): RunEvent[] {
  const t = at(day1, 7_300);
  return runEvents({ runId: 'm-c', orgId: ORG, projectKey: 'CAN', now: t, items: ['CAN-1', 'CAN-2'] }, { type: 'CancelRun', by: 'ada', reason: 'wrong sprint', now: at(t, 20) });
}

/** Another organization's run, which must never count. */
function runOther(): RunEvent[] {
  return runEvents({ runId: 'm-x', orgId: 'org_other', now: day1 }, { type: 'ApproveAction', actionId: 'act-1', by: 'eve', now: at(day1, 5) });
}

function interleaved() {
  const streams = [
    { stream: 'run-m-a', events: runA() },
    { stream: 'run-m-b', events: runB() },
    { stream: 'run-m-x', events: runOther() },
  ];
  const inputs: { stream: string; type: string; data: unknown }[] = [];
  for (let i = 0; streams.some((s) => i < s.events.length); i++) {
    for (const s of streams) if (i < s.events.length) inputs.push({ stream: s.stream, type: s.events[i]!.type, data: s.events[i]!.data });
  }
  return recordedEvents(inputs);
}

describe('run_metrics projection and GET /api/metrics query', () => {
  let db: Database;

  beforeAll(async () => {
    db = createDatabase({ url: await createTestDatabaseUrl('run_metrics'), poolSize: 4 });
    // The checkpoints too: the spec also writes batches as the live projector's one statement does.
    await runMigrations(db.knex, readModelMigrations);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('builds the same rows when every event is delivered twice; decisions are left to the runs read model', async () => {
    const rows = await expectIdempotentProjection({ knex: db.knex, projection: runMetricsProjection, events: interleaved() });
    expect(rows.metric_runs!.map((r) => [r.run_id, r.project_key, r.revision, r.outcome, r.ended_at])).toEqual([
      ['m-a', 'ENG', String(runA().length - 1), 'completed', at(day1, 3_803).toISOString()],
      // The watermark is the last event that changed the row: run B ends with a log line, run X with a decision.
      ['m-b', 'OPS', String(runB().length - 2), null, null],
      ['m-x', 'ENG', String(runOther().length - 5), null, null],
    ]);
    const a = rows.metric_actions!.filter((r) => r.run_id === 'm-a');
    // Each row's revision is the event that last changed it: act-2's is the plan (3), its rejection wrote nothing here.
    expect(a.map((r) => [r.action_id, r.executed_at !== null, r.failed_at !== null, r.revision])).toEqual([
      ['act-1', true, false, '13'],
      ['act-2', false, false, '3'],
      ['act-3', false, true, '16'],
    ]);
    expect(a.every((r) => r.planned_at === day1.toISOString())).toBe(true);
    expect(Object.keys(a[0]!)).not.toContain('decided_at');
    // The runs read model holds who decided, how, and the decision's own time; auto mode decides nothing.
    const runRows = await expectIdempotentProjection({ knex: db.knex, projection: runsProjection, events: interleaved() });
    const decided = runRows.run_actions!.filter((r) => r.run_id !== 'm-x').map((r) => [r.run_id, r.action_id, r.decision, r.decided_by, r.decided_at]);
    expect(decided).toEqual([
      ['m-a', 'act-1', 'approved', 'ada', at(day1, 60).toISOString()],
      ['m-a', 'act-2', 'rejected', 'ada', at(day1, 120).toISOString()],
      ['m-a', 'act-3', 'approved', 'bob', at(day1, 3_780).toISOString()],
      ['m-b', 'act-1', null, null, null],
      ['m-b', 'act-2', null, null, null],
    ]);
  });

  it('a batch of decisions only moves the checkpoint', async () => {
    const events = interleaved();
    const decisions = events.filter((e) => e.type === 'ActionApproved' || e.type === 'ActionRejected');
    const prepared = await runMetricsProjection.prepareBatch!({ db: db.knex, checkpoint: runMetricsProjection.name, kept: new KeptRows(100) }, decisions);
    expect(prepared).toEqual({ writes: [] });
  });

  it('counts facts on the UTC day they happened, whatever the server time zone', async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo'; // node-postgres would map a `date` to local midnight: the day before in UTC
    try {
      const now = at(day1, 86_400);
      const m = await runMetrics(db.knex, ORG, { window: '7d' }, now);
      expect(m.from).toBe('2026-03-04');
      expect(m.to).toBe('2026-03-10');
      expect(m.series.map((p) => p.day)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
      expect(m.series.at(-2)).toEqual({ day: '2026-03-09', runs: 1, actions_planned: 3, actions_executed: 0, actions_approved: 1, actions_rejected: 1, actions_failed: 0, runs_completed: 0, runs_failed: 0, runs_rejected: 0, runs_cancelled: 0 });
      // Run A ended (completed) just after midnight: counted on the day it ended.
      const ended = { runs_completed: 1, runs_failed: 0, runs_rejected: 0, runs_cancelled: 0 };
      expect(m.series.at(-1)).toEqual({ day: '2026-03-10', runs: 1, actions_planned: 2, actions_executed: 2, actions_approved: 1, actions_rejected: 0, actions_failed: 1, ...ended });
      expect(m.totals).toEqual({ runs: 2, actions_planned: 5, actions_executed: 2, actions_approved: 2, actions_rejected: 1, actions_failed: 1, ...ended });
      expect(m.approval_rate).toBe(0.6667);
      expect(m.median_time_to_decision_seconds).toBe(120); // 60, 120, 3,780 s after the plan
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('filters by project and board, and leaves out what is before the window', async () => {
    const now = at(day1, 86_400);
    const ops = await runMetrics(db.knex, ORG, { window: '7d', project_key: 'OPS' }, now);
    expect(ops.totals).toEqual({ runs: 1, actions_planned: 2, actions_executed: 1, actions_approved: 0, actions_rejected: 0, actions_failed: 0, runs_completed: 0, runs_failed: 0, runs_rejected: 0, runs_cancelled: 0 });
    expect(ops.approval_rate).toBeNull();
    expect(ops.median_time_to_decision_seconds).toBeNull();
    expect((await runMetrics(db.knex, ORG, { board_type: 'linear' }, now)).totals.runs).toBe(0);
    const later = await runMetrics(db.knex, ORG, { window: '7d' }, at(day1, 30 * 86_400));
    expect(later.series).toHaveLength(7);
    expect(later.totals.runs).toBe(0);
    const wide = await runMetrics(db.knex, ORG, { window: '90d' }, at(day1, 30 * 86_400));
    expect(wide.series).toHaveLength(90);
    expect(wide.totals.actions_planned).toBe(5);
  });

  it('counts a cancelled run on the day it was cancelled, by project too', async () => {
    await db.knex.transaction((trx) => runMetricsProjection.apply(trx, recordedEvents(runC().map((e) => ({ stream: 'run-m-c', type: e.type, data: e.data })))));
    const now = at(day1, 86_400);
    const m = await runMetrics(db.knex, ORG, { window: '7d' }, now);
    expect(m.series.at(-1)).toMatchObject({ day: '2026-03-10', runs: 2, runs_completed: 1, runs_cancelled: 1 });
    expect(m.totals).toMatchObject({ runs: 3, runs_completed: 1, runs_failed: 0, runs_rejected: 0, runs_cancelled: 1 });
    const can = await runMetrics(db.knex, ORG, { window: '7d', project_key: 'CAN' }, now);
    expect(can.totals).toEqual({ runs: 1, actions_planned: 2, actions_executed: 0, actions_approved: 0, actions_rejected: 0, actions_failed: 0, runs_completed: 0, runs_failed: 0, runs_rejected: 0, runs_cancelled: 1 });
  });
});
