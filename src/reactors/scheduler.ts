// Fires saved schedules: every tick it looks for slots that fell due since the last look (within a
// catch-up window, so a restart does not miss a slot) and triggers a run for each.
// Once per slot across every instance: the run id is derived from (organization, slot), and
// requesting a run that already exists appends nothing (the run decider's RequestRun is idempotent,
// and the store's expected revision settles a race between two instances).
import { createHash } from 'node:crypto';
import { inSpan, traceparentOf } from '../adapters/telemetry/spans.js';
import { DomainError } from '../domain/errors.js';
import { dueSlot } from '../domain/schedule-time.js';
import type { EnabledSchedule } from '../queries/org-config.query.js';
import type { RunCommands } from '../commands/run.commands.js';
import { PlanLimitError } from '../commands/plan-limits.js';
import type { ProjectorLog } from '../projections/projector.js';

export interface SchedulerDeps {
  listSchedules: () => Promise<EnabledSchedule[]>;
  runCommands: Pick<RunCommands, 'trigger'>;
  now: () => Date;
  log?: ProjectorLog;
  /** How often to look (default 15 s). */
  intervalMs?: number;
  /** How far back a missed slot is still fired (default 15 min): covers restarts and slow ticks. */
  catchUpMs?: number;
}

/** A uuid-shaped id that every instance derives alike for the same organization and slot. */
export function slotRunId(orgId: string, slotKey: string): string {
  const h = createHash('sha256').update(`schedule\u0000${orgId}\u0000${slotKey}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createScheduler(deps: SchedulerDeps) {
  const intervalMs = deps.intervalMs ?? 15_000;
  const catchUpMs = deps.catchUpMs ?? 15 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // Slots refused by a plan limit: logged once, not tried again on every tick of the catch-up window.
  const refusedByPlan = new Set<string>();

  /** One look: fires every slot due now. Returns the run ids it requested or resumed. */
  async function tick(): Promise<string[]> {
    const now = deps.now();
    const fired: string[] = [];
    for (const schedule of await deps.listSchedules()) {
      const slot = dueSlot(schedule, new Date(now.getTime() - catchUpMs), now);
      if (!slot) continue;
      const runId = slotRunId(schedule.org_id, slot.key);
      if (refusedByPlan.has(runId)) continue;
      try {
        // A scheduled run starts a trace of its own, as a request does (tracing on): its appends,
        // planning's board calls and what handles its events are that trace's.
        const result = await inSpan('scheduled run', { newTrace: true, attributes: { 'sprintguard.board.kind': schedule.board_type } }, (span) => {
          const traceparent = traceparentOf(span);
          return deps.runCommands.trigger(
            schedule.org_id,
            {
              board_type: schedule.board_type,
              project_key: schedule.project_key,
              ...(schedule.cycles ? { cycles: schedule.cycles } : {}),
              ...(schedule.dry_run !== undefined ? { dry_run: schedule.dry_run } : {}),
            },
            { org_id: schedule.org_id, user_id: 'scheduler', correlation_id: `schedule:${slot.key}`, ...(traceparent ? { traceparent } : {}) },
            runId,
          );
        });
        fired.push(result.runId);
      } catch (err) {
        // One organization's problem (no board configured…) must not stop the others.
        if (err instanceof PlanLimitError) {
          if (refusedByPlan.size >= 10_000) refusedByPlan.clear();
          refusedByPlan.add(runId);
        }
        if (err instanceof DomainError) deps.log?.warn({ org: schedule.org_id, slot: slot.key, err: err.message }, 'scheduled run not started');
        else deps.log?.error({ err, org: schedule.org_id, slot: slot.key }, 'scheduled run failed; retrying next tick');
      }
    }
    return fired;
  }

  return {
    tick,
    start() {
      const loop = () => {
        running = tick()
          .then(() => undefined)
          .catch((err: unknown) => deps.log?.error({ err }, 'scheduler tick failed'))
          .finally(() => {
            running = undefined;
            if (timer !== undefined) timer = setTimeout(loop, intervalMs);
          });
      };
      timer = setTimeout(loop, 0);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
