// GET /api/health (liveness) and GET /api/readiness (every dependency the service needs).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export interface ReadinessCheck {
  /** What is checked, named in the 503 answer: database, event_store, identity… */
  name: string;
  check: () => Promise<void>;
}

const CheckResult = Type.Object({ name: Type.String(), ok: Type.Boolean(), error: Type.Optional(Type.String()) });
const ReadinessSchema = Type.Object({ status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]), checks: Type.Array(CheckResult) });

const CHECK_TIMEOUT_MS = 3_000;

export const healthRoutes: FastifyPluginAsyncTypebox<{ checks: readonly ReadinessCheck[] }> = async (app, { checks }) => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: 'Process liveness', security: [], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/readiness',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Database, event store and configuration readiness',
        security: [],
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply) => {
      const results = await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            await withTimeout(check(), CHECK_TIMEOUT_MS);
            return { name, ok: true };
          } catch (err) {
            request.log.warn({ err, check: name }, 'readiness check failed');
            // The reason is ours (a short, fixed phrase), never the exception text.
            return { name, ok: false, error: err instanceof ReadinessFailure ? err.message : `${name} unavailable` };
          }
        }),
      );
      const ready = results.every((r) => r.ok);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks: results });
    },
  );
};

/** A readiness failure whose message is safe to show (configuration problems). */
export class ReadinessFailure extends Error {
  override readonly name = 'ReadinessFailure';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}
