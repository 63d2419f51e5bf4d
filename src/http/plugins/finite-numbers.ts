// Numbers in a query string or a path must be finite. Ajv turns "1e400" or "Infinity" given for an
// integer parameter into Infinity, and then skips `minimum`/`maximum` for it (it compares finite
// numbers only): `?limit=Infinity` passed validation, lifted a list's maximum page size, and a route
// that echoes the value failed to serialize it (500). Only parameters whose schema is a number
// come out of validation as numbers, so the check after validation is exactly "a number parameter
// that is not finite": 400 naming it, as any validation error does.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../../domain/errors.js';

function firstNonFinite(values: unknown): string | undefined {
  if (!values || typeof values !== 'object') return undefined;
  for (const [name, value] of Object.entries(values)) {
    const all: unknown[] = Array.isArray(value) ? value : [value];
    if (all.some((v) => typeof v === 'number' && !Number.isFinite(v))) return name;
  }
  return undefined;
}

export default fp(
  async function finiteNumbersPlugin(app: FastifyInstance) {
    app.addHook('preHandler', async (request) => {
      for (const [where, values] of [['querystring', request.query], ['params', request.params]] as const) {
        const name = firstNonFinite(values);
        if (name !== undefined) throw invalid(`${where}/${name} must be a finite number`);
      }
    });
  },
  { name: 'finite-numbers', dependencies: ['errors'] },
);
