// Every route of the OpenAPI document, walked with invalid values of each of its parameters (path,
// query, header and body fields, from the document itself): no answer is a server error, and every
// error has one of the API's shapes (README, "Calling the API") — {detail: text}, {detail: {error, required_permission, role}}
// or {error: text}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  $ref?: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

let t: TestApp;
let doc: Doc;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    label: 'invalid_values',
    env: { REACTORS_ENABLED: 'false', RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000', READ_YOUR_WRITES_TIMEOUT_MS: '200' },
  });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json<Doc>();
  headers = await t.auth({ orgId: 'org_invalid', userId: 'ada', admin: true });
});
afterAll(async () => t?.close());

/** The SSE route streams until the client leaves: app.inject would wait for ever. */
const SKIPPED = new Set(['GET /api/runs/stream']);

const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
  if (schema?.$ref) return doc.components?.schemas?.[schema.$ref.split('/').pop()!];
  return schema;
};

const typesOf = (schema: JsonSchema | undefined): string[] => {
  const s = resolve(schema);
  if (!s) return [];
  if (s.anyOf) return s.anyOf.flatMap(typesOf);
  if (s.enum) return ['enum'];
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
};

/** Values no parameter of these types should take. */
function invalidValues(schema: JsonSchema | undefined, name: string): string[] {
  const types = typesOf(schema);
  const values = ['%00', '%ZZ', 'x'.repeat(5_000), '\u{1F600}'.repeat(3), "' OR 1=1 --", '../../etc/passwd'];
  if (types.includes('integer') || types.includes('number')) values.push('abc', '-1', '1.5', '99999999999999999999999', 'NaN', '1e400');
  if (types.includes('boolean')) values.push('maybe', '2');
  if (types.includes('enum')) values.push('not-a-value');
  if (/(^|_)(from|to|at|as_of|since|until)$/.test(name) || resolve(schema)?.format?.startsWith('date')) values.push('2024-02-30', '2024-13-01', '0000-01-01', '9999-99-99T99:99');
  values.push('');
  return values;
}

/** Body field values of the wrong kind for `schema`. */
function invalidFieldValues(schema: JsonSchema | undefined): unknown[] {
  const types = typesOf(schema);
  const values: unknown[] = [null, {}, [], 'x'.repeat(100_000), 'a\u0000b', '\ud800', -1, 1.5, 1e308, true];
  if (types.includes('string') || types.includes('enum')) values.push(12, 'not-a-value', '2024-02-30');
  if (types.includes('array')) values.push(['a\u0000b'], [null], Array.from({ length: 1_000 }, (_, i) => `v${i}`));
  return values;
}

/** What is wrong with an answer, or undefined when it is a non-server error in an API error shape (or a success). */
function problemWith(name: string, res: { statusCode: number; body: string }): string | undefined {
  const where = `${name} → ${res.statusCode} ${res.body.slice(0, 160)}`;
  const billingUnconfigured = name.includes('/api/billing/') && res.statusCode === 503;
  if (res.statusCode >= 500 && !billingUnconfigured) return where;
  if (res.statusCode < 400) return undefined;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    return `${where} (not JSON)`;
  }
  const detail = body.detail;
  const shaped =
    (typeof detail === 'string' && Object.keys(body).length === 1) ||
    (detail !== null && typeof detail === 'object' && typeof (detail as Record<string, unknown>).error === 'string') ||
    typeof body.error === 'string';
  if (!shaped || /FST_|"statusCode"|"code"|stack/.test(res.body)) return `${where} (shape)`;
  return undefined;
}

const problems: string[] = [];

function pathWith(path: string, params: Parameter[], override?: { name: string; value: string }): string {
  return path.replace(/\{([^}]+)\}/g, (_, p: string) => {
    if (override?.name === p) return override.value;
    const schema = resolve(params.find((x) => x.name === p)?.schema);
    return schema?.enum ? String(schema.enum[0]) : 'x1';
  });
}

describe('invalid values on every route of the OpenAPI document', () => {
  it('never answer a server error, and answer errors in the API error shapes', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
    expect(operations.length).toBeGreaterThan(40);
    let requests = 0;
    for (const { method, path, op } of operations) {
      if (SKIPPED.has(`${method} ${path}`)) continue;
      const params = op.parameters ?? [];
      const send = async (url: string, payload?: string, extraHeaders: Record<string, string> = {}) => {
        requests++;
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...extraHeaders },
          ...(payload !== undefined ? { payload } : {}),
        });
        const problem = problemWith(`${method} ${url.slice(0, 120)}${payload !== undefined ? ` ${payload.slice(0, 80)}` : ''}`, res);
        if (problem) problems.push(problem);
      };
      const bodySchema = resolve(op.requestBody?.content?.['application/json']?.schema);
      const validish = bodySchema ? '{}' : undefined;

      for (const p of params.filter((x) => x.in === 'path')) {
        for (const value of ['%00', '%ZZ', 'x'.repeat(300), '..', encodeURIComponent('a b/c'), '\u00e9']) await send(pathWith(path, params, { name: p.name, value }), validish);
      }
      for (const p of params.filter((x) => x.in === 'query')) {
        for (const value of invalidValues(p.schema, p.name)) {
          const encoded = value.startsWith('%') ? value : encodeURIComponent(value);
          await send(`${pathWith(path, params)}?${p.name}=${encoded}`, validish);
        }
        await send(`${pathWith(path, params)}?${p.name}=1&${p.name}=2`, validish);
      }
      for (const p of params.filter((x) => x.in === 'header')) {
        for (const value of ['x'.repeat(1_000), ' ', 'é']) await send(pathWith(path, params), validish, { [p.name]: value });
      }
      await send(`${pathWith(path, params)}?unknown_parameter=1`, validish);
      if (method === 'GET' || method === 'DELETE') continue;
      for (const payload of ['[]', '"x"', 'null', '123', '{', '{"a":', '\u0000', '{"__proto__":{"x":1}}']) await send(pathWith(path, params), payload);
      for (const [field, schema] of Object.entries(bodySchema?.properties ?? {})) {
        for (const value of invalidFieldValues(schema)) await send(pathWith(path, params), JSON.stringify({ [field]: value }));
      }
      await send(pathWith(path, params), JSON.stringify({ unknown_field: 1 }));
    }
    expect(requests).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  }, 600_000);
});
