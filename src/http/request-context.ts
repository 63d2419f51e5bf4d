// What a command records about the HTTP request that caused it.
import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../commands/handle-command.js';

const CORRELATION = /^[A-Za-z0-9._:-]{1,128}$/;

export function commandContext(request: FastifyRequest): CommandContext {
  const header = request.headers['x-correlation-id'];
  const correlation = typeof header === 'string' && CORRELATION.test(header) ? header : request.id;
  const context: CommandContext = { org_id: request.orgId, user_id: request.identity.userId, correlation_id: correlation, request_id: request.id };
  // Every command's request: no spread of a temporary object (eventMetadata has why).
  if (request.traceparent) context.traceparent = request.traceparent;
  return context;
}

/** The request's span as the parent of what a command does, with tracing on (nothing otherwise). */
export function traceOf(request: FastifyRequest): { traceparent?: string } {
  return request.traceparent ? { traceparent: request.traceparent } : {};
}
