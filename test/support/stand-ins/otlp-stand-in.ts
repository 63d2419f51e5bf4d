// An OpenTelemetry collector stand-in: a real HTTP server on 127.0.0.1 that takes OTLP/HTTP JSON
// exports (POST /v1/traces, what @opentelemetry/exporter-trace-otlp-http sends) and answers 200.
// Keeps each export's headers and body, and flattens the spans for assertions. `record: false`
// makes it a sink that reads and drops the bodies (the commands benchmark's traced variant).
//
//   const otlp = await startOtlpStandIn();
//   env.OTEL_EXPORTER_OTLP_ENDPOINT = otlp.url;
//   otlp.exports        // every POST: { path, headers, body (raw text) }
//   otlp.spans()        // [{ name, kind, traceId, spanId, parentSpanId, attributes, resource }]
//   otlp.received()     // export requests answered
//   await otlp.close();
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpExport {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

export interface OtlpStandIn {
  url: string;
  exports: OtlpExport[];
  /** Spans received so far, in order. */
  spans(): OtlpSpan[];
  /** Export requests answered (recorded or not). */
  received(): number;
  close(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
}
type KeyValue = { key: string; value: AnyValue };
interface ExportBody {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { spans?: { name: string; kind: number; traceId: string; spanId: string; parentSpanId?: string; attributes?: KeyValue[] }[] }[];
  }[];
}

const valueOf = (v: AnyValue): unknown =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.boolValue ?? v.doubleValue ?? v.arrayValue?.values?.map(valueOf);
const attributesOf = (kvs: KeyValue[] | undefined) => Object.fromEntries((kvs ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

export async function startOtlpStandIn(options: { record?: boolean } = {}): Promise<OtlpStandIn> {
  const record = options.record ?? true;
  const exports: OtlpExport[] = [];
  let received = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => record && chunks.push(c));
    req.on('end', () => {
      if (record) exports.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      else received++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const spans = (): OtlpSpan[] =>
    exports.flatMap((e) =>
      ((JSON.parse(e.body) as ExportBody).resourceSpans ?? []).flatMap((rs) =>
        (rs.scopeSpans ?? []).flatMap((ss) =>
          (ss.spans ?? []).map((s) => ({
            name: s.name,
            kind: s.kind,
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId || undefined,
            attributes: attributesOf(s.attributes),
            resource: attributesOf(rs.resource?.attributes),
          })),
        ),
      ),
    );
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    spans,
    received: () => (record ? exports.length : received),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
