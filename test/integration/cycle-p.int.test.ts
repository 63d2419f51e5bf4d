// Cycle P through the routes (buildApp + app.inject, real PostgreSQL, real projector and run
// reactor): Linear + GitLab this time, the 403 gate on every route that requests a run (trigger,
// start, and a trigger that would resume), a source-control failure that fails the run with a
// clear error, and the source-control token never in an event or a response.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../src/domain/streams.js';
import { startGitLabStandIn, type GitLabStandIn } from '../support/stand-ins/gitlab-stand-in.js';
import { startLinearStandIn, type LinearStandIn } from '../support/stand-ins/linear-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import type { RunView } from '../../src/http/schemas/runs.schemas.js';

const ORG = 'org_cycle_p';
const GITLAB_TOKEN = 'glpat-VERY-secret-4242';
let t: TestApp;
let linear: LinearStandIn;
let gl: GitLabStandIn;
let admin: { authorization: string };

/** A Run, or the error body of a refused request. */
type RunBody = RunView & { detail?: string };

const inject = async <T = RunBody>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: admin, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  return { status: res.statusCode, body: res.json<T>(), raw: res.body };
};
const runP = (project = 'ENG', route = 'trigger') => inject('POST', `/api/runs/${route}`, { board_type: 'linear', project_key: project, cycles: ['P'] });
const saveIntegration = (token = GITLAB_TOKEN) =>
  inject('POST', '/api/settings/integration', {
    board_type: 'linear',
    api_url: linear.url,
    api_key: linear.apiKey,
    team_keys: ['ENG', 'OPS'],
    source_control: { provider: 'gitlab', repository: 'acme/platform/api', token, base_url: gl.url },
  });

async function waitForRun(id: string, done: (r: RunBody) => boolean): Promise<RunBody> {
  for (let i = 0; i < 200; i++) {
    const r = await inject('GET', `/api/runs/${id}`);
    if (r.status === 200 && done(r.body)) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${id} did not settle`);
}

async function orgStreamText(): Promise<string> {
  const parts: string[] = [];
  for await (const e of t.infra.store.readStream(orgStreamId(ORG))) parts.push(JSON.stringify({ data: e.data, metadata: e.metadata }));
  return parts.join('\n');
}

async function allEventsText(): Promise<string> {
  const parts: string[] = [];
  for await (const e of t.infra.store.readAll({ from: 'start' })) parts.push(JSON.stringify({ data: e.data, metadata: e.metadata }));
  return parts.join('\n');
}

async function subscribe(plan: 'team' | 'free'): Promise<void> {
  const at = new Date().toISOString();
  await t.infra.store.append(orgStreamId(ORG), [
    {
      type: 'SubscriptionChanged',
      data: { plan, status: 'active', customer_id: 'cus_int', subscription_id: 'sub_int', provider_event_id: `evt_${plan}_${Date.now()}`, provider_event_at: at, at },
      metadata: { org_id: ORG, user_id: 'system', correlation_id: 'cycle-p-int', causation_id: 'cycle-p-int' },
    },
  ]);
}

beforeAll(async () => {
  linear = await startLinearStandIn();
  gl = await startGitLabStandIn({ token: GITLAB_TOKEN });
  linear.seedIssue({ identifier: 'ENG-1', team: 'ENG', title: 'Crash on save', priority: 1, estimate: 3 });
  linear.seedIssue({ identifier: 'ENG-2', team: 'ENG', title: 'Slow search', priority: 2, estimate: 1 });
  linear.seedIssue({ identifier: 'OPS-1', team: 'OPS', title: 'Rotate keys', priority: 2, estimate: 1 });
  gl.seedMergeRequest('acme/platform/api', { iid: 3, title: 'Fix crash on save', source_branch: 'ENG-1-crash', description: 'Also speeds up ENG-2 and OPS-1.' });
  gl.seedMergeRequest('acme/platform/api', { iid: 4, title: 'Unrelated', source_branch: 'chore', description: null });
  t = await createTestApp({ label: 'cycle_p', env: { PLAN_LIMITS_ENFORCED: 'true' } });
  admin = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
});
afterAll(async () => {
  await t?.close();
  await linear?.close();
  await gl?.close();
});

describe('cycle P gate', () => {
  it('trigger and start answer 403 naming the missing flag, source control or plan, and start nothing', async () => {
    expect((await inject('POST', '/api/settings/integration', { board_type: 'linear', api_url: linear.url, api_key: linear.apiKey, team_keys: ['ENG', 'OPS'] })).status).toBe(200);
    for (const route of ['trigger', 'start']) {
      const res = await runP('ENG', route);
      expect(res.status, res.raw).toBe(403);
      expect(res.body).toEqual({ detail: expect.stringMatching(/cycle_p feature flag/) as string });
    }
    expect((await inject('PUT', '/api/feature-flags/cycle_p', { enabled: true })).status).toBe(200);
    expect((await runP('ENG', 'start')).body.detail).toMatch(/source-control configuration/);
    const saved = await saveIntegration();
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.raw).not.toContain(GITLAB_TOKEN);
    expect((await runP()).body.detail).toMatch(/not included in the free plan: it needs the team or business plan/);
    expect((await inject<unknown[]>('GET', '/api/runs')).body).toEqual([]);
    expect(gl.requests).toEqual([]);
  });

  it('a trigger naming P that would resume an open run is refused like a new one', async () => {
    await subscribe('team');
    // An open run of OPS (approval mode, cycle P): it waits for approvals.
    const open = await runP('OPS');
    expect(open.status, open.raw).toBe(201);
    expect(open.body).toMatchObject({ status: 'awaiting_approval', planned_actions_count: 1 });
    expect((await inject('PUT', '/api/feature-flags/cycle_p', { enabled: false })).status).toBe(200);
    const resumed = await runP('OPS');
    expect(resumed.status).toBe(403);
    expect(resumed.body.detail).toMatch(/cycle_p feature flag/);
    // Naming no cycles, the same trigger resumes it (naming other cycles than the open run's is a 409).
    const plain = await inject<RunBody & { resumed: boolean }>('POST', '/api/runs/trigger', { board_type: 'linear', project_key: 'OPS' });
    expect(plain.body).toMatchObject({ id: open.body.id, resumed: true });
    expect((await inject('POST', `/api/runs/${open.body.id}/reject`, {})).status).toBe(200);
    expect((await inject('PUT', '/api/feature-flags/cycle_p', { enabled: true })).status).toBe(200);
  });
});

describe('cycle P with Linear and GitLab', () => {
  it('links each ticket of the project a merge request names as a Linear attachment, once', async () => {
    expect((await inject('PUT', '/api/org/settings', { write_mode: 'auto' })).status).toBe(200);
    const run = await runP('ENG');
    expect(run.status, run.raw).toBe(201);
    expect(run.body.planned_actions_count).toBe(2);
    expect(await waitForRun(run.body.id, (r) => r.status === 'completed')).toMatchObject({ executed_actions_count: 2 });
    const url = 'https://gitlab.example.com/acme/platform/api/-/merge_requests/3';
    expect(linear.issues.get('ENG-1')!.attachments.map((a) => [a.url, a.title])).toEqual([[url, 'acme/platform/api#3: Fix crash on save']]);
    expect(linear.issues.get('ENG-2')!.attachments.map((a) => a.url)).toEqual([url]);
    // OPS-1 belongs to another project than the run's; the OPS run that would have linked it was rejected.
    expect(linear.issues.get('OPS-1')!.attachments).toEqual([]);

    const again = await runP('ENG');
    expect(again.body).toMatchObject({ status: 'completed', planned_actions_count: 0 });
    expect(linear.issues.get('ENG-1')!.attachments).toHaveLength(1);

    // The OPS link was planned in a run that was rejected, never executed: a new OPS run plans it again.
    const ops = await runP('OPS');
    expect(ops.body.planned_actions_count).toBe(1);
    await waitForRun(ops.body.id, (r) => r.status === 'completed');
    expect(linear.issues.get('OPS-1')!.attachments.map((a) => a.url)).toEqual([url]);
  });

  it('a source control that refuses the token fails the run with a clear error, never a 500', async () => {
    expect((await saveIntegration('glpat-revoked-0000')).status).toBe(200);
    const run = await runP('ENG');
    expect(run.status, run.raw).toBe(201);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).toBe('Reading pull requests failed: GitLab rejected the token (401): check source_control.token');
    expect(run.raw).not.toContain('glpat-revoked-0000');
  });

  it('keeps source-control tokens out of every event', async () => {
    const events = await allEventsText();
    expect(events).not.toContain(GITLAB_TOKEN);
    expect(events).not.toContain('glpat-revoked-0000');
    expect(await orgStreamText()).toMatch(/token_ref/);
  });
});
