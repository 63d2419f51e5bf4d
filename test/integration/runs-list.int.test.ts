// GET /api/runs answers pages that may come from the run-list cache, serialized once and sent as
// bytes. This checks them against the documented Run schema (exactly its fields,
// with its types), order and paging, and the cache's invalidation, tenancy and read-your-writes.
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunSchema } from '../../src/http/schemas/runs.schemas.js';
import { runEvents, toAppend } from '../support/run-events.js';
import { startJiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let auth: { authorization: string };
const ORG = 'org_list_json';
// Formats are checked below by a round trip through Date.
const validRun = new Ajv({ strict: false, allErrors: true, formats: { 'date-time': true } }).compile({ ...RunSchema, additionalProperties: false });

beforeAll(async () => {
  t = await createTestApp({ label: 'list_json' });
  auth = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
  for (const [i, projectKey] of ['ENG', 'OPS', 'ENG'].entries()) {
    await t.infra.store.append(`run-lj-${i}`, toAppend(runEvents({ runId: `lj-${i}`, orgId: ORG, projectKey }), ORG));
  }
  await t.infra.store.append('run-other', toAppend(runEvents({ runId: 'other', orgId: 'org_someone_else', projectKey: 'ENG' }), 'org_someone_else'));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: '/api/runs', headers: auth });
    if (res.statusCode === 200 && res.json<unknown[]>().length === 3) break;
    if (Date.now() > deadline) throw new Error('the runs projection did not catch up');
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => t?.close());

describe('GET /api/runs and its page cache', () => {
  it('answers JSON runs with exactly the Run schema fields and types', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/runs', headers: auth });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const runs = res.json<Record<string, unknown>[]>();
    for (const run of runs) {
      expect(validRun(run) ? [] : validRun.errors).toEqual([]);
      for (const field of ['created_at', 'updated_at']) expect(new Date(run[field] as string).toISOString()).toBe(run[field]);
      expect(Object.keys(run).sort()).toEqual(Object.keys(RunSchema.properties).sort());
    }
    const one = runs.find((r) => r.id === 'lj-0')!;
    expect(one).toMatchObject({ board_type: 'jira', project_key: 'ENG', is_dry_run: false });
  });

  it('agrees with GET /api/runs/{id} for every run, and keeps order, filters and paging', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/runs', headers: auth })).json<{ id: string; created_at: string }[]>();
    expect(all.map((r) => r.id)).toEqual(['lj-2', 'lj-1', 'lj-0']);
    for (const run of all) {
      expect((await t.app.inject({ method: 'GET', url: `/api/runs/${run.id}`, headers: auth })).json()).toEqual(run);
    }
    const page = (await t.app.inject({ method: 'GET', url: '/api/runs?limit=1&offset=1', headers: auth })).json<{ id: string }[]>();
    expect(page.map((r) => r.id)).toEqual(['lj-1']);
    const eng = (await t.app.inject({ method: 'GET', url: '/api/runs?project_key=ENG', headers: auth })).json<{ id: string }[]>();
    expect(eng.map((r) => r.id)).toEqual(['lj-2', 'lj-0']);
    const empty = await t.app.inject({ method: 'GET', url: '/api/runs?project_key=NONE', headers: auth });
    expect(empty.body).toBe('[]');
    // board_type is a closed set: a value outside it is a client mistake, not an empty filter.
    for (const url of ['/api/runs?board_type=trello', '/api/metrics?board_type=trello', '/api/projects?board_type=trello', '/api/runs/export?board_type=trello']) {
      const wrong = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(wrong.statusCode, url).toBe(400);
      expect(wrong.json<{ detail: string }>().detail, url).toMatch(/board_type/);
    }
  });

  it('serves a cached page only until the runs read model moves, and only to its organization', async () => {
    const list = async (headers = auth) => (await t.app.inject({ method: 'GET', url: '/api/runs', headers })).body;
    const first = await list();
    expect(await list()).toBe(first); // the same bytes again
    await t.infra.store.append('run-lj-3', toAppend(runEvents({ runId: 'lj-3', orgId: ORG, projectKey: 'OPS' }), ORG));
    const deadline = Date.now() + 20_000;
    while (!(await list()).includes('"lj-3"')) {
      if (Date.now() > deadline) throw new Error('the list kept serving the page cached before the new run');
      await new Promise((r) => setTimeout(r, 50));
    }
    const other = JSON.parse(await list(await t.auth({ orgId: 'org_someone_else', userId: 'bo', admin: true }))) as { id: string }[];
    expect(other.map((r) => r.id)).toEqual(['other']);
  });

  it('lets a caller read its own write at once', async () => {
    const jira = await startJiraStandIn();
    try {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/settings/integration',
        headers: auth,
        payload: { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['RYW'] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject({ method: 'GET', url: '/api/runs', headers: auth })).statusCode).toBe(200); // cached
        const started = await t.app.inject({ method: 'POST', url: '/api/runs/start', headers: auth, payload: { board_type: 'jira', project_key: `RYW${i}`, dry_run: true } });
        expect(started.statusCode, started.body).toBeLessThan(300);
        const after = (await t.app.inject({ method: 'GET', url: '/api/runs', headers: auth })).json<{ id: string }[]>();
        expect(after[0]?.id).toBe(started.json<{ id: string }>().id);
      }
    } finally {
      await jira.close();
    }
  });
});
