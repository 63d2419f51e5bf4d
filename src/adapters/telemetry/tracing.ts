// OpenTelemetry tracing (docs/observability.md, "Traces"): on only when an OTLP endpoint is
// configured. The only file that imports the SDK: it installs a tracer provider and the W3C
// propagator as the process's globals, and removes them on shutdown, after the last spans are
// exported. No context manager: parents are passed explicitly (./spans.ts says why). The SDK line
// is the 2.x one (with the 0.2xx exporters), which runs on Node 20; the next majors need Node 22.
// The SDK is loaded only when tracing is on: its modules take a few hundred milliseconds to load,
// which every process start and every CLI command would pay for nothing.
import { diag, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import type * as TraceSdk from '@opentelemetry/sdk-trace-base';
import type { Sampler, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { setTracingActive, tracingActive } from './spans.js';

export type { SpanExporter };

/** The head samplers of the OpenTelemetry specification that OTEL_TRACES_SAMPLER may name. */
export const TRACE_SAMPLERS = ['parentbased_traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'traceidratio', 'always_on', 'always_off'] as const;
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];

/** Which traces are recorded: a sampler of the specification and the ratio of the `traceidratio` ones. */
export interface TraceSampling {
  sampler: TraceSamplerName;
  /** 0…1: the share of new traces recorded by a `traceidratio` sampler; the others ignore it. */
  ratio: number;
  /**
   * With a `parentbased_*` sampler, at most this many new traces recorded a second by this process
   * (what the sampler picks past it is not recorded); 0 or absent: no limit. The samplers that
   * decide each span afresh ignore it: a limit per span would record traces in pieces.
   */
  maxPerSecond?: number;
}

/**
 * Every new trace, up to ten a second, and whatever a caller's `traceparent` decided. Recording
 * every trace costs an append 10–20% of its throughput, and a recorded command's trace 0.5–0.9 ms
 * of CPU, on a 2-core machine; a share (one in ten) still grows with the load, and cost loaded
 * appends 2–8% of their throughput. A limit a second costs a loaded service a fixed ~1% of a core,
 * and a quiet one records everything (docs/observability.md, "Which traces are recorded").
 */
export const DEFAULT_TRACE_SAMPLING: TraceSampling = { sampler: 'parentbased_always_on', ratio: 1, maxPerSecond: 10 };

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to <endpoint>/v1/traces. Unset → off. */
  endpoint: string | undefined;
  serviceName: string;
  /** Given by every caller: the service's default is DEFAULT_TRACE_SAMPLING, a test's usually every trace. */
  sampling: TraceSampling;
  /** Replaces the OTLP exporter (tests pass an in-memory one); each span is then exported as it ends. */
  exporter?: SpanExporter;
  log: { warn: (details: object, message: string) => void };
}

export interface Tracing {
  readonly enabled: boolean;
  /** Exports what is left and removes the globals; safe to call twice. */
  shutdown(): Promise<void>;
}

const off: Tracing = { enabled: false, shutdown: async () => undefined };

/** The OTLP/HTTP traces URL for a base endpoint, as the OpenTelemetry specification derives it. */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

export async function startTracing(options: TracingOptions): Promise<Tracing> {
  if (!options.endpoint) return off;
  const [{ W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk, { ATTR_SERVICE_NAME }] =
    await Promise.all([
      import('@opentelemetry/core'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/semantic-conventions'),
    ]);
  const { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } = sdk;
  if (tracingActive()) {
    // The globals are the process's: a second infrastructure in one process (only tests build two)
    // records into the first one's provider.
    options.log.warn({}, 'tracing is already on in this process; this instance records through it');
    return off;
  }
  // The SDK reports export failures (collector down, refused) through its diagnostic logger.
  diag.setLogger(
    {
      error: (message, ...args) => options.log.warn({ otel: args.map(String) }, `tracing: ${message}`),
      warn: (message, ...args) => options.log.warn({ otel: args.map(String) }, `tracing: ${message}`),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    DiagLogLevel.WARN,
  );
  // Headers, timeout, compression and certificates come from the standard OTEL_EXPORTER_OTLP_*
  // variables, which the exporter reads itself.
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(options.endpoint) }));
  const parentBased = options.sampling.sampler.startsWith('parentbased_');
  const provider = new BasicTracerProvider({
    // Given explicitly: the SDK would otherwise read OTEL_TRACES_SAMPLER itself, with another default.
    // A parent-based sampler's decision on new traces is taken in ./spans.ts before the SDK is
    // called (setTracingActive's newTraceShare): the SDK then only sees the new traces to record.
    sampler: parentBased ? new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }) : samplerOf(sdk, options.sampling),
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [processor],
  });
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  setTracingActive(true, { parentBased, newTraceShare: newTraceShare(options.sampling), newTracesPerSecond: options.sampling.maxPerSecond ?? 0 });

  let stopping: Promise<void> | undefined;
  return {
    enabled: true,
    shutdown: () =>
      (stopping ??= (async () => {
        setTracingActive(false);
        try {
          await provider.shutdown();
        } catch (err) {
          options.log.warn({ err }, 'tracing: the last spans could not be exported');
        } finally {
          trace.disable();
          propagation.disable();
          diag.disable();
        }
      })()),
  };
}

type SamplerClasses = Pick<typeof TraceSdk, 'AlwaysOnSampler' | 'AlwaysOffSampler' | 'TraceIdRatioBasedSampler' | 'ParentBasedSampler'>;

/** The SDK's sampler for a sampling setting (the specification's names, as its own env reading builds them). */
function samplerOf(sdk: SamplerClasses, { sampler, ratio }: TraceSampling): Sampler {
  const root = sampler.endsWith('always_on') ? new sdk.AlwaysOnSampler() : sampler.endsWith('always_off') ? new sdk.AlwaysOffSampler() : new sdk.TraceIdRatioBasedSampler(ratio);
  return sampler.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root }) : root;
}

/** The share of new traces a sampling records: what its root sampler decides, on average. */
function newTraceShare({ sampler, ratio }: TraceSampling): number {
  return sampler.endsWith('always_on') ? 1 : sampler.endsWith('always_off') ? 0 : Math.min(1, Math.max(0, ratio));
}

/**
 * The sampler that `sampling` names, described by the SDK (e.g. `ParentBased{root=TraceIdRatioBased{0.1}, …}`),
 * and its limit of new traces a second when it has one (`…; at most 10 new traces a second`).
 */
export async function describeSampling(sampling: TraceSampling): Promise<string> {
  const described = samplerOf(await import('@opentelemetry/sdk-trace-base'), sampling).toString();
  const limited = sampling.sampler.startsWith('parentbased_') && (sampling.maxPerSecond ?? 0) > 0;
  return limited ? `${described}; at most ${sampling.maxPerSecond} new traces a second` : described;
}
