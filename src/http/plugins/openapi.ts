// OpenAPI 3.1 generated from the route schemas (@fastify/swagger), served at /api/openapi.json, and
// the interactive documentation at /api/docs (@fastify/swagger-ui, whose assets ship inside the
// npm package: nothing is loaded from a CDN). Every operation gets its security from the permission
// table — bearer for protected routes, none for public ones — its required permission, and the
// error responses the middleware can give, so the document cannot drift from what is enforced.
// Register after the permissions plugin (which sets route.config from the table) and before routes.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { DetailErrorSchema, MiddlewareErrorSchema, PermissionErrorSchema } from '../schemas/common.schemas.js';
import { closedSetsAsEnums } from './openapi-enums.js';
import { operationIdFor } from './openapi-operations.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

export interface OpenApiPluginOptions {
  version: string;
}

const describe = (description: string, schema: object) => ({ description, content: { 'application/json': { schema } } });

const publicErrors = {
  429: describe('Rate limit exceeded (Retry-After header)', MiddlewareErrorSchema),
  500: describe('Server error (generic text, logged with the request id)', DetailErrorSchema),
};
const protectedErrors = {
  401: describe('Missing or invalid identity', MiddlewareErrorSchema),
  403: describe('Permission denied, or a token without an organization', PermissionErrorSchema),
  ...publicErrors,
  503: describe('Authorization or identity dependencies unavailable', MiddlewareErrorSchema),
};
const validationError = { 400: describe('Invalid input; the detail names the field', DetailErrorSchema) };

type ResponseMap = Record<string, unknown>;

/** What a status means when the route's schema does not say it in its own words. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Accepted: the work goes on in the background',
  204: 'Done; no body',
  400: 'Invalid input; the detail names the field',
  401: 'Missing or invalid identity',
  403: 'Permission denied (the permission and role are named), or a token without an organization',
  404: 'Not found in the organization',
  409: 'Conflicts with the current state; the detail says why',
  413: 'Request body too large',
  429: 'Rate limit exceeded (Retry-After header)',
  500: 'Server error (generic text, logged with the request id)',
  502: 'The board or another provider failed; the detail says which',
  503: 'A dependency (database, event store, identity provider) is unavailable',
};

/**
 * Gives a response without a description one for its status. A bare schema is wrapped as
 * `{description, content}` rather than copied, so a named ($id) schema stays one component.
 */
function described(status: string, response: unknown): unknown {
  if (!response || typeof response !== 'object') return response;
  const r = response as Record<string, unknown>;
  if (typeof r.description === 'string' && r.description) return response;
  const description = STATUS_DESCRIPTIONS[status] ?? `HTTP ${status}`;
  if ('content' in r) return { ...r, description };
  if (r.type === 'null') return { ...r, description };
  return { description, content: { 'application/json': { schema: response } } };
}

/** Adds the middleware's error responses unless the route documents its own for that status. */
function withErrors(schema: FastifySchema, isPublic: boolean): ResponseMap {
  const own = (schema.response ?? {}) as ResponseMap;
  const takesInput = Boolean(schema.body ?? schema.querystring ?? schema.params);
  const errors: ResponseMap = { ...(isPublic ? publicErrors : protectedErrors), ...(takesInput ? validationError : {}) };
  const merged: ResponseMap = { ...own };
  for (const [status, response] of Object.entries(errors)) {
    if (!(status in merged)) merged[status] = response;
  }
  return Object.fromEntries(Object.entries(merged).map(([status, response]) => [status, described(status, response)]));
}

type Json = Record<string, unknown>;

/**
 * A schema's identity for matching copies: its JSON with sorted keys, without title, description
 * and examples (@fastify/swagger moves a response schema's examples to the media type's example).
 */
function shapeOf(node: unknown): string {
  if (Array.isArray(node)) return `[${node.map(shapeOf).join(',')}]`;
  if (!node || typeof node !== 'object') return JSON.stringify(node);
  const entries = Object.entries(node as Json).filter(([k]) => k !== 'title' && k !== 'description' && k !== 'examples').sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${shapeOf(v)}`).join(',')}}`;
}

/**
 * Moves every inline copy of a named schema (one whose title is a shared schema's $id, and any
 * other copy of the same shape) to components.schemas under that name and leaves a $ref in its
 * place, so clients generate one type per shared shape (Run, RunAction, DetailError…), not one per use.
 */
function hoistNamedSchemas<T extends object>(document: T, names: ReadonlySet<string>): T {
  const doc = document as unknown as { components?: { schemas?: Json } };
  const components: Json = { ...(doc.components?.schemas ?? {}) };
  const byShape = new Map<string, string>();
  // First the titled copies: they name the shapes.
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!node || typeof node !== 'object') return;
    const obj = node as Json;
    const title = typeof obj.title === 'string' ? obj.title : undefined;
    if (title && names.has(title) && !(title in components)) {
      components[title] = obj;
      byShape.set(shapeOf(obj), title);
    }
    Object.values(obj).forEach(collect);
  };
  collect(document);
  const visit = (node: unknown, inComponent?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, inComponent));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Json;
    const name = byShape.get(shapeOf(obj));
    if (name && name !== inComponent) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, visit(v, inComponent)]));
  };
  for (const [name, schema] of Object.entries(components)) if (byShape.has(shapeOf(schema))) components[name] = visit(schema, name);
  const { components: _c, ...rest } = document as unknown as Json;
  const hoisted = visit(rest) as Json;
  return { ...hoisted, components: { ...(doc.components ?? {}), schemas: components } } as unknown as T;
}

export default fp<OpenApiPluginOptions>(
  async function openApiPlugin(app: FastifyInstance, options) {
    const named = new Set<string>();
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Sprintguard API',
          version: options.version,
          description:
            'Guarded automation cycles against a project board. Protected routes take `Authorization: Bearer <session token>`; ' +
            'each names the permission it needs. Errors: `{detail}` from handlers, `{error}` from authentication and rate limiting, ' +
            '403 `{detail: {error, required_permission, role}}` on a missing permission.',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "the identity provider's session token" },
            systemApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'the deployment\'s system credential (SYSTEM_API_KEY)' },
          },
        },
      },
      // Shared schemas ($id) become components named by their $id, not def-N: the title marks them
      // (as @fastify/swagger's default resolver does) and hoistNamedSchemas turns them into references.
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => {
          if (typeof json.$id !== 'string') return `def-${i}`;
          if (!json.title) json.title = json.$id;
          named.add(json.$id);
          return json.$id;
        },
      },
      transformObject: (documentObject) =>
        'openapiObject' in documentObject ? closedSetsAsEnums(hoistNamedSchemas(documentObject.openapiObject, named)) : documentObject.swaggerObject,
      transform: ({ schema, url, route }) => {
        const source: FastifySchema = schema ?? {};
        const isPublic = route.config?.public === true;
        const permission = route.config?.permission;
        const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
        const transformed: Record<string, unknown> = {
          ...source,
          operationId: (source as { operationId?: unknown }).operationId ?? operationIdFor(method, url),
          // A public route that checks a credential of its own names it in its schema (the suppression feed).
          security: source.security ?? (isPublic ? [] : [{ bearerAuth: [] }]),
          response: withErrors(source, isPublic),
        };
        if (!isPublic && permission) {
          transformed['x-required-permission'] = permission;
          const description = typeof source.description === 'string' ? `${source.description}\n\n` : '';
          transformed.description = `${description}Requires the permission \`${permission}\`.`;
        }
        return { schema: transformed, url };
      },
    });

    await app.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      // validatorUrl null: the UI must not call an online validator (closed network, no leak of the API).
      uiConfig: { deepLinking: true, docExpansion: 'list', persistAuthorization: false, validatorUrl: null },
      staticCSP: true,
    });

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi', dependencies: ['permissions'] },
);
