// One server span per request (docs/observability.md, "Traces"), registered by buildApp only when
// tracing is on. Named by method and route pattern (`POST /api/runs/:id/approve-all`), never the
// path's values; attributes: method, route, status code, request id. Nothing of the query, the
// headers or the body. A caller's W3C `traceparent` header makes the span its child.
//
// The span's context is entered in onRequest and again in preValidation: the body is read from the
// socket's own callbacks, outside the request's async context, so what runs after parsing (the
// handler, its appends and board calls) is put back in it before any route code runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contextOfHeaders, markFailed, ROOT_CONTEXT, SpanKind, startSpan, withContext } from '../../adapters/telemetry/spans.js';

type Started = NonNullable<ReturnType<typeof startSpan>>;

export default fp(
  async function tracingPlugin(app: FastifyInstance) {
    const spans = new WeakMap<FastifyRequest, Started>();

    const end = (request: FastifyRequest, statusCode: number | undefined) => {
      const started = spans.get(request);
      if (!started) return;
      spans.delete(request);
      const { span } = started;
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
      const started = startSpan(route ? `${request.method} ${route}` : request.method, {
        kind: SpanKind.SERVER,
        parent: contextOfHeaders(request.headers) ?? ROOT_CONTEXT,
        attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}), 'sprintguard.request_id': request.id },
      });
      if (!started) return done();
      spans.set(request, started);
      withContext(started.context, done);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const started = spans.get(request);
      if (!started) return done();
      withContext(started.context, done);
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

