// GET /api/runs/{run_id}/actions/export takes the export filters of docs/read-side.md (the list filters
// and from/to), not only `format`: the list filters apply to the run, from/to to each action's
// latest change. The CSV is parsed back and the PDF read back.
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../support/documents.js';
import { runEvents, toAppend } from '../support/run-events.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let auth: { authorization: string };
const ORG = 'org_action_export';

beforeAll(async () => {
  t = await createTestApp({ label: 'action_export' });
  auth = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
  await t.infra.store.append('run-ae-1', toAppend(runEvents({ runId: 'ae-1', orgId: ORG, projectKey: 'ENG' }), ORG));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: '/api/runs/ae-1/actions', headers: auth });
    if (res.statusCode === 200 && res.json<unknown[]>().length === 3) break;
    if (Date.now() > deadline) throw new Error('the runs projection did not catch up');
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => t?.close());

const exportCsv = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/runs/ae-1/actions/export${query}`, headers: auth });
  return { status: res.statusCode, rows: res.statusCode === 200 ? await parseCsv(res.body) : [], res };
};

describe('action log export filters', () => {
  it('applies board_type and project_key to the run', async () => {
    expect((await exportCsv('?project_key=ENG')).rows.map((r) => r.item_key)).toEqual(['ENG-1', 'ENG-2', 'ENG-3']);
    const other = await exportCsv('?project_key=OPS');
    expect(other.status).toBe(200);
    expect(other.rows).toEqual([]);
    expect(other.res.body.split('\n')[0]).toContain('"action_id"');
    expect((await exportCsv('?board_type=linear')).rows).toEqual([]);
    expect((await exportCsv('?board_type=jira&format=csv')).rows).toHaveLength(3);
  });

  it('applies from/to to the latest change of each action', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect((await exportCsv(`?from=${hourAgo}&to=${inAnHour}`)).rows).toHaveLength(3);
    expect((await exportCsv(`?from=${inAnHour}`)).rows).toHaveLength(0);
    expect((await exportCsv(`?to=${hourAgo}`)).rows).toHaveLength(0);
    const bad = await exportCsv('?from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.res.json()).toHaveProperty('detail');
  });

  it('names the filters in the PDF', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/runs/ae-1/actions/export?format=pdf&project_key=ENG', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="run-ae-1-actions.pdf"');
    const parser = new PDFParse({ data: res.rawPayload });
    try {
      const { text, total } = await parser.getText();
      expect(total).toBe(1);
      expect(text).toContain('Filters: project_key=ENG');
      expect(text).toContain('ENG-2');
      expect(text).toContain('Page 1 of 1');
    } finally {
      await parser.destroy();
    }
  });

  it("answers 404 for another organization's run, whatever the filters", async () => {
    const other = await t.auth({ orgId: 'org_elsewhere', admin: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/runs/ae-1/actions/export?project_key=ENG', headers: other });
    expect(res.statusCode).toBe(404);
  });
});
