// The spans the service records (docs/observability.md, "Traces"), over the OpenTelemetry API only.
// The hooks in the HTTP layer, the event store, the projector, the reactors and the board adapters
// call these helpers; none of them sees the SDK (./tracing.ts installs it).
//
// Off (no OTLP endpoint), every helper runs its function directly: no span object, no metadata read.
// That is checked on a process-wide flag because the OpenTelemetry API is itself process-wide (one
// global tracer provider), which ./tracing.ts sets with it.
//
// A span's parent is always given explicitly, as a W3C `traceparent` (TraceParent) or a context:
// no span is ever "active". The request's span reaches its appends and board calls in the command's
// context (CommandContext.traceparent), a reactor step's in what the runner hands the reactor, and
// the trace crosses the event log in the events' metadata: an append writes the `traceparent` of its
// span into each event, and a projection batch or a reactor step that handles the event continues
// that trace. No context manager is installed: on Node 20 one turns on async-context propagation for
// every promise of the process, which cost more than the spans themselves (docs/observability.md).
import {
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
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

/** A W3C `traceparent` (`00-<trace id>-<span id>-<flags>`): a span's context, carried explicitly. */
export type TraceParent = string;

const TRACER_NAME = 'sprintguard';
/** Links per batch span, at most: a rebuild's batch of thousands of events must not carry thousands. */
const MAX_LINKS = 32;

let active = false;
/**
 * The sampler follows the parent's decision (parentbased_*, the default): a span whose parent is
 * not sampled is never recorded, so none is started, and neither is one without a parent unless
 * it may start a trace (notRecorded). Its work runs under no span at all, and passes nothing on:
 * the trace stays unrecorded end to end, without a span object, an id, attributes or a
 * `traceparent` in the events at each append, projection batch and reactor step. With nine traces
 * in ten unsampled, starting those spans cost the traced server 19–41% more CPU per command,
 * against 15–25% without them (docs/observability.md).
 */
let skipUnsampled = false;
/** The tracer of the installed provider, looked up once per activation rather than per span. */
let tracer: Tracer | undefined;
const notRecording = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Whether this process records spans (set by ./tracing.ts, which owns the global provider). */
export const tracingActive = (): boolean => active;

/**
 * With a parent-based sampler, the share of new traces recorded (1, 0 or the `traceidratio` ratio),
 * decided here before the SDK is called: a new trace's span is started through the SDK only when it
 * is recorded (the provider then records every root it is given: ./tracing.ts). The SDK made a
 * trace id and a span id, ran the sampler on them and built a span object for each new trace, nine
 * in ten only to drop it; that was most of what a traced request cost over an untraced one
 * (docs/observability.md, "What it costs"). An unrecorded new trace gets no ids and passes
 * nothing on (notRecorded). Undefined: the SDK's sampler decides every span (the samplers that do
 * not follow parents).
 */
let newTraceShare: number | undefined;

/**
 * With a parent-based sampler and a limit (TraceSampling.maxPerSecond), the new traces this process
 * may still record: a bucket of one second's worth, refilled as time passes. What the sampler picks
 * while it is empty is not recorded. Only new traces draw on it: the work they cause follows them,
 * so a trace is recorded whole or not at all, and the cost of tracing stays a fixed amount a second
 * however many requests arrive.
 */
let newTraceBudget: { perSecond: number; left: number; at: number } | undefined;

/** Only ./tracing.ts calls this, with the global provider it installs or removes. */
export function setTracingActive(on: boolean, options: { parentBased?: boolean; newTraceShare?: number; newTracesPerSecond?: number } = {}): void {
  active = on;
  skipUnsampled = on && options.parentBased === true;
  newTraceShare = skipUnsampled ? options.newTraceShare : undefined;
  const perSecond = options.newTracesPerSecond ?? 0;
  newTraceBudget = skipUnsampled && perSecond > 0 ? { perSecond, left: perSecond, at: performance.now() } : undefined;
  parsedTraceparents.clear();
  tracer = on ? trace.getTracer(TRACER_NAME) : undefined;
}

/**
 * With a parent-based sampler, whether a span under `settings.parent` records nothing: an unsampled
 * parent; or no valid parent at all, unless the span may start a trace (`newTrace`: a request, a
 * batch of several recorded traces' events), and then only as the draw decides. Nothing then is
 * passed on either (traceparentOf answers undefined): an unrecorded trace leaves no `traceparent` in
 * the events it causes, and work on an event without one records nothing.
 */
function notRecorded(settings: SpanSettings, newTrace = settings.newTrace): boolean {
  if (!skipUnsampled) return false;
  if (unsampledParent(settings.parent)) return true;
  if (!startsTrace(settings.parent)) return false;
  if (!newTrace || newTraceShare === undefined) return true;
  const drawn = newTraceShare >= 1 || (newTraceShare > 0 && Math.random() < newTraceShare);
  return !(drawn && withinNewTraceBudget());
}

/** Whether the budget of new traces has room for one more (and takes it); true without a limit. */
function withinNewTraceBudget(): boolean {
  const budget = newTraceBudget;
  if (!budget) return true;
  // The monotonic clock: a wall clock set back would stop the refill until it caught up.
  const now = performance.now();
  budget.left = Math.min(budget.perSecond, budget.left + (Math.max(0, now - budget.at) * budget.perSecond) / 1000);
  budget.at = now;
  if (budget.left < 1) return false;
  budget.left -= 1;
  return true;
}

/** Whether a span under `parent` is the root of a new trace: no parent, or none that is valid. */
function startsTrace(parent: SpanSettings['parent']): boolean {
  if (parent === undefined) return true;
  if (typeof parent === 'string') return contextOfTraceparent(parent) === undefined;
  const spanContext = trace.getSpanContext(parent);
  return !spanContext || !isSpanContextValid(spanContext);
}

/** Whether `parent` is a valid parent flagged not sampled (a parent-based sampler records nothing under it). */
function unsampledParent(parent: SpanSettings['parent']): boolean {
  if (parent === undefined) return false;
  // Read off the string: parsing each command's traceparent into a context (and caching that) for
  // every append and reactor step cost more than the check.
  if (typeof parent === 'string') return unsampledTraceparent(parent);
  const spanContext = trace.getSpanContext(parent);
  return !!spanContext && isSpanContextValid(spanContext) && (spanContext.traceFlags & TraceFlags.SAMPLED) === 0;
}

/** A traceparent of version 00 with valid (not all-zero) ids. */
const WELL_FORMED_TRACEPARENT = /^00-(?!0{32}-)[0-9a-f]{32}-(?!0{16}-)[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * Whether a traceparent says "not sampled": the sampled bit is the low bit of the flags' last hex
 * digit, checked first (every event each projection and reactor handles has a traceparent). A
 * malformed one is not: contextOfTraceparent then decides, and finds no parent.
 */
function unsampledTraceparent(traceparent: string): boolean {
  return traceparent.length === 55 && (parseInt(traceparent[54]!, 16) & TraceFlags.SAMPLED) === 0 && WELL_FORMED_TRACEPARENT.test(traceparent);
}

/**
 * Whether work under `parent` records nothing, so that its span need not be started: tracing off;
 * or, with a parent-based sampler, no valid parent or an unsampled one (see notRecorded).
 */
export function recordsNothingUnder(parent: SpanSettings['parent']): boolean {
  if (!active) return true;
  return skipUnsampled && (unsampledParent(parent) || startsTrace(parent));
}

export interface SpanSettings {
  kind?: SpanKind;
  attributes?: Attributes;
  /**
   * The parent: a span's traceparent or an extracted context. None (or an invalid one): a trace of
   * its own with a sampler that decides each span; with a parent-based one (the default), nothing
   * recorded unless `newTrace`.
   */
  parent?: Context | TraceParent | undefined;
  /** Without a parent, the span starts a trace (drawn at the configured share): a request's, a batch's of several traces. */
  newTrace?: boolean;
  links?: Link[];
}

// The attributes are set once the span is known to record, not given to startSpan: the SDK cleans
// a start's attributes for the sampler before it decides, and under load most spans are not sampled.
// The samplers the service offers (tracing.ts) decide on the trace id and the parent alone.
const spanOptions = (settings: SpanSettings): SpanOptions => ({
  kind: settings.kind ?? SpanKind.INTERNAL,
  ...(settings.links ? { links: settings.links } : {}),
});

function started(name: string, settings: SpanSettings, t: Tracer): Span {
  const span = t.startSpan(name, spanOptions(settings), parentContext(settings.parent));
  if (settings.attributes && span.isRecording()) span.setAttributes(settings.attributes);
  return span;
}

const parentContext = (parent: SpanSettings['parent']): Context =>
  parent === undefined ? ROOT_CONTEXT : typeof parent === 'string' ? (contextOfTraceparent(parent) ?? ROOT_CONTEXT) : parent;

/**
 * Runs `fn` in a new span, ended when `fn` settles; `fn` gets the span (traceparentOf(span) is the
 * parent to hand to the work it causes). A failure marks the span with ERROR and the error's class
 * only: messages may quote data, and a span never holds a secret.
 */
export async function inSpan<T>(name: string, settings: SpanSettings, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!active || !tracer || notRecorded(settings)) return fn(notRecording);
  const span = started(name, settings, tracer);
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
 * Starts a span that the caller ends (an HTTP request's, which starts and ends in different hooks):
 * without a parent, a new trace (`newTrace`). Undefined when tracing is off; a span that does not
 * record (and whose traceparent is undefined) when its trace is not recorded.
 */
export function startSpan(name: string, settings: SpanSettings): Span | undefined {
  if (!active || !tracer) return undefined;
  // Every request's: the flag as an argument, not a copy of the settings that carries it.
  return notRecorded(settings, true) ? notRecording : started(name, settings, tracer);
}

/** ERROR status and `error.type`: the error's class, or the given type (a status code); nothing of a message. */
export function markFailed(span: Span, err: unknown): void {
  const type = typeof err === 'string' ? err : err instanceof Error ? err.name : typeof err;
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

/** The W3C traceparent of `span`, or undefined when tracing is off. */
export function traceparentOf(span: Span): TraceParent | undefined {
  if (!active) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  // The SDK's spans have valid ids (generated or inherited); the placeholder of "not recording" has zeros.
  if (traceId === ZERO_TRACE_ID || spanId === ZERO_SPAN_ID) return undefined;
  // The W3C form the propagator writes (version 00), formatted here: the propagator's path (a context
  // and a carrier per event) costs every append more than the span itself.
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** The version-00 traceparent the service writes (traceparentOf), and reads back from events. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The last traceparents read, as contexts: each projection of a process and each reactor reads the
 * same events' traceparents, and a command's events share one.
 */
const parsedTraceparents = new Map<string, Context>();
const PARSED_KEPT = 1_024;

/**
 * The trace context a traceparent names, or undefined (tracing off, absent, malformed or all-zero
 * ids). Parsed here rather than through the propagator: every event a projection batch or a reactor
 * step handles has one, and the propagator's path cost more per event than the span it parents.
 */
export function contextOfTraceparent(traceparent: unknown): Context | undefined {
  if (typeof traceparent !== 'string' || !active) return undefined;
  const known = parsedTraceparents.get(traceparent);
  if (known) return known;
  const parsed = TRACEPARENT.exec(traceparent);
  if (!parsed || parsed[1] === ZERO_TRACE_ID || parsed[2] === ZERO_SPAN_ID) return undefined;
  const ctx = trace.setSpanContext(ROOT_CONTEXT, { traceId: parsed[1]!, spanId: parsed[2]!, traceFlags: parseInt(parsed[3]!, 16), isRemote: true });
  // Oldest first out (insertion order): a bounded cache, never a growing one.
  if (parsedTraceparents.size >= PARSED_KEPT) parsedTraceparents.delete(parsedTraceparents.keys().next().value!);
  parsedTraceparents.set(traceparent, ctx);
  return ctx;
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
 * in both cases linked to each distinct context (at most MAX_LINKS). With a parent-based sampler,
 * only sampled traces count, as parent or link, and work on events of none records nothing.
 */
export async function inEventsSpan<T>(
  name: string,
  events: readonly { metadata: Readonly<Record<string, unknown>> | undefined | null }[],
  settings: Omit<SpanSettings, 'parent' | 'links'>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  if (!active) return fn(notRecording);
  // Each distinct traceparent once (a command's events share one), in the order of the events. With a
  // parent-based sampler, only the sampled ones: an unsampled trace records nothing to link to or
  // continue. With one request in ten sampled (the default until 2026-11-30), nearly every projection
  // batch of thirty events held a sampled one, and parsing the other twenty-seven cost the traced
  // server more than its spans.
  const contexts: Context[] = [];
  const seen = new Set<string>();
  const traces = new Set<string>();
  for (const event of events) {
    const traceparent = event.metadata?.[TRACEPARENT_KEY];
    if (typeof traceparent !== 'string' || seen.has(traceparent)) continue;
    seen.add(traceparent);
    if (skipUnsampled && unsampledTraceparent(traceparent)) continue;
    const ctx = contextOfTraceparent(traceparent);
    if (!ctx) continue;
    contexts.push(ctx);
    traces.add(trace.getSpanContext(ctx)!.traceId);
  }
  // With a parent-based sampler, a batch without a recorded trace's event records nothing (inSpan:
  // no parent, no newTrace); one of several recorded traces' events starts a trace of its own.
  const parent = traces.size === 1 ? contexts[0]! : ROOT_CONTEXT;
  const links: Link[] = contexts.slice(0, MAX_LINKS).map((c) => ({ context: trace.getSpanContext(c)! }));
  return inSpan(name, { kind: SpanKind.CONSUMER, ...settings, parent, newTrace: traces.size > 1, ...(events.length > 1 && links.length > 0 ? { links } : {}) }, fn);
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
