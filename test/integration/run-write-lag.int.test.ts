// A write whose read model lags past the wait answers 202 with the run id and a Location, never
// 404 (which would invite a retry and a duplicate). Here the projector is off and the wait is 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStreamId } from '../../src/domain/streams.js';
import { runEvents, toAppend } from '../support/run-events.js';
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

// The run commands (confirm, execute, approve-all, reject, cancel) act on a run the read model
// already holds: when it lags behind the command, the row it has is the run before the command.
// Answering that row as 200 would show a confirmed run as awaiting confirmation; the answer is 202
// with the status the command left, and the Location to read the run once the read model has it.
describe('a run command whose read model lags', () => {
  const ORG = 'org_lag_commands';
  let lagging: TestApp;
  let headers: { authorization: string };
  /** Each command's run: its status before the command, and after it. */
  const runs = {
    confirm: { settings: { confirmation_threshold: 1 }, before: 'awaiting_confirmation', after: 'awaiting_approval' },
    execute: { settings: {}, before: 'awaiting_approval', after: 'completed' },
    'approve-all': { settings: {}, before: 'awaiting_approval', after: 'executing' },
    reject: { settings: {}, before: 'awaiting_approval', after: 'rejected' },
    cancel: { settings: {}, before: 'awaiting_approval', after: 'cancelled' },
  } as const;

  beforeAll(async () => {
    lagging = await createTestApp({ label: 'run_command_lag', env: { READ_YOUR_WRITES_TIMEOUT_MS: '200', REACTORS_ENABLED: 'false' } });
    headers = await lagging.auth({ orgId: ORG, userId: 'ada', admin: true });
    for (const [command, seed] of Object.entries(runs)) {
      const runId = `lag-${command}`;
      await lagging.infra.store.append(runStreamId(runId), toAppend(runEvents({ runId, orgId: ORG, projectKey: command.toUpperCase().replace('-', ''), settings: seed.settings }), ORG));
    }
    // The read model holds every run as it is before its command; then it stops following the log.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const listed = (await lagging.app.inject({ method: 'GET', url: '/api/runs', headers })).json<{ id: string; status: string }[]>();
      if (Object.entries(runs).every(([command, seed]) => listed.some((r) => r.id === `lag-${command}` && r.status === seed.before))) break;
      if (Date.now() > deadline) throw new Error(`the runs read model did not catch up: ${JSON.stringify(listed)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await lagging.projector.stop();
  }, 60_000);
  afterAll(async () => lagging?.close());

  it.each(Object.keys(runs) as (keyof typeof runs)[])('%s answers 202 with the status it left and a Location, not the stale run', async (command) => {
    const runId = `lag-${command}`;
    const res = await lagging.app.inject({ method: 'POST', url: `/api/runs/${runId}/${command}`, headers });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers.location).toBe(`/api/runs/${runId}`);
    expect(res.json()).toEqual({ id: runId, status: runs[command].after, detail: expect.any(String) });
    // The read model still has the run as it was: that is what a 200 would have shown.
    const stale = (await lagging.app.inject({ method: 'GET', url: `/api/runs/${runId}`, headers })).json<{ status: string }>();
    expect(stale.status).toBe(runs[command].before);
  });
});
