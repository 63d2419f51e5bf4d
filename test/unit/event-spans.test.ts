// How a span that handles events continues their traces (src/adapters/telemetry/spans.ts): the
// traceparent an append writes, a reactor step as the child of its event's append, a projection
// batch as the child of one request's events or, when it mixes several requests' events, a trace of
// its own linked to each; and nothing at all while tracing is off.
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trace } from '@opentelemetry/api';
import { contextOfTraceparent, inEventsSpan, inSpan, recordsNothingUnder, startSpan, streamCategoryOf, traceparentOf, tracingActive } from '../../src/adapters/telemetry/spans.js';
import { withAppendTracing } from '../../src/adapters/telemetry/traced-event-store.js';
import type { EventStore } from '../../src/adapters/event-store.js';
import { DEFAULT_TRACE_SAMPLING, describeSampling, startTracing, tracesUrl, type TraceSampling, type Tracing } from '../../src/adapters/telemetry/tracing.js';

const quiet = { warn: () => undefined };
const EVERY_TRACE: TraceSampling = { sampler: 'parentbased_always_on', ratio: 1 };
let tracing: Tracing | undefined;
afterEach(async () => {
  await tracing?.shutdown();
  tracing = undefined;
});

/** Appends "made" by a request span: the traceparent each would write into its events. */
async function appendedIn(request: string): Promise<{ traceparent: string; traceId: string; spanId: string }> {
  return inSpan(request, { newTrace: true }, (requestSpan) =>
    inSpan('append run', { parent: traceparentOf(requestSpan) }, async (span) => ({
      traceparent: traceparentOf(span)!,
      traceId: span.spanContext().traceId,
      spanId: span.spanContext().spanId,
    })),
  );
}

describe('event spans', () => {
  it('a span is the child of the parent it is given, never of an "active" one; its traceparent is its own', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: EVERY_TRACE, exporter, log: quiet });
    const seen = await inSpan('POST request', { newTrace: true }, async (request) => {
      const orphan = await inSpan('a trace of its own', { newTrace: true }, async (span) => span.spanContext());
      const nothing = await inSpan('no parent given', {}, async (span) => ({ recording: span.isRecording(), traceparent: traceparentOf(span) }));
      return inSpan('append run', { parent: traceparentOf(request) }, async (append) => ({
        request: request.spanContext(),
        append: append.spanContext(),
        orphan,
        nothing,
        activeInside: trace.getActiveSpan(),
        traceparent: traceparentOf(append),
      }));
    });
    // No context manager: nothing is ever active. A span without a parent starts a trace only where
    // one may start (a request's, `newTrace`); elsewhere it records nothing and passes nothing on.
    expect(seen.activeInside).toBeUndefined();
    expect(seen.orphan.traceId).not.toBe(seen.request.traceId);
    expect(seen.nothing).toEqual({ recording: false, traceparent: undefined });
    expect(seen.traceparent).toBe(`00-${seen.request.traceId}-${seen.append.spanId}-01`);
    const [append] = exporter.getFinishedSpans().filter((s) => s.name === 'append run');
    expect(append!.parentSpanContext?.spanId).toBe(seen.request.spanId);
  });

  it('are not recorded, and no traceparent is written, without an endpoint', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: undefined, serviceName: 'test', sampling: EVERY_TRACE, exporter, log: quiet });
    expect(tracing.enabled).toBe(false);
    expect(tracingActive()).toBe(false);
    const result = await inSpan('append run', {}, async (span) => traceparentOf(span));
    expect(result).toBeUndefined();
    await inEventsSpan('projection runs', [{ metadata: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } }], {}, async () => undefined);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('make a reactor step and a one-request batch children of the append, and a mixed batch a linked trace of its own', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: EVERY_TRACE, exporter, log: quiet });
    const a = await appendedIn('POST a');
    const b = await appendedIn('POST b');
    expect(a.traceparent).toBe(`00-${a.traceId}-${a.spanId}-01`);

    await inEventsSpan('reactor run_executor', [{ metadata: { traceparent: a.traceparent } }], {}, (step) => inSpan('board comment', { parent: traceparentOf(step) }, async () => undefined));
    await inEventsSpan('projection runs', [{ metadata: { traceparent: a.traceparent } }, { metadata: { traceparent: a.traceparent } }, { metadata: {} }], {}, async () => undefined);
    await inEventsSpan('projection audit_events', [{ metadata: { traceparent: a.traceparent } }, { metadata: { traceparent: b.traceparent } }, { metadata: null }], {}, async () => undefined);
    await inEventsSpan('projection members', [{ metadata: { traceparent: 'not a traceparent' } }], {}, async () => undefined);

    const spans = exporter.getFinishedSpans();
    const named = (name: string) => spans.find((s) => s.name === name)!;
    const step = named('reactor run_executor');
    expect(step.spanContext().traceId).toBe(a.traceId);
    expect(step.parentSpanContext?.spanId).toBe(a.spanId);
    expect(named('board comment').parentSpanContext?.spanId).toBe(step.spanContext().spanId);

    const oneRequest = named('projection runs');
    expect(oneRequest.parentSpanContext?.spanId).toBe(a.spanId);
    expect(oneRequest.links.map((l) => l.context.spanId)).toEqual([a.spanId]);

    const mixed = named('projection audit_events');
    expect(mixed.parentSpanContext).toBeUndefined();
    expect([a.traceId, b.traceId]).not.toContain(mixed.spanContext().traceId);
    expect(mixed.links.map((l) => l.context.spanId)).toEqual([a.spanId, b.spanId]);

    // A batch of no recorded trace's events (none valid here) records nothing.
    expect(spans.find((s) => s.name === 'projection members')).toBeUndefined();

    // What the service writes parses back (twice: the second from the cache); nothing else does.
    expect(trace.getSpanContext(contextOfTraceparent(a.traceparent)!)).toMatchObject({ traceId: a.traceId, spanId: a.spanId, traceFlags: 1, isRemote: true });
    expect(contextOfTraceparent(a.traceparent)).toBe(contextOfTraceparent(a.traceparent));
    for (const bad of [`00-${'0'.repeat(32)}-${a.spanId}-01`, `00-${a.traceId}-${'0'.repeat(16)}-01`, `01-${a.traceId}-${a.spanId}-01`, a.traceparent.toUpperCase(), 42]) {
      expect(contextOfTraceparent(bad)).toBeUndefined();
    }
  });

  it('record a failure by the error class only', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: EVERY_TRACE, exporter, log: quiet });
    class BoardDown extends Error {
      override readonly name = 'BoardDown';
    }
    await expect(inSpan('board comment', { newTrace: true }, async () => Promise.reject(new BoardDown('token sk-secret refused')))).rejects.toThrow(BoardDown);
    const [span] = exporter.getFinishedSpans();
    expect(span!.status).toEqual({ code: 2, message: 'BoardDown' });
    expect(span!.attributes['error.type']).toBe('BoardDown');
    expect(JSON.stringify({ attributes: span!.attributes, events: span!.events })).not.toContain('sk-secret');
  });

  it('name streams by category and send to the OTLP traces path', () => {
    expect(['run-r1', 'org-acme', 'run_claim-acme:jira:ENG', 'suppressions', 'chat-k', 'bench-1'].map(streamCategoryOf)).toEqual(['run', 'org', 'run_claim', 'suppressions', 'chat', 'other']);
    expect(tracesUrl('http://collector:4318')).toBe('http://collector:4318/v1/traces');
    expect(tracesUrl('http://collector:4318/otlp/')).toBe('http://collector:4318/otlp/v1/traces');
  });
});

describe('sampling', () => {
  it('records every new trace up to ten a second by default, and follows the sampled flag of a parent', async () => {
    expect(await describeSampling(DEFAULT_TRACE_SAMPLING)).toMatch(/^ParentBased\{root=AlwaysOnSampler, remoteParentSampled=AlwaysOnSampler, remoteParentNotSampled=AlwaysOffSampler.*; at most 10 new traces a second$/);
    expect(await describeSampling({ sampler: 'traceidratio', ratio: 0.25, maxPerSecond: 10 })).toBe('TraceIdRatioBased{0.25}');
    expect(await describeSampling({ sampler: 'always_off', ratio: 0.25 })).toBe('AlwaysOffSampler');
  });

  it('records at most the limit of new traces a second, refilled as time passes, and every span of the traces it records', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const exporter = new InMemorySpanExporter();
      tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: { sampler: 'parentbased_always_on', ratio: 1, maxPerSecond: 4 }, exporter, log: quiet });
      const burst = async () => {
        const recorded: string[] = [];
        for (let i = 0; i < 20; i++) {
          const { traceparent } = await appendedIn('POST /api/runs');
          if (traceparent) recorded.push(traceparent);
        }
        return recorded;
      };
      // A burst of twenty: the first four recorded whole (request and append), the rest nothing at all.
      const first = await burst();
      expect(first).toHaveLength(4);
      expect(exporter.getFinishedSpans()).toHaveLength(8);
      expect(recordsNothingUnder(undefined)).toBe(true);
      // Work under a recorded trace is not counted: its projection batch and reactor step record.
      await inEventsSpan('projection runs', [{ metadata: { traceparent: first[0] } }], {}, async () => undefined);
      expect(exporter.getFinishedSpans()).toHaveLength(9);
      // Half a second later: two more; a second after that, a full bucket of four, never more.
      vi.advanceTimersByTime(500);
      expect(await burst()).toHaveLength(2);
      vi.advanceTimersByTime(5_000);
      expect(await burst()).toHaveLength(4);
      // A caller's sampled traceparent is followed whatever the budget.
      const callers = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      expect(await inSpan('POST sampled', { parent: callers }, async (span) => span.isRecording())).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lifts the limit with 0, and leaves the samplers that decide each span without one', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: { sampler: 'parentbased_always_on', ratio: 1, maxPerSecond: 0 }, exporter, log: quiet });
    for (let i = 0; i < 50; i++) await inSpan('POST /api/runs', { newTrace: true }, async () => undefined);
    expect(exporter.getFinishedSpans()).toHaveLength(50);
    await tracing.shutdown();
    const each = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: { sampler: 'always_on', ratio: 1, maxPerSecond: 2 }, exporter: each, log: quiet });
    for (let i = 0; i < 50; i++) await inSpan('POST /api/runs', { newTrace: true }, async () => undefined);
    expect(each.getFinishedSpans()).toHaveLength(50);
  });

  it('a new trace not recorded never reaches the SDK and passes nothing on', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: { sampler: 'parentbased_traceidratio', ratio: 0 }, exporter, log: quiet });
    for (let i = 0; i < 100; i++) {
      const span = startSpan('POST /api/runs', {})!;
      expect(span.isRecording()).toBe(false);
      expect(traceparentOf(span)).toBeUndefined();
    }
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('an unrecorded trace records nothing and leaves no traceparent in its events, whose handlers record nothing either', async () => {
    const exporter = new InMemorySpanExporter();
    // No new trace recorded.
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: { sampler: 'parentbased_traceidratio', ratio: 0 }, exporter, log: quiet });
    const unsampled = await appendedIn('POST unsampled');
    expect(unsampled.traceparent).toBeUndefined();
    // Its events carry no traceparent; events written before this rule carry an unsampled one.
    const written = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';
    for (const metadata of [{}, { traceparent: written }, null]) {
      await inEventsSpan('projection runs', [{ metadata }], {}, async () => undefined);
      await inEventsSpan('reactor run_executor', [{ metadata }], {}, (step) => inSpan('board comment', { parent: traceparentOf(step) }, async () => undefined));
    }
    expect(exporter.getFinishedSpans()).toEqual([]);

    // A caller that sampled its trace (a `traceparent` with the sampled flag) gets the whole of it.
    const callers = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const append = await inSpan('POST sampled', { parent: callers }, (request) => inSpan('append run', { parent: traceparentOf(request) }, async (span) => traceparentOf(span)!));
    await inEventsSpan('projection runs', [{ metadata: { traceparent: append } }], {}, async () => undefined);
    expect(exporter.getFinishedSpans().map((s) => [s.name, s.spanContext().traceId])).toEqual([
      ['append run', '0af7651916cd43dd8448eb211c80319c'],
      ['POST sampled', '0af7651916cd43dd8448eb211c80319c'],
      ['projection runs', '0af7651916cd43dd8448eb211c80319c'],
    ]);
  });
  it('starts no span under an unsampled parent when the sampler follows it, and passes nothing on', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: DEFAULT_TRACE_SAMPLING, exporter, log: quiet });
    const callers = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';
    // The SDK would answer a new, non-recording span with a span id of its own; no span is made at all.
    expect(await inSpan('append run', { parent: callers }, async (span) => traceparentOf(span))).toBeUndefined();
    expect(traceparentOf(startSpan('POST /api/runs', { parent: contextOfTraceparent(callers) })!)).toBeUndefined();
    const batch = [{ metadata: { traceparent: callers } }, { metadata: { traceparent: '00-1af7651916cd43dd8448eb211c80319c-c7ad6b7169203331-00' } }, { metadata: null }];
    expect(await inEventsSpan('projection runs', batch, {}, async (span) => traceparentOf(span))).toBeUndefined();
    expect(recordsNothingUnder(callers)).toBe(true);
    expect(recordsNothingUnder(callers.replace(/-00$/, '-01'))).toBe(false);
    expect(recordsNothingUnder(undefined)).toBe(true); // no parent: only a request starts a trace
    // Malformed or all-zero ids are no parent at all, sampled flag or not: nothing recorded either.
    for (const bad of [`00-${'0'.repeat(32)}-b7ad6b7169203331-00`, `00-0af7651916cd43dd8448eb211c80319c-${'0'.repeat(16)}-00`, callers.toUpperCase(), `01${callers.slice(2)}`, `${callers.slice(0, -3)}x00`]) {
      expect(recordsNothingUnder(bad), bad).toBe(true);
      expect(await inSpan('append run', { parent: bad }, async (span) => traceparentOf(span)), bad).toBeUndefined();
    }
    expect(exporter.getFinishedSpans()).toEqual([]);
    // The traced store appends an unsampled command's events as they are, the caller's objects.
    const appended: unknown[] = [];
    const store = withAppendTracing({ kind: 'postgres', append: async (_stream: string, events: unknown[]) => (appended.push(...events), { nextExpectedRevision: 0n, position: { commit: 1n, prepare: 1n } }) } as unknown as EventStore);
    const event = { type: 'ActionApproved', data: {}, metadata: { user_id: 'u', correlation_id: 'c', causation_id: 'c', traceparent: callers } };
    await store.append('run-1', [event]);
    expect(appended[0]).toBe(event);
    expect(exporter.getFinishedSpans()).toEqual([]);
    // A sampled trace's events are recorded, as before.
    await inEventsSpan('projection runs', [{ metadata: { traceparent: callers.replace(/-00$/, '-01') } }], {}, async () => undefined);
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['projection runs']);
  });

  it('continues and links only the sampled traces of a batch that mixes sampled and unsampled events', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: DEFAULT_TRACE_SAMPLING, exporter, log: quiet });
    const sampled = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const unsampled = (n: number) => `00-${String(n).padStart(32, '1')}-c7ad6b7169203331-00`;
    const batch = [{ metadata: { traceparent: unsampled(1) } }, { metadata: { traceparent: sampled } }, { metadata: { traceparent: unsampled(2) } }, { metadata: { traceparent: unsampled(3) } }];
    await inEventsSpan('projection runs', batch, { attributes: { 'sprintguard.event.count': 4 } }, async () => undefined);
    const [span] = exporter.getFinishedSpans();
    // The child of the one sampled request, linked to it alone: the unsampled traces record nothing.
    expect(span!.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(span!.links.map((l) => l.context.traceId)).toEqual(['0af7651916cd43dd8448eb211c80319c']);
    expect(span!.attributes).toMatchObject({ 'sprintguard.event.count': 4 });
  });

  it('starts a new trace through the SDK only when it records, and gives it its attributes then', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: { sampler: 'parentbased_traceidratio', ratio: 0.5 }, exporter, log: quiet });
    const seen: unknown[] = [];
    const tracer = trace.getTracer('sprintguard');
    const original = tracer.startSpan.bind(tracer);
    tracer.startSpan = (name, options, ctx) => (seen.push(options?.attributes), original(name, options, ctx));
    for (let i = 0; i < 40; i++) await inSpan('append run', { newTrace: true, attributes: { 'sprintguard.stream.category': 'run' } }, async () => undefined);
    tracer.startSpan = original;
    const recorded = exporter.getFinishedSpans();
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.length).toBeLessThan(40);
    // The new traces not recorded never reached the SDK; those that did got no attributes to sample on.
    expect(seen).toHaveLength(recorded.length);
    expect(seen.every((a) => a === undefined)).toBe(true);
    for (const span of recorded) expect(span.attributes).toEqual({ 'sprintguard.stream.category': 'run' });
  });

  it('starts a span under an unsampled parent when the sampler does not follow parents', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'test', sampling: { sampler: 'always_on', ratio: 1 }, exporter, log: quiet });
    const callers = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';
    const child = await inSpan('append run', { parent: callers }, async (span) => traceparentOf(span)!);
    expect(child).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    expect(recordsNothingUnder(callers)).toBe(false);
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['append run']);
  });
});
