// A write whose read model lags past the wait answers 202 with the run id and a Location, never
// 404 (which would invite a retry and a duplicate). Here the projector is off and the wait is 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ label: 'run_write_lag', env: { PROJECTOR_ENABLED: 'false', READ_YOUR_WRITES_TIMEOUT_MS: '0', REACTORS_ENABLED: 'false' } });
});
afterAll(async () => t?.close());

describe('a write whose read model lags', () => {
  it('answers 202 with the id and a Location for trigger, start and the run commands', async () => {
    const headers = await t.auth({ orgId: 'org_lag', userId: 'ada', admin: true });
    const trigger = await t.app.inject({ method: 'POST', url: '/api/runs/trigger', headers, payload: { board_type: 'jira', project_key: 'LAG' } });
    expect(trigger.statusCode, trigger.body).toBe(202);
    const body = trigger.json<{ id: string; status: string }>();
    expect(body.id).toEqual(expect.any(String));
    expect(trigger.headers.location).toBe(`/api/runs/${body.id}`);

    const start = await t.app.inject({ method: 'POST', url: '/api/runs/start', headers, payload: { board_type: 'jira', project_key: 'LAG2' } });
    expect(start.statusCode, start.body).toBe(202);
    expect(start.headers.location).toBe(`/api/runs/${start.json<{ id: string }>().id}`);
  });
});
