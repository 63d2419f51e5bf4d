// One place renders every error in the API's shapes (docs/security.md, "Error shapes"):
// - handler errors:            { detail: text }
// - authentication/rate limit: { error: text }           (AuthenticationError, raised by plugins)
// - validation:                400 { detail: "body/action_cap must be <= 1000" }
// - server errors:             500 { detail: "Internal server error" } — logged with the request id,
//                              never the exception text.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WrongExpectedVersionError } from '../../adapters/event-store.js';
import { isDependencyUnavailable } from '../../adapters/postgres/unavailable.js';
import { DomainError, errorStatus } from '../../domain/errors.js';

/** Errors of the authentication and rate-limit middleware, rendered as { error }. */
export class MiddlewareError extends Error {
  override readonly name = 'MiddlewareError';
  constructor(
    readonly statusCode: 401 | 403 | 429 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Authorization denial: 403 with detail { error, required_permission, role }. */
export class PermissionDeniedError extends Error {
  override readonly name = 'PermissionDeniedError';
  constructor(
    readonly requiredPermission: string,
    readonly role: string,
  ) {
    super(`Missing permission ${requiredPermission}`);
  }
}

const INTERNAL = 'Internal server error';

/**
 * PostgreSQL "data exception" (SQLSTATE class 22): a value from the request that the database
 * cannot take — a NUL character in text or JSON, a number out of range. The request is at fault.
 */
function isDataException(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown; cause?: unknown } | null;
  if (e && typeof e.code === 'string' && typeof e.severity === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  return e?.cause !== undefined && e.cause !== err ? isDataException(e.cause) : false;
}

/**
 * No pooled database connection became free in time: pg's `connectionTimeoutMillis` ("timeout
 * exceeded when trying to connect") or knex's `acquireConnectionTimeout` (KnexTimeoutError). The
 * database is busy, not broken: 503 with a short Retry-After instead of a request that hangs.
 */
export function isPoolAcquireTimeout(err: unknown): boolean {
  for (let e = err as { name?: unknown; message?: unknown; cause?: unknown } | null | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.name === 'KnexTimeoutError') return true;
    if (typeof e.message === 'string' && /^timeout exceeded when trying to connect$|^Connection terminated due to connection timeout$/.test(e.message)) return true;
  }
  return false;
}


export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof DomainError) {
        return reply.code(errorStatus[err.code]).send({ detail: err.message });
      }
      if (err instanceof MiddlewareError) {
        return reply.code(err.statusCode).headers(err.headers).send({ error: err.message, ...err.extra });
      }
      if (err instanceof PermissionDeniedError) {
        return reply.code(403).send({
          detail: { error: 'Permission denied', required_permission: err.requiredPermission, role: err.role },
        });
      }
      if (err instanceof WrongExpectedVersionError) {
        // Retries inside the command handler were exhausted: the resource is too contended.
        return reply.code(409).send({ detail: 'The resource changed concurrently; read it again and retry' });
      }
      if (err.validation) {
        const first = err.validation[0];
        const where = err.validationContext ?? 'request';
        const field = first?.instancePath ? `${where}${first.instancePath}` : where;
        let message = first?.message ?? 'is invalid';
        const params: Record<string, unknown> | undefined = first?.params;
        if (first?.keyword === 'additionalProperties' && typeof params?.additionalProperty === 'string') {
          message = `has an unknown field '${params.additionalProperty}'`;
        } else if (first?.keyword === 'required' && typeof params?.missingProperty === 'string') {
          message = `must have the field '${params.missingProperty}'`;
        }
        return reply.code(400).send({ detail: `${field} ${message}` });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, body too large…): their
        // messages describe the request, not the server.
        const detail = status === 413 ? 'Request body is too large' : err.message;
        return reply.code(status).send({ detail });
      }
      if (isDataException(err)) {
        request.log.warn({ err }, 'request value refused by the database');
        return reply.code(400).send({ detail: 'The request holds a value that cannot be stored (for instance a NUL character)' });
      }
      if (isPoolAcquireTimeout(err)) {
        request.log.warn({ err }, 'no database connection free in time');
        return reply.code(503).header('retry-after', '1').send({ detail: 'Service busy: no database connection became free in time; retry shortly' });
      }
      if (isDependencyUnavailable(err)) {
        request.log.error({ err }, 'dependency unavailable');
        return reply.code(503).send({ detail: 'Service temporarily unavailable' });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ detail: INTERNAL });
    });

    app.setNotFoundHandler((request, reply) => {
      return reply.code(404).send({ detail: `No route ${request.method} ${request.url.split('?')[0] ?? ''}` });
    });
  },
  { name: 'errors' },
);
