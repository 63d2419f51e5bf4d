// A scheduled run starts a trace of its own (src/reactors/scheduler.ts), as a request does: with
// the default sampler nothing else without a parent does, so without it a scheduled run's appends,
// planning and execution would never be traced.
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../src/commands/handle-command.js';
import { startTracing, type Tracing } from '../../src/adapters/telemetry/tracing.js';
import { createScheduler } from '../../src/reactors/scheduler.js';

let tracing: Tracing | undefined;
afterEach(async () => {
  await tracing?.shutdown();
  tracing = undefined;
});

describe('a scheduled run, with tracing on', () => {
  it('is the root of a trace that its trigger command continues', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: { sampler: 'parentbased_always_on', ratio: 1 }, exporter, log: { warn: () => undefined } });
    const contexts: CommandContext[] = [];
    const scheduler = createScheduler({
      // Monday 2026-11-23 09:00 Berlin = 08:00Z, looked at 08:00:20Z.
      listSchedules: async () => [{ org_id: 'org_a', enabled: true, timezone: 'Europe/Berlin', days_of_week: [1], time: '09:00', board_type: 'jira', project_key: 'ENG' }],
      runCommands: {
        trigger: async (_orgId, _request, context, runId) => {
          contexts.push(context);
          return { runId: runId!, resumed: false, state: undefined as never };
        },
      },
      now: () => new Date('2026-11-23T08:00:20Z'),
    });
    expect(await scheduler.tick()).toHaveLength(1);
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('scheduled run');
    expect(span!.parentSpanContext).toBeUndefined();
    expect(contexts[0]!.traceparent).toBe(`00-${span!.spanContext().traceId}-${span!.spanContext().spanId}-01`);
    expect(contexts[0]).toMatchObject({ org_id: 'org_a', user_id: 'scheduler' });
  });
});
