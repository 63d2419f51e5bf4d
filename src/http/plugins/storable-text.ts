// Text PostgreSQL cannot store — a NUL character, or a UTF-16 surrogate without its pair (which no
// UTF-8 encoding has) — is refused before any handler runs: one 400 naming every such field. Left to
// the database it failed a write half-way (an import with some items already appended) or deep
// inside a streamed answer.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';

// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Paths (`body/items/2/title`) of the strings, keys included, that cannot be stored. */
export function unstorableFields(value: unknown, path: string, found: string[] = [], depth = 0): string[] {
  if (found.length >= 20 || depth > 32) return found;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unstorableFields(v, `${path}/${i}`, found, depth + 1));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (UNSTORABLE.test(k)) found.push(`${path}/${k}`);
      else unstorableFields(v, `${path}/${k}`, found, depth + 1);
    }
  }
  return found;
}

export default fp(
  async function storableTextPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const found = [
        ...unstorableFields(request.params, 'params'),
        ...unstorableFields(request.query, 'querystring'),
        ...(request.body && typeof request.body === 'object' ? unstorableFields(request.body, 'body') : []),
      ];
      if (found.length > 0) {
        throw new DomainError('invalid', `${found.join(', ')}: text must not hold a NUL character or an unpaired surrogate`);
      }
    });
  },
  { name: 'storable-text' },
);
