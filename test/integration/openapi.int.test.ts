// The generated OpenAPI document: valid OpenAPI 3.1, every route present with its security
// (bearer for protected routes, none for public ones), required permission and error responses.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessForRoute } from '../../src/http/route-permissions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Operation {
  operationId?: string;
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
    expect(props('Run').status!.enum).toEqual(['planning', 'awaiting_confirmation', 'awaiting_approval', 'executing', 'completed', 'failed', 'rejected']);
    expect(props('Run').board_type!.enum).toEqual(['jira', 'linear']);
    expect(props('Run').write_mode!.enum).toEqual(['dry_run', 'approval', 'auto']);
    expect(props('Run').cycles_run!.items!.enum).toEqual(['T', 'S', 'P']);
    expect(props('RunAction').status!.enum).toContain('proposed');
    expect(props('RunAction').kind!.enum).toContain('link_pull_request');
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
