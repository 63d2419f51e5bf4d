// One log line per request, written when the response is finished (docs/observability.md, "Logs"):
// method and URL (query values redacted, log-serializers.ts), the route's pattern, status, duration
// in ms, the request id and, for an authenticated request, org_id and user_id. Fastify's own
// "incoming request" line is not written: it comes before authentication, so it could never name
// the caller, and the finished line says everything it said. The identity reaches the line through
// the reply's child logger, which request-log-context.ts replaces right after authentication.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The label of a request that matched no route (404, malformed URL). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route's pattern (`/api/runs/:run_id`), never the URL; `unmatched` for a request no route took. */
export const routeLabel = (request: FastifyRequest): string => (request.is404 ? undefined : request.routeOptions.url) ?? UNMATCHED_ROUTE;

export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // Written at response time instead, with the caller (see above).
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const details = { req: request, route: routeLabel(request), res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...details, err: error }, 'request errored');
    else reply.log.info(details, 'request completed');
  }
}
