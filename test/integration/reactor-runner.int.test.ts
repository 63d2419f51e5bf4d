// The reactor runner on the real store: streams handled concurrently with order kept within a
// stream, a checkpoint that never passes an unfinished event, and an event that keeps failing parked
// (then handed back by `projections retry reactor:<name>` and unparked once it succeeds).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../../src/adapters/event-store.js';
import { comparePositions } from '../../src/adapters/event-store.js';
import { readCheckpoint } from '../../src/projections/checkpoints.js';
import { countParkedEvents, listParkedEvents, requestRetry } from '../../src/projections/parked-events.js';
import { createReactorRunner, type ReactorRunner } from '../../src/reactors/reactor-runner.js';
import type { Reactor } from '../../src/reactors/reactor.js';
import { openTestStack, type TestStack } from '../support/accounts.projection.js';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { startTracing } from '../../src/adapters/telemetry/tracing.js';

const EVERY_TRACE = { sampler: 'parentbased_always_on', ratio: 1 } as const;
import { createTestDatabaseUrl } from '../support/database.js';

let s: TestStack;
const runners: ReactorRunner[] = [];

beforeAll(async () => {
  s = await openTestStack(await createTestDatabaseUrl('reactor_runner'));
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  await s?.close();
});

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const append = async (stream: string, n: number): Promise<Position> => {
  const r = await s.store.append(stream, Array.from({ length: n }, (_, i) => ({ type: 'Tick', data: { i } })));
  return r.position;
};

/** A runner that parks an event after `maxAttempts` quick failures and polls for retries often. */
function parkingRunner(reactor: Reactor, maxAttempts: number): ReactorRunner {
  const runner = createReactorRunner({
    store: s.store,
    db: s.db,
    reactors: [reactor],
    maxAttempts,
    timing: { leaderRetryMs: 50, backoffInitialMs: 10, backoffMaxMs: 20, retryPollMs: 100 },
  });
  runners.push(runner);
  return runner;
}

describe('reactor runner', () => {
  it('handles other streams while one is blocked, keeps order within a stream, and keeps its checkpoint behind the blocked event', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    const handled: string[] = [];
    const reactor: Reactor = {
      name: 'test_concurrency',
      filter: { streamPrefixes: ['rr1-'] },
      async handle(event) {
        if (event.streamName === 'rr1-slow' && (event.data as { i: number }).i === 0) await blocked;
        handled.push(`${event.streamName}:${(event.data as { i: number }).i}`);
      },
    };
    const runner = createReactorRunner({ store: s.store, db: s.db, reactors: [reactor], concurrency: 4, timing: { leaderRetryMs: 50 } });
    runners.push(runner);
    const slowAt = await append('rr1-slow', 3);
    await append('rr1-fast', 5);
    await runner.start();

    await until('the fast stream handled', () => handled.filter((h) => h.startsWith('rr1-fast')).length === 5);
    expect(handled.filter((h) => h.startsWith('rr1-slow'))).toEqual([]);
    // Saved (every second) but never past the blocked event: its first event is before slowAt.
    await new Promise((r) => setTimeout(r, 1_300));
    const during = await readCheckpoint(s.db.knex, 'reactor:test_concurrency');
    expect(during?.position === null || during === undefined || comparePositions(during.position, slowAt) < 0).toBe(true);

    release();
    await until('the slow stream handled', () => handled.filter((h) => h.startsWith('rr1-slow')).length === 3);
    expect(handled.filter((h) => h.startsWith('rr1-slow'))).toEqual(['rr1-slow:0', 'rr1-slow:1', 'rr1-slow:2']);
    expect(handled.filter((h) => h.startsWith('rr1-fast'))).toEqual([0, 1, 2, 3, 4].map((i) => `rr1-fast:${i}`));
    const head = (await s.store.settledHeadPosition())!;
    await until('the checkpoint at the head', async () => {
      const cp = await readCheckpoint(s.db.knex, 'reactor:test_concurrency');
      return cp?.position !== null && cp?.position !== undefined && comparePositions(cp.position, head) >= 0;
    });
  });

  it('parks an event that keeps failing, goes on with the stream, and unparks it when a retry succeeds', async () => {
    let fixed = false;
    const handled: RecordedEvent[] = [];
    const reactor: Reactor = {
      name: 'test_poison',
      filter: { streamPrefixes: ['rr2-'] },
      async handle(event) {
        if ((event.data as { i: number }).i === 1 && !fixed) throw new TypeError('cannot read the event');
        handled.push(event);
      },
    };
    const runner = parkingRunner(reactor, 2);
    await append('rr2-a', 3);
    await runner.start();

    await until('the rest of the stream handled', () => handled.length === 2);
    expect(handled.map((e) => (e.data as { i: number }).i)).toEqual([0, 2]);
    const parked = await listParkedEvents(s.db.knex, 'reactor:test_poison');
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ streamName: 'rr2-a', eventType: 'Tick', attempts: 2, error: 'TypeError: cannot read the event' });

    fixed = true;
    expect(await requestRetry(s.db.knex, 'reactor:test_poison')).toBe(1);
    await until('the parked event handled again', async () => (await countParkedEvents(s.db.knex))['reactor:test_poison'] === undefined);
    expect(handled.map((e) => (e.data as { i: number }).i)).toEqual([0, 2, 1]);
  });

  it('with tracing on, hands the reactor its step span, on a retry of a parked event too', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: EVERY_TRACE, exporter, log: { warn: () => undefined } });
    try {
      let fixed = false;
      const given: (string | undefined)[] = [];
      const reactor: Reactor = {
        name: 'test_traced_retry',
        filter: { streamPrefixes: ['rr3-'] },
        async handle(_event, _signal, traceparent) {
          given.push(traceparent);
          if (!fixed) throw new TypeError('not yet');
        },
      };
      const runner = parkingRunner(reactor, 1);
      // An event of a recorded trace, as a traced request's append writes it: a step continues it.
      const requestTrace = '0af7651916cd43dd8448eb211c80319c';
      await s.store.append('rr3-a', [{ type: 'Tick', data: { i: 0 }, metadata: { user_id: 'test', correlation_id: 'c', causation_id: 'c', traceparent: `00-${requestTrace}-b7ad6b7169203331-01` } }]);
      await runner.start();
      await until('the event parked', async () => (await countParkedEvents(s.db.knex))['reactor:test_traced_retry'] === 1);
      fixed = true;
      await requestRetry(s.db.knex, 'reactor:test_traced_retry');
      await until('the parked event handled again', async () => (await countParkedEvents(s.db.knex))['reactor:test_traced_retry'] === undefined);

      const steps = exporter.getFinishedSpans().filter((span) => span.name === 'reactor test_traced_retry');
      const traceparentOfSpan = (span: (typeof steps)[number]) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;
      expect(given).toHaveLength(2);
      expect(given).toEqual(steps.map(traceparentOfSpan));
      expect(steps.map((span) => span.attributes['sprintguard.retry'])).toEqual([undefined, true]);
      expect(steps.map((span) => span.spanContext().traceId)).toEqual([requestTrace, requestTrace]);
    } finally {
      await tracing.shutdown();
    }
  });
});
