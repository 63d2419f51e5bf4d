// Every route of the OpenAPI document, walked in process (app.inject) with invalid values of each of
// its parameters (path, query, header and body fields, from the document itself; test/support/
// invalid-values.ts): no answer is a server error, and every error has one of the spec's shapes —
// {detail: text}, {detail: {error, required_permission, role}} or {error: text} (README, "Calling the API"). Its twin against
// the real server process, with real path parameters, is test/e2e/invalid-values.e2e.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRequest, operationsOf, problemWith, walkRequests, type OpenApiDoc } from '../support/invalid-values.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let doc: OpenApiDoc;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    label: 'invalid_values',
    env: { REACTORS_ENABLED: 'false', RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000', READ_YOUR_WRITES_TIMEOUT_MS: '200' },
  });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json<OpenApiDoc>();
  headers = await t.auth({ orgId: 'org_invalid', userId: 'ada', admin: true });
});
afterAll(async () => t?.close());

/** The SSE route streams until the client leaves: app.inject would wait for ever. */
const SKIPPED = new Set(['GET /api/runs/stream']);

describe('invalid values on every route of the OpenAPI document', () => {
  it('never answer a server error, and answer errors in the spec shapes', async () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(40);
    const problems: string[] = [];
    let requests = 0;
    for (const { method, path, op } of operations) {
      if (SKIPPED.has(`${method} ${path}`)) continue;
      for (const r of walkRequests(doc, method, path, op, () => 'x1')) {
        requests++;
        const res = await t.app.inject({
          method: method as 'GET',
          url: r.url,
          headers: { ...headers, ...(r.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...r.headers },
          ...(r.payload !== undefined ? { payload: r.payload } : {}),
        });
        const problem = problemWith(describeRequest(r), res);
        if (problem) problems.push(problem);
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  }, 600_000);
});
