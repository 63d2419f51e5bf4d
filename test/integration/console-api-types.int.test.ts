// The console's API types (console/src/api/schema.d.ts) are generated from the OpenAPI document;
// this fails when a route schema changed and the file was not regenerated (`npm run api-types`).
import fs from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../../console/scripts/api-types.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ label: 'console_types' });
});
afterAll(async () => {
  await t?.close();
});

it('console/src/api/schema.d.ts is what the OpenAPI document generates (run `npm run api-types` when this fails)', async () => {
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const generated = await renderApiTypes(res.json<object>());
  const committed = await fs.readFile(API_TYPES_FILE, 'utf8');
  // A plain equality check would print two 6,000-line strings; the first differing line says enough.
  const a = committed.split('\n');
  const b = generated.split('\n');
  const first = a.findIndex((line, i) => line !== b[i]);
  expect(first === -1 && a.length === b.length ? 'identical' : `differs at line ${first + 1}: ${JSON.stringify(a[first])} vs ${JSON.stringify(b[first])}`).toBe('identical');
});
