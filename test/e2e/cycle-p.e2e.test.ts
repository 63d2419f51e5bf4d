// Cycle P end to end (docs/cycle-p.md): the real server process, real PostgreSQL, a Jira stand-in and a
// GitHub stand-in. Source control is saved through POST /api/settings/integration, the cycle_p flag
// through the API, and the team plan by appending SubscriptionChanged to the org stream (the billing
// routes that append it in production are another slice). A run links two tickets; a second run
// links nothing new; a pull request opened later is linked by the next run, and only it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../src/adapters/event-store.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { ORG, startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/stand-ins/github-stand-in.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import type { ActionView } from '../../src/http/schemas/runs.schemas.js';

let h: RunHarness;
let jira: JiraStandIn;
let gh: GitHubStandIn;
let db: Database;
let store: EventStore;

const trigger = () => h.call<RunBody & { detail?: string }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'ENG', cycles: ['P'] });
const remoteLinkWrites = () => jira.writes().filter((w) => w.path.endsWith('/remotelink'));
const integration = (withSourceControl: boolean) => ({
  board_type: 'jira',
  base_url: jira.url,
  email: jira.email,
  api_token: jira.token,
  project_keys: ['ENG'],
  ...(withSourceControl ? { source_control: { provider: 'github', repository: 'acme/api', token: gh.token, base_url: gh.url } } : {}),
});

/** The org on the team plan, as the Stripe webhook would record it (schema fields of SubscriptionChanged). */
async function subscribeToTeamPlan(): Promise<void> {
  let revision: bigint | undefined;
  for await (const last of store.readStream(orgStreamId(ORG), { from: 'end', direction: 'backwards', maxCount: 1 })) revision = last.revision;
  const at = new Date().toISOString();
  await store.append(
    orgStreamId(ORG),
    [
      {
        type: 'SubscriptionChanged',
        data: { plan: 'team', status: 'active', customer_id: 'cus_e2e', subscription_id: 'sub_e2e', provider_event_id: 'evt_e2e_1', provider_event_at: at, at },
        metadata: { org_id: ORG, user_id: 'system', correlation_id: 'cycle-p-e2e', causation_id: 'cycle-p-e2e' },
      },
    ],
    { expectedRevision: revision ?? 'no_stream' },
  );
}

beforeAll(async () => {
  jira = await startJiraStandIn();
  gh = await startGitHubStandIn({ pageSizeCap: 2 });
  jira.seedIssue({ key: 'ENG-1', summary: 'Login fails', assignee: jira.users[0]!, estimate: 2, priority: 'High' });
  jira.seedIssue({ key: 'ENG-2', summary: 'Export to CSV', assignee: jira.users[1]!, estimate: 3, priority: 'Low' });
  jira.seedIssue({ key: 'ENG-3', summary: 'Dark mode', assignee: jira.users[1]!, estimate: 1, priority: 'Low' });
  gh.seedPull('acme/api', { number: 11, title: 'ENG-1: fix the login redirect', head: 'feature/ENG-1-login', body: 'Closes the loop on the session bug.' });
  gh.seedPull('acme/api', { number: 12, title: 'CSV export', head: 'ENG-2-export', body: 'Implements the export.', state: 'closed', merged_at: new Date().toISOString() });
  gh.seedPull('acme/api', { number: 13, title: 'Ops tooling', head: 'ops/OPS-5', body: 'eng-3 in lower case is no key' });
  gh.seedPull('acme/api', { number: 14, title: 'Bump dependencies', head: 'deps', body: null });
  // Plan limits on, as where billing is configured: the plan is one of cycle P's three conditions.
  h = await startRunHarness('cycle_p_e2e', { PLAN_LIMITS_ENFORCED: 'true' });
  db = createDatabase({ url: h.databaseUrl, poolSize: 2 });
  store = createPgEventStore({ pool: db.pool, connectionString: h.databaseUrl });
  expect((await h.call('PUT', '/api/org/settings', { write_mode: 'auto', action_cap: 25, confirmation_threshold: 10 })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await store?.close();
  await db?.close();
  await jira?.close();
  await gh?.close();
});

describe('cycle P through the real server', () => {
  it('answers 403 naming what is missing: the flag, the source control, then the plan', async () => {
    const saved = await h.call('POST', '/api/settings/integration', integration(false));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const noFlag = await trigger();
    expect(noFlag.status).toBe(403);
    expect(noFlag.body.detail).toMatch(/cycle_p feature flag/);

    expect((await h.call('PUT', '/api/feature-flags/cycle_p', { enabled: true })).status).toBe(200);
    const noScm = await trigger();
    expect(noScm.status).toBe(403);
    expect(noScm.body.detail).toMatch(/source-control configuration/);

    const withScm = await h.call<Record<string, unknown>>('POST', '/api/settings/integration', integration(true));
    expect(withScm.status, JSON.stringify(withScm.body)).toBe(200);
    expect(JSON.stringify(withScm.body)).not.toContain(gh.token);
    const freePlan = await trigger();
    expect(freePlan.status).toBe(403);
    expect(freePlan.body.detail).toMatch(/not included in the free plan/);

    expect(gh.requests).toEqual([]);
    expect((await h.call<RunBody[]>('GET', '/api/runs')).body).toEqual([]);
  });

  it('on the team plan a run links the two tickets its pull requests name; a second run links nothing new', async () => {
    await subscribeToTeamPlan();
    const first = await trigger();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ planned_actions_count: 2, cycles_run: ['P'] });
    const done = await h.waitForRun(first.body.id, (r) => r.status === 'completed');
    expect(done).toMatchObject({ executed_actions_count: 2 });

    const actions = (await h.call<ActionView[]>('GET', `/api/runs/${first.body.id}/actions`)).body;
    expect(actions.map((a) => [a.cycle, a.kind, a.item_key, a.params.url, a.status])).toEqual([
      ['P', 'link_pull_request', 'ENG-2', 'https://github.com/acme/api/pull/12', 'executed'],
      ['P', 'link_pull_request', 'ENG-1', 'https://github.com/acme/api/pull/11', 'executed'],
    ]);
    expect([...jira.issues.get('ENG-1')!.remoteLinks.values()]).toEqual([{ url: 'https://github.com/acme/api/pull/11', title: 'acme/api#11: ENG-1: fix the login redirect' }]);
    expect([...jira.issues.get('ENG-2')!.remoteLinks.keys()]).toEqual(['sprintguard-pr:https://github.com/acme/api/pull/12']);
    expect(jira.issues.get('ENG-3')!.remoteLinks.size).toBe(0);
    expect(remoteLinkWrites()).toHaveLength(2);
    // Two pages of two pull requests each (Link header followed), with the saved token.
    expect(gh.pullsRequests().length).toBeGreaterThanOrEqual(2);
    expect(gh.requests.every((r) => r.authorized)).toBe(true);

    const second = await trigger();
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body).toMatchObject({ planned_actions_count: 0, status: 'completed' });
    expect(remoteLinkWrites()).toHaveLength(2);
  });

  it('a pull request opened later is linked by the next run, and only it', async () => {
    gh.seedPull('acme/api', { number: 15, title: 'Dark mode toggle', head: 'feature/ENG-3-dark', body: 'Follow-up to ENG-1' });
    const third = await trigger();
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    expect(third.body.planned_actions_count).toBe(2);
    await h.waitForRun(third.body.id, (r) => r.status === 'completed');
    const actions = (await h.call<ActionView[]>('GET', `/api/runs/${third.body.id}/actions`)).body;
    expect(actions.map((a) => [a.item_key, a.params.url, a.status])).toEqual([
      ['ENG-3', 'https://github.com/acme/api/pull/15', 'executed'],
      ['ENG-1', 'https://github.com/acme/api/pull/15', 'executed'],
    ]);
    expect(jira.issues.get('ENG-1')!.remoteLinks.size).toBe(2);
    expect(remoteLinkWrites()).toHaveLength(4);
  });
});
