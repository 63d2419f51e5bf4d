// The invalid-value walk over the OpenAPI document (docs/api-behaviour.md): for every operation, the
// requests that send invalid values of each of its parameters (path, query, header and body fields,
// taken from the document itself), and the check of each answer — never a server error, every
// error in one of the spec's shapes: {detail: text}, {detail: {error, required_permission, role}} or
// {error: text}. Used in process (test/integration/invalid-values.int.test.ts) and against the real
// server process (test/e2e/invalid-values.e2e.test.ts).

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  $ref?: string;
}
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: JsonSchema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One request of the walk: the URL (path and query), the body as sent, and extra headers. */
export interface WalkRequest {
  method: string;
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

export function operationsOf(doc: OpenApiDoc): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

/**
 * The walk's requests for one operation. `pathValue` gives the value of a path parameter when it is
 * not the one being made invalid: a placeholder by default, or a real identifier, so that the
 * request reaches the checks that run after the resource is found.
 */
export function walkRequests(doc: OpenApiDoc, method: string, path: string, op: Operation, pathValue: (name: string, schema: JsonSchema | undefined) => string): WalkRequest[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => (schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema);
  const typesOf = (schema: JsonSchema | undefined): string[] => {
    const s = resolve(schema);
    if (!s) return [];
    if (s.anyOf) return s.anyOf.flatMap(typesOf);
    if (s.enum) return ['enum'];
    return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  };
  /** Values no parameter of these types should take. */
  const invalidValues = (schema: JsonSchema | undefined, name: string): string[] => {
    const types = typesOf(schema);
    const values = ['%00', '%ZZ', 'x'.repeat(5_000), '\u{1F600}'.repeat(3), "' OR 1=1 --", '../../etc/passwd'];
    if (types.includes('integer') || types.includes('number')) values.push('abc', '-1', '1.5', '99999999999999999999999', 'NaN', '1e400');
    if (types.includes('boolean')) values.push('maybe', '2');
    if (types.includes('enum')) values.push('not-a-value');
    if (/(^|_)(from|to|at|as_of|since|until)$/.test(name) || resolve(schema)?.format?.startsWith('date')) values.push('2024-02-30', '2024-13-01', '0000-01-01', '9999-99-99T99:99');
    values.push('');
    return values;
  };
  /** Body field values of the wrong kind for `schema`. */
  const invalidFieldValues = (schema: JsonSchema | undefined): unknown[] => {
    const types = typesOf(schema);
    const values: unknown[] = [null, {}, [], 'x'.repeat(100_000), 'a\u0000b', '\ud800', -1, 1.5, 1e308, true];
    if (types.includes('string') || types.includes('enum')) values.push(12, 'not-a-value', '2024-02-30');
    if (types.includes('array')) values.push(['a\u0000b'], [null], Array.from({ length: 1_000 }, (_, i) => `v${i}`));
    return values;
  };

  const params = op.parameters ?? [];
  const pathWith = (override?: { name: string; value: string }) =>
    path.replace(/\{([^}]+)\}/g, (_, p: string) => {
      if (override?.name === p) return override.value;
      const schema = resolve(params.find((x) => x.name === p)?.schema);
      return schema?.enum ? String(schema.enum[0]) : pathValue(p, schema);
    });
  const requests: WalkRequest[] = [];
  const bodySchema = resolve(op.requestBody?.content?.['application/json']?.schema);
  const validish = bodySchema ? '{}' : undefined;
  const add = (url: string, payload?: string, headers: Record<string, string> = {}) => requests.push({ method, url, ...(payload !== undefined ? { payload } : {}), headers });

  for (const p of params.filter((x) => x.in === 'path')) {
    for (const value of ['%00', '%ZZ', 'x'.repeat(300), '..', encodeURIComponent('a b/c'), '\u00e9']) add(pathWith({ name: p.name, value }), validish);
  }
  for (const p of params.filter((x) => x.in === 'query')) {
    for (const value of invalidValues(p.schema, p.name)) {
      const encoded = value.startsWith('%') ? value : encodeURIComponent(value);
      add(`${pathWith()}?${p.name}=${encoded}`, validish);
    }
    add(`${pathWith()}?${p.name}=1&${p.name}=2`, validish);
  }
  for (const p of params.filter((x) => x.in === 'header')) {
    for (const value of ['x'.repeat(1_000), ' ', 'é']) add(pathWith(), validish, { [p.name]: value });
  }
  add(`${pathWith()}?unknown_parameter=1`, validish);
  if (method === 'GET' || method === 'DELETE') return requests;
  for (const payload of ['[]', '"x"', 'null', '123', '{', '{"a":', '\u0000', '{"__proto__":{"x":1}}']) add(pathWith(), payload);
  for (const [field, schema] of Object.entries(bodySchema?.properties ?? {})) {
    for (const value of invalidFieldValues(schema)) add(pathWith(), JSON.stringify({ [field]: value }));
  }
  add(pathWith(), JSON.stringify({ unknown_field: 1 }));
  return requests;
}

/** What is wrong with an answer, or undefined when it is a non-server error in a spec shape (or a success). */
export function problemWith(name: string, res: { statusCode: number; body: string }): string | undefined {
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

/** The label of a request in a problem report. */
export const describeRequest = (r: WalkRequest) => `${r.method} ${r.url.slice(0, 120)}${r.payload !== undefined ? ` ${r.payload.slice(0, 80)}` : ''}`;
