// A command whose body has no required field may be sent without a body, as `curl -X POST` does:
// the missing body (no content at all, or an empty application/json one) is taken as `{}`.
// One rule for every route, decided from the route's own body schema, so that a new route
// needs nothing to get it (docs/api-behaviour.md).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

interface ObjectSchema {
  type?: unknown;
  required?: unknown;
}

/** True when `{}` satisfies the schema's required fields: an object schema without `required`. */
export function acceptsEmptyObject(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as ObjectSchema;
  if (s.type !== 'object') return false;
  return !Array.isArray(s.required) || s.required.length === 0;
}

export default fp(
  async function emptyBodyPlugin(app: FastifyInstance) {
    // An empty body with `content-type: application/json` is not an error here: it parses to
    // "no body", which the hook below turns into `{}` where allowed and validation refuses elsewhere.
    // Fastify's own defaults: __proto__ refused, constructor keys ignored.
    const parseJson = app.getDefaultJsonParser('error', 'ignore');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      // The default parser answers through `done`; its return value carries nothing.
      void parseJson(request, text, done);
    });
    app.addHook('preValidation', async (request) => {
      if (request.body !== undefined && request.body !== null) return;
      if (acceptsEmptyObject(request.routeOptions.schema?.body)) request.body = {};
    });
  },
  { name: 'empty-body' },
);
