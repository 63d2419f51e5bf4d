// The generated OpenAPI document: valid OpenAPI 3.1, every route present with its security
// (bearer for protected routes, none for public ones), required permission and error responses.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessForRoute } from '../../src/http/route-permissions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Schema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Parameter {
  name: string;
  in: string;
  description?: string;
  example?: unknown;
  schema: Schema;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description?: string }>;
  'x-required-permission'?: string;
  summary?: string;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, unknown> };
}

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp({ label: 'openapi' });
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

/** A schema with its $ref followed (components are one level deep). */
const resolve = (schema: Schema | undefined): Schema => {
  if (!schema) return {};
  if (!schema.$ref) return schema;
  return doc.components.schemas![schema.$ref.replace('#/components/schemas/', '')] as Schema;
};
const jsonSchema = (response: unknown): Schema => (response as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema;

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, pattern: path.replace(/\{([^}]+)\}/g, ':$1'), op })),
  );

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.systemApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  });

  it('lists the routes of this issue and the earlier ones', () => {
    const listed = new Set(operations().map((o) => `${o.method} ${o.pattern}`));
    for (const route of [
      'GET /api/health',
      'GET /api/readiness',
      'GET /api/status',
      'GET /api/user/me',
      'GET /api/rbac/me',
      'GET /api/rbac/members',
      'PUT /api/rbac/members/:user_id',
      'GET /api/org/settings',
      'PUT /api/org/settings',
      'GET /api/schedule',
      'PUT /api/schedule',
      'GET /api/feature-flags',
      'PUT /api/feature-flags/:name',
    ]) {
      expect(listed.has(route), route).toBe(true);
    }
    // Documentation routes themselves stay out of the document.
    expect([...listed].some((r) => r.includes('/api/docs') || r.includes('openapi.json'))).toBe(false);
  });

  it('gives every operation the security, permission and error responses the middleware enforces', () => {
    for (const { method, pattern, op } of operations()) {
      const name = `${method} ${pattern}`;
      const { access } = accessForRoute(method, pattern);
      expect(op.summary, name).toBeTruthy();
      expect(op.responses['500'], name).toBeDefined();
      expect(op.responses['429'], name).toBeDefined();
      if (pattern.startsWith('/api/email/suppressions')) {
        // Public to the bearer middleware; the route itself takes only the system API key.
        expect(op.security, name).toEqual([{ systemApiKey: [] }]);
      } else if (access === 'public') {
        expect(op.security, name).toEqual([]);
        expect(op['x-required-permission'], name).toBeUndefined();
      } else {
        expect(op.security, name).toEqual([{ bearerAuth: [] }]);
        expect(op['x-required-permission'], name).toBe(access);
        for (const status of ['401', '403', '503']) expect(op.responses[status], `${name} ${status}`).toBeDefined();
      }
    }
  });

  it('names every operation once, with a readable operationId', () => {
    const ids = operations().map((o) => o.op.operationId);
    for (const [i, id] of ids.entries()) expect(id, `${operations()[i]!.method} ${operations()[i]!.path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    const byRoute = Object.fromEntries(operations().map((o) => [`${o.method} ${o.path}`, o.op.operationId]));
    expect(byRoute).toMatchObject({
      'GET /api/runs': 'listRuns',
      'POST /api/runs/trigger': 'triggerRun',
      'GET /api/runs/{run_id}': 'getRun',
      'POST /api/runs/{run_id}/actions/{action_id}/approve': 'approveAction',
      'GET /api/approvals/inbox': 'getApprovalsInbox',
    });
  });

  it('names its component schemas (no def-N) and describes every response', () => {
    const names = Object.keys(doc.components.schemas ?? {});
    expect(names).toEqual(expect.arrayContaining(['DetailError', 'MiddlewareError', 'PermissionError', 'Run', 'RunAction']));
    expect(names.filter((n) => /^def-\d+$/.test(n))).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/#\/components\/schemas\/def-\d+/);
    // Every use of a shared shape points at its component.
    const content = (path: string, method: string, status: string) =>
      (doc.paths[path]![method]!.responses[status] as { content: Record<string, { schema: unknown }> }).content['application/json']!.schema;
    expect(content('/api/runs', 'get', '200')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Run' } });
    expect(content('/api/runs/{run_id}/actions/{action_id}/approve', 'post', '200')).toEqual({ $ref: '#/components/schemas/RunAction' });
    expect(content('/api/runs/{run_id}/actions/{action_id}/approve', 'post', '409')).toEqual({ $ref: '#/components/schemas/DetailError' });
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${method} ${path} ${status}`).toBeTruthy();
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('lists the values of closed sets as enums', () => {
    type Props = Record<string, { enum?: string[]; items?: { enum?: string[] } }>;
    const props = (name: string) => (doc.components.schemas![name] as { properties: Props }).properties;
    expect(props('Run').status!.enum).toEqual(['planning', 'awaiting_confirmation', 'awaiting_approval', 'executing', 'completed', 'failed', 'rejected', 'cancelled']);
    expect(props('Run').board_type!.enum).toEqual(['jira', 'linear']);
    expect(props('Run').write_mode!.enum).toEqual(['dry_run', 'approval', 'auto']);
    expect(props('Run').cycles_run!.items!.enum).toEqual(['T', 'S', 'P']);
    expect(props('RunAction').status!.enum).toContain('proposed');
    expect(props('RunAction').kind!.enum).toContain('link_pull_request');

    // The other closed sets, wherever they appear: responses, request bodies and parameters.
    const ok = (path: string, method = 'get') => resolve(jsonSchema(doc.paths[path]![method]!.responses['200']));
    const body = (path: string, method: string) => resolve((doc.paths[path]![method] as unknown as { requestBody: { content: Record<string, { schema: Schema }> } }).requestBody.content['application/json']!.schema);
    const param = (path: string, name: string) => doc.paths[path]!.get!.parameters!.find((p) => p.name === name)!.schema;
    expect(ok('/api/org/settings').properties!.write_mode!.enum).toEqual(['dry_run', 'approval', 'auto']);
    expect(body('/api/org/settings', 'put').properties!.write_mode!.enum).toEqual(['dry_run', 'approval', 'auto']);
    expect(ok('/api/schedule').properties!.board_type!.enum).toEqual(['jira', 'linear']);
    expect(ok('/api/schedule').properties!.cycles!.items!.enum).toEqual(['T', 'S', 'P']);
    expect(ok('/api/console/config').properties!.sign_in!.enum).toEqual(['oidc', 'development', 'unavailable']);
    expect(ok('/api/rbac/me').properties!.role!.enum).toEqual(['viewer', 'operator', 'approver', 'manager', 'admin']);
    expect(ok('/api/rbac/me').properties!.permissions!.items!.enum).toContain('audit:read');
    expect(ok('/api/rbac/me').properties!.delegated_permissions!.items!.enum).toContain('audit:read');
    expect(resolve(ok('/api/rbac/members').items).properties!.permissions!.items!.enum).toContain('runs:approve');
    expect(body('/api/rbac/members/{user_id}', 'put').properties!.role!.enum).toEqual(['viewer', 'operator', 'approver', 'manager']);
    expect(resolve(ok('/api/feature-flags').items).properties!.name!.enum).toEqual(['cycle_p', 'meeting_ingest', 'chat_assistant', 'llm_extraction']);
    const inbox = resolve(ok('/api/approvals/inbox').items);
    expect(inbox.properties!.kind!.enum).toEqual(['action', 'run_confirmation', 'proposal']);
    expect(resolve(inbox.properties!.decide!.items).properties!.decision!.enum).toEqual(['approve', 'reject', 'confirm', 'accept']);
    expect(ok('/api/metrics').properties!.window!.enum).toEqual(['7d', '30d', '90d']);
    expect(body('/api/settings/notifications', 'put').properties!.events!.items!.enum).toContain('run_awaiting_approval');
    expect(param('/api/audit/events', 'kind').enum).toEqual(['org', 'run', 'proposal', 'meeting', 'chat', 'runClaim', 'suppressions', 'other']);
    expect(param('/api/audit/events', 'order')).toMatchObject({ type: 'string', enum: ['asc', 'desc'], default: 'desc' });
    expect(param('/api/audit/events', 'format').enum).toEqual(['json', 'csv']);
    expect(resolve(resolve(ok('/api/audit/events').properties!.items).items).properties!.kind!.enum).toContain('org');
    expect(param('/api/runs', 'board_type').enum).toEqual(['jira', 'linear']);
    expect(param('/api/metrics', 'window').enum).toEqual(['7d', '30d', '90d']);
    expect(param('/api/backlog-proposals', 'status').enum).toContain('apply_failed');

    // And no closed set is left as a union of one-value schemas anywhere in the document.
    const unions: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      const branches = (node as Schema).anyOf ?? (node as Schema).oneOf;
      if (branches && branches.filter((b) => b.const !== undefined || b.enum?.length === 1).length >= 2) unions.push(at);
      for (const [k, v] of Object.entries(node)) visit(v, `${at}/${k}`);
    };
    visit(doc, '');
    expect(unions).toEqual([]);
  });

  it('describes every parameter, and the main shapes field by field with an example', () => {
    for (const { method, path, op } of operations()) {
      for (const p of op.parameters ?? []) expect(p.description, `${method} ${path} ${p.in} ${p.name}`).toBeTruthy();
      // Path parameters also show what a value looks like.
      for (const p of (op.parameters ?? []).filter((x) => x.in === 'path')) expect(p.example ?? p.schema.examples, `${method} ${path} ${p.name}`).toBeDefined();
    }
    const main: [string, string, string][] = [
      ['Run', '/api/runs/{run_id}', 'get'],
      ['RunAction', '/api/runs/{run_id}/actions', 'get'],
      ['HistoryEntry', '/api/runs/{run_id}/history', 'get'],
      ['InboxItem', '/api/approvals/inbox', 'get'],
      ['OrgSettings', '/api/org/settings', 'get'],
      ['Schedule', '/api/schedule', 'get'],
      ['FeatureFlag', '/api/feature-flags', 'get'],
      ['Member', '/api/rbac/members', 'get'],
      ['RbacMe', '/api/rbac/me', 'get'],
      ['AuditEvent', '/api/audit/events', 'get'],
      ['Metrics', '/api/metrics', 'get'],
    ];
    for (const [name, path, method] of main) {
      const response = doc.paths[path]![method]!.responses['200'] as { content: Record<string, { schema: Schema; example?: unknown }> };
      let shape = resolve(response.content['application/json']!.schema);
      let example = response.content['application/json']!.example;
      if (shape.type === 'array') shape = resolve(shape.items);
      if (name === 'AuditEvent') shape = resolve(resolve(shape.properties!.items).items);
      example ??= shape.examples?.[0];
      expect(shape.description, `${name} description`).toBeTruthy();
      expect(example, `${name} example`).toBeDefined();
      for (const [field, schema] of Object.entries(shape.properties ?? {})) expect(schema.description, `${name}.${field}`).toBeTruthy();
      if (example && typeof example === 'object') expect(Object.keys(example).sort(), `${name} example fields`).toEqual(Object.keys(shape.properties!).sort());
    }
  });

  it('serves the documentation UI and its assets locally', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset, 'no asset from another host').not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, 'http://localhost/api/docs/').pathname;
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
    // The browser test (test/e2e/docs-ui.e2e.test.ts) checks that the page requests nothing from another host.
  });
});
