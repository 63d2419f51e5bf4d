// The spans the service records (docs/observability.md, "Traces"), over the OpenTelemetry API only.
// The hooks in the HTTP layer, the event store, the projector, the reactors and the board adapters
// call these helpers; none of them sees the SDK (./tracing.ts installs it).
//
// Off (no OTLP endpoint), every helper runs its function directly: no span object, no context switch,
// no metadata read. That is checked on a process-wide flag because the OpenTelemetry API is itself
// process-wide (one global tracer provider and context manager), which ./tracing.ts sets with it.
//
// The trace crosses the event log through the events' metadata: an append writes the W3C
// `traceparent` of its span into each event, and a projection batch or a reactor step that handles
// the event continues that trace. Written and read with the global propagator, which ./tracing.ts
// sets to W3C trace context (only this file's callers use it, and only while tracing is on).
import {
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';
import { streamCategories, suppressionsStreamId } from '../../domain/streams.js';

export { ROOT_CONTEXT, SpanKind };
export type { Span };

/** The metadata key that carries the W3C trace context of the append that wrote the event. */
export const TRACEPARENT_KEY = 'traceparent';

const TRACER_NAME = 'sprintguard';
/** Links per batch span, at most: a rebuild's batch of thousands of events must not carry thousands. */
const MAX_LINKS = 32;

let active = false;
/** The tracer of the installed provider, looked up once per activation rather than per span. */
let tracer: Tracer | undefined;
const notRecording = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Whether this process records spans (set by ./tracing.ts, which owns the global provider). */
export const tracingActive = (): boolean => active;

/** Only ./tracing.ts calls this, with the global provider it installs or removes. */
export function setTracingActive(on: boolean): void {
  active = on;
  tracer = on ? trace.getTracer(TRACER_NAME) : undefined;
}

export interface SpanSettings {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; default the active context. ROOT_CONTEXT starts a trace of its own. */
  parent?: Context;
  links?: Link[];
  /**
   * The work starts no span of its own (an append, a projection batch): the span is then not made
   * the active one. Entering a context costs every promise created inside it on Node 20 (the context
   * manager's async hooks), a cost a span with no child has no use for.
   */
  leaf?: boolean;
}

const spanOptions = (settings: SpanSettings): SpanOptions => ({
  kind: settings.kind ?? SpanKind.INTERNAL,
  ...(settings.attributes ? { attributes: settings.attributes } : {}),
  ...(settings.links ? { links: settings.links } : {}),
});

/**
 * Runs `fn` inside a new active span, ended when `fn` settles. A failure marks the span with ERROR
 * and the error's class only: messages may quote data, and a span never holds a secret.
 */
export async function inSpan<T>(name: string, settings: SpanSettings, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!active || !tracer) return fn(notRecording);
  const parent = settings.parent ?? context.active();
  if (settings.leaf) return settle(tracer.startSpan(name, spanOptions(settings), parent), fn);
  return tracer.startActiveSpan(name, spanOptions(settings), parent, (span) => settle(span, fn));
}

/** Runs `fn` and ends `span` when it settles, marked failed if it throws. */
async function settle<T>(span: Span, fn: (span: Span) => Promise<T>): Promise<T> {
  try {
    return await fn(span);
  } catch (err) {
    markFailed(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/**
 * Starts a span that the caller ends (an HTTP request's, which starts and ends in different hooks);
 * undefined when tracing is off. `context` is the parent with the span set: run the work in it.
 */
export function startSpan(name: string, settings: SpanSettings): { span: Span; context: Context } | undefined {
  if (!active || !tracer) return undefined;
  const parent = settings.parent ?? context.active();
  const span = tracer.startSpan(name, spanOptions(settings), parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `fn` with `ctx` as the active context (what it starts, awaits and appends belongs to the span). */
export function withContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/** ERROR status and `error.type`: the error's class, or the given type (a status code); nothing of a message. */
export function markFailed(span: Span, err: unknown): void {
  const type = typeof err === 'string' ? err : err instanceof Error ? err.name : typeof err;
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

/** The W3C traceparent of `span` (active or not), or undefined when tracing is off. */
export function traceparentOf(span: Span): string | undefined {
  if (!active) return undefined;
  const spanContext = span.spanContext();
  if (!isSpanContextValid(spanContext)) return undefined;
  const { traceId, spanId, traceFlags } = spanContext;
  // The W3C form the propagator writes (version 00), formatted here: the propagator's path (a context
  // and a carrier per event) costs every append more than the span itself.
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** The trace context an event's metadata carries, or undefined. */
export function contextOfEvent(metadata: Readonly<Record<string, unknown>> | undefined | null): Context | undefined {
  const traceparent = metadata?.[TRACEPARENT_KEY];
  if (typeof traceparent !== 'string') return undefined;
  if (!active) return undefined;
  return validContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
}

/** The trace context of an incoming request's `traceparent` header, or undefined. */
export function contextOfHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Context | undefined {
  if (!active || headers[TRACEPARENT_KEY] === undefined) return undefined;
  return validContext(propagation.extract(ROOT_CONTEXT, headers));
}

function validContext(ctx: Context): Context | undefined {
  const spanContext = trace.getSpanContext(ctx);
  return spanContext && isSpanContextValid(spanContext) ? ctx : undefined;
}

/**
 * Runs `fn` in a span that continues the trace of the event(s) it handles. One event (a reactor step):
 * its child. A batch: the child of its first event's context when every traced event of the batch
 * belongs to one trace (a request's events, projected together), otherwise a trace of its own;
 * in both cases linked to each distinct context (at most MAX_LINKS).
 */
export async function inEventsSpan<T>(
  name: string,
  events: readonly { metadata: Readonly<Record<string, unknown>> | undefined | null }[],
  settings: Omit<SpanSettings, 'parent' | 'links'>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  if (!active) return fn(notRecording);
  const contexts: Context[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    const ctx = contextOfEvent(event.metadata);
    const spanContext = ctx && trace.getSpanContext(ctx);
    if (!ctx || !spanContext || seen.has(spanContext.spanId)) continue;
    seen.add(spanContext.spanId);
    contexts.push(ctx);
  }
  const traces = new Set(contexts.map((c) => trace.getSpanContext(c)!.traceId));
  const parent = traces.size === 1 ? contexts[0]! : ROOT_CONTEXT;
  const links: Link[] = contexts.slice(0, MAX_LINKS).map((c) => ({ context: trace.getSpanContext(c)! }));
  return inSpan(name, { kind: SpanKind.CONSUMER, ...settings, parent, ...(events.length > 1 && links.length > 0 ? { links } : {}) }, fn);
}

const KNOWN_CATEGORIES = Object.values(streamCategories).map((prefix) => ({ prefix, name: prefix.slice(0, -1) }));

/**
 * The category of a stream (`run`, `org`…): span names carry it, never the stream's id, so names stay
 * few and never hold an organization or an item.
 */
export function streamCategoryOf(streamName: string): string {
  if (streamName === suppressionsStreamId()) return streamName;
  return KNOWN_CATEGORIES.find((c) => streamName.startsWith(c.prefix))?.name ?? 'other';
}
