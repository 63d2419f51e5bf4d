// The CSV exports inline their filter values into the COPY's query as literals (COPY takes no
// parameters: src/queries/exports/csv-sql.ts). Hostile values through the routes — quotes,
// backslashes, `$n`, comment and statement syntax — must select exactly the rows they name, as text,
// and a NUL is refused with a 400 before any query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../support/documents.js';
import { runEvents, toAppend } from '../support/run-events.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let auth: { authorization: string };
const ORG = 'org_csv_literals';
const HOSTILE = `=O'Re\\il$1y "q" $2 '' \\' --;`;
const PLAIN = 'ENG';

beforeAll(async () => {
  t = await createTestApp({ label: 'csv_literals' });
  auth = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
  await t.infra.store.append('run-lit-hostile', toAppend(runEvents({ runId: 'lit-hostile', orgId: ORG, projectKey: HOSTILE }), ORG));
  await t.infra.store.append('run-lit-plain', toAppend(runEvents({ runId: 'lit-plain', orgId: ORG, projectKey: PLAIN }), ORG));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: '/api/runs', headers: auth });
    if (res.statusCode === 200 && res.json<unknown[]>().length === 2) break;
    if (Date.now() > deadline) throw new Error('the runs projection did not catch up');
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
const rowsOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return parseCsv(res.body);
};

describe('CSV export filters inlined as literals', () => {
  it('selects the run whose project key is the hostile text, and only it', async () => {
    const rows = await rowsOf(`/api/runs/export?project_key=${encodeURIComponent(HOSTILE)}`);
    expect(rows.map((r) => [r.run_id, r.project_key])).toEqual([['lit-hostile', `'${HOSTILE}`]]);
    expect((await rowsOf(`/api/runs/export?project_key=${PLAIN}`)).map((r) => r.run_id)).toEqual(['lit-plain']);
    expect(await rowsOf('/api/runs/export')).toHaveLength(2);
  });

  it('matches nothing for values written to escape the literal', async () => {
    for (const value of [`x' OR '1'='1`, `x' OR true --`, `\\' OR 1=1 --`, `'); DROP TABLE runs; --`, '$1', `$$ OR true $$`, `E'\\x27`]) {
      expect(await rowsOf(`/api/runs/export?project_key=${encodeURIComponent(value)}`), value).toEqual([]);
      // board_type is a closed set: such a value is refused before any query is made.
      expect((await get(`/api/runs/export?board_type=${encodeURIComponent(value)}`)).statusCode, value).toBe(400);
      expect(await rowsOf(`/api/runs/lit-hostile/actions/export?project_key=${encodeURIComponent(value)}`), value).toEqual([]);
      expect(await rowsOf(`/api/audit/events?format=csv&actor=${encodeURIComponent(value)}&type=${encodeURIComponent(value)}`), value).toEqual([]);
    }
    expect(await rowsOf('/api/runs/export')).toHaveLength(2);
  });

  it("filters a run's action log by the hostile project key", async () => {
    const rows = await rowsOf(`/api/runs/lit-hostile/actions/export?project_key=${encodeURIComponent(HOSTILE)}`);
    expect(rows.map((r) => r.item_key)).toEqual([1, 2, 3].map((i) => `'${HOSTILE}-${i}`));
  });

  it('refuses a NUL in a filter with a 400 before any query', async () => {
    for (const url of ['/api/runs/export?project_key=a%00b', '/api/runs/lit-plain/actions/export?board_type=a%00b', '/api/audit/events?format=csv&actor=a%00b']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/NUL/);
    }
  });
});
