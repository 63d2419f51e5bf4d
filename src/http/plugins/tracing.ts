// One server span per request (docs/observability.md, "Traces"), registered by buildApp only when
// tracing is on. Named by method and route pattern (`POST /api/runs/:id/approve-all`), never the
// path's values; attributes: method, route, status code, request id. Nothing of the query, the
// headers or the body. A caller's W3C `traceparent` header makes the span its child.
//
// The span's own traceparent is `request.traceparent`: the commands the request runs carry it in
// their context (http/request-context.ts), so their appends and board calls are its children.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contextOfHeaders, markFailed, SpanKind, startSpan, traceparentOf, type Span } from '../../adapters/telemetry/spans.js';

export default fp(
  async function tracingPlugin(app: FastifyInstance) {
    const spans = new WeakMap<FastifyRequest, Span>();
    app.decorateRequest('traceparent', undefined);

    const end = (request: FastifyRequest, statusCode: number | undefined) => {
      const span = spans.get(request);
      if (!span) return;
      spans.delete(request);
      if (statusCode === undefined) span.setAttribute('sprintguard.request.aborted', true);
      else {
        span.setAttribute('http.response.status_code', statusCode);
        // Server spans: only a 5xx is an error (a 4xx is the client's).
        if (statusCode >= 500) markFailed(span, String(statusCode));
      }
      span.end();
    };

    app.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions.url;
      const span = startSpan(route ? `${request.method} ${route}` : request.method, { kind: SpanKind.SERVER, parent: contextOfHeaders(request.headers) });
      if (span) {
        request.traceparent = traceparentOf(span);
        // An unrecorded span (most requests under load, past the limit of new traces) has nothing to set or end.
        if (span.isRecording()) {
          span.setAttributes({ 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}), 'sprintguard.request_id': request.id });
          spans.set(request, span);
        }
      }
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      end(request, reply.statusCode);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      end(request, undefined);
      done();
    });
  },
  { name: 'tracing' },
);

