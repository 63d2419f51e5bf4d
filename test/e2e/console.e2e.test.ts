// The web console in headless Chromium against the real service process and a Jira stand-in:
// development sign-in, deciding from the approvals inbox, a run's timeline updating live, cancel,
// a setting that persists, a CSV download, members (delegation kept on a role change, revoke), the
// audit log (filters, cursor pages, CSV), a viewer's disabled controls; a screenshot of every page
// (test-output/console/) and axe-core with no serious or critical violation on each. The OpenID
// Connect sign-in is test/e2e/console-oidc.e2e.test.ts. Skips, saying so, without Chromium.
import fs from 'node:fs/promises';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, CHROMIUM, launchChromium, screenshot, signInDevelopment, startConsoleService, watchProblems, type ConsoleService } from '../support/console-browser.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

if (!hasChromium) console.warn(`[console] SKIPPED: Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);

/** Polls as long as a loaded machine may need (expect.poll's own default is one second). */
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const ORG = 'org_console';

interface RunBody {
  id: string;
  status: string;
}

interface ActionBody {
  id: string;
  status: string;
  decision_reason: string | null;
}

describe.skipIf(!hasChromium)('web console in headless Chromium', () => {
  let h: ConsoleService;
  let jira: JiraStandIn;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let run: RunBody;

  const seed = (project: string) => {
    jira.seedIssue({ key: `${project}-1`, summary: 'Checkout is slow', assignee: jira.users[0]!, estimate: 2 });
    jira.seedIssue({ key: `${project}-2`, summary: 'Export to CSV', assignee: jira.users[1]!, estimate: 5 });
  };
  const trigger = async (project: string) => {
    const res = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: project, cycles: ['T'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const actions = async (runId: string) => (await h.call<ActionBody[]>('GET', `/api/runs/${runId}/actions`)).body;
  // In-app navigation: loading a URL would sign out, since the token lives in the page's memory only.
  const open = async (path: string) => {
    await page.evaluate(`history.pushState(null, '', ${JSON.stringify(`/app${path}`)}); dispatchEvent(new PopStateEvent('popstate'));`);
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
  };

  beforeAll(async () => {
    jira = await startJiraStandIn();
    [h, browser] = await Promise.all([
      // The browser loads pages and follows streams: the per-minute limits of a real deployment would throttle the test.
      startConsoleService('console_e2e', ORG, { RATE_LIMIT_READS_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '100000' }),
      launchChromium(),
    ]);
    const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['APR', 'CAN'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await h.call('PUT', '/api/org/settings', { write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 })).status).toBe(200);
    seed('APR');
    run = await trigger('APR');
    expect(run.status).toBe('awaiting_approval');
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    problems = watchProblems(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await h?.close();
    await jira?.close();
  });

  it('signs in with the development identity', async () => {
    await page.goto(`${h.url}/app/`);
    await page.getByRole('heading', { name: 'Sign in to Sprintguard' }).waitFor();
    await screenshot(page, 'sign-in');
    await expectAccessible(page, 'sign-in');
    await signInDevelopment(page, { org: ORG, user: 'ada', admin: true });
    await page.getByRole('heading', { name: 'Approvals inbox' }).waitFor();
  });

  it('approves one action and rejects another from the inbox, with a reason', async () => {
    const items = page.getByTestId('inbox-item');
    await poll(() => items.count()).toBe(4);
    await screenshot(page, 'inbox');
    await expectAccessible(page, 'inbox');

    await items.nth(0).getByRole('button', { name: /^Approve: / }).click();
    await poll(() => items.count()).toBe(3);
    await items.nth(0).getByLabel('Reason').fill('not in this sprint');
    await items.nth(0).getByRole('button', { name: /^Reject: / }).click();
    await poll(() => items.count()).toBe(2);

    const [a1, a2] = await actions(run.id);
    expect(a1).toMatchObject({ id: 'act-1', status: 'approved' });
    expect(a2).toMatchObject({ id: 'act-2', status: 'rejected', decision_reason: 'not in this sprint' });
  });

  it("shows the run's timeline updating live, without a reload", async () => {
    await page.getByTestId('inbox-item').first().getByRole('link', { name: 'open run' }).click();
    const timeline = page.getByTestId('timeline');
    await timeline.getByText('Action act-2 rejected by ada: not in this sprint').waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));

    // A decision taken elsewhere (another approver, through the API) appears on the open page.
    expect((await h.call('POST', `/api/runs/${run.id}/actions/act-3/approve`, { reason: 'fine' })).status).toBe(200);
    await timeline.getByText('Action act-3 approved by ada').waitFor({ timeout: 10_000 });
    // Executing from the page: the execution's events stream in and the status follows.
    await page.getByRole('button', { name: 'Execute' }).click();
    await timeline.locator('.event-type', { hasText: /^RunCompleted$/ }).waitFor({ timeout: 20_000 });
    await poll(() => page.getByTestId('run-status').textContent()).toBe('completed');
    expect(navigations).toEqual([]);
    await screenshot(page, 'run');
    await expectAccessible(page, 'run');
  });

  it("downloads the run's actions as CSV", async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await fs.readFile(await download.path(), 'utf8');
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(csv).toContain('act-1');
    expect(csv).toContain('not in this sprint');
  });

  it('cancels a run', async () => {
    seed('CAN');
    const waiting = await trigger('CAN');
    await open(`/runs/${waiting.id}`);
    await poll(() => page.getByTestId('run-status').textContent()).toBe('awaiting_approval');
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await poll(() => page.getByTestId('run-notice').textContent()).toBe('Cancel: done.');
    await poll(() => page.getByTestId('run-status').textContent()).toBe('cancelled');
    expect((await h.call<RunBody>('GET', `/api/runs/${waiting.id}`)).body.status).toBe('cancelled');
  });

  it('changes a setting and sees it persist across a reload', async () => {
    await open('/settings');
    const cap = page.getByLabel('Action cap (most actions per run)');
    await poll(() => cap.inputValue()).toBe('25');
    await cap.fill('30');
    await page.getByRole('button', { name: 'Save run settings' }).click();
    await page.getByText('Saved.').first().waitFor();
    await screenshot(page, 'settings');
    await expectAccessible(page, 'settings');

    // Tokens live in memory only: a reload signs out, and signing in again shows the saved value.
    await page.reload();
    await signInDevelopment(page, { org: ORG, user: 'ada', admin: true });
    await open('/settings');
    await poll(() => page.getByLabel('Action cap (most actions per run)').inputValue()).toBe('30');
    expect((await h.call<{ action_cap: number }>('GET', '/api/org/settings')).body.action_cap).toBe(30);
  });

  it('keeps what is typed into the schedule while the saved one is read again', async () => {
    await open('/settings');
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await schedule.getByLabel('Project').fill('ENG');
    const slowRead = async (route: Route) => {
      if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 3_000));
      await route.fallback();
    };
    await page.route('**/api/schedule', slowRead);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/schedule') && r.request().method() === 'PUT');
    const reread = page.waitForResponse((r) => r.url().endsWith('/api/schedule') && r.request().method() === 'GET');
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    expect((await saved).status()).toBe(200);
    // Typed after the save, before the refresh it started comes back.
    await schedule.getByLabel('Time', { exact: true }).fill('10:30');
    await reread;
    await page.waitForTimeout(300);
    expect(await schedule.getByLabel('Time', { exact: true }).inputValue()).toBe('10:30');
    expect(await schedule.getByLabel('Project').inputValue()).toBe('ENG');
    await page.unroute('**/api/schedule', slowRead);
    expect((await h.call<{ project_key: string }>('GET', '/api/schedule')).body.project_key).toBe('ENG');
  });

  it('shows a flag as saved at once, even while the list is slow to refresh', async () => {
    await open('/settings');
    const flags = page.getByRole('region', { name: 'Feature flags' });
    const box = flags.getByRole('checkbox', { name: 'meeting_ingest' });
    const before = await box.isChecked();
    const slowList = async (route: Route) => {
      if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 5_000));
      await route.fallback();
    };
    await page.route('**/api/feature-flags', slowList);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/feature-flags/meeting_ingest') && r.request().method() === 'PUT');
    await box.click();
    expect((await saved).status()).toBe(200);
    // Showing the new state well before the list is read again (5 s): clicking it again then turns
    // the flag back, rather than sending the same state a second time.
    await expect.poll(() => box.isChecked(), { timeout: 2_000 }).toBe(!before);
    await poll(() => box.isEnabled()).toBe(true);
    await box.click();
    await poll(async () => (await h.call<{ name: string; enabled: boolean }[]>('GET', '/api/feature-flags')).body.find((f) => f.name === 'meeting_ingest')?.enabled).toBe(before);
    await page.unroute('**/api/feature-flags', slowList);
  });

  it('manages members: delegates a permission, keeps it through a role change, revokes', async () => {
    await open('/settings');
    const members = page.getByRole('region', { name: 'Members and roles' });
    const member = async () => (await h.call<{ user_id: string; role: string; permissions: string[] }[]>('GET', '/api/rbac/members')).body.find((m) => m.user_id === 'mia');
    const add = members.getByRole('form', { name: 'Add a member' });
    await add.getByLabel('User id').fill('mia');
    await add.getByLabel('Role').selectOption('operator');
    await add.getByRole('button', { name: 'Assign role' }).click();
    await members.getByText('Saved: mia is operator.').waitFor();

    await members.getByRole('button', { name: 'Delegate permissions to mia' }).click();
    const extra = members.getByRole('group', { name: 'Extra permissions for mia' });
    await extra.getByLabel('audit:read', { exact: true }).check();
    await screenshot(page, 'settings-members-delegate');
    await expectAccessible(page, 'settings-members-delegate');
    // The list's refresh after the save is slow here: the row must already show what the save
    // answered, or a role change made at once would send the permissions from before it.
    const slowList = async (route: Route) => {
      if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 2_000));
      await route.fallback();
    };
    await page.route('**/api/rbac/members', slowList);
    await extra.getByRole('button', { name: 'Save permissions' }).click();
    await members.getByText('Saved: mia is operator with audit:read.').waitFor();

    // A role change carries the member's delegation along, even before the list is read again.
    await members.getByLabel('Role of mia', { exact: true }).selectOption('approver');
    await members.getByText('Saved: mia is approver with audit:read.').waitFor({ timeout: 10_000 });
    await page.unroute('**/api/rbac/members', slowList);
    expect(await member()).toMatchObject({ role: 'approver', permissions: ['audit:read'] });
    await screenshot(page, 'settings-members');
    await expectAccessible(page, 'settings-members');

    await members.getByRole('button', { name: 'Revoke the role of mia' }).click();
    await members.getByRole('button', { name: 'Yes, revoke mia' }).click();
    await members.getByText('Revoked: mia is back to viewer, with no delegated permissions.').waitFor();
    await poll(() => members.getByRole('cell', { name: 'mia', exact: true }).count()).toBe(0);
    expect(await member()).toBeUndefined();
  });

  it('filters and pages the audit log, and downloads it as CSV', async () => {
    type Page = { items: { type: string; position: string }[]; next_cursor: string | null };
    const events = async () => (await h.call<Page>('GET', '/api/audit/events?order=asc&limit=500')).body.items;
    // Two pages of 50 need more than 50 events: flag changes through the API add real ones.
    for (let on = true; (await events()).length <= 60; on = !on) expect((await h.call('PUT', '/api/feature-flags/meeting_ingest', { enabled: on })).status).toBe(200);
    // The audit read model trails the writes by a batch (it reads the log every 25 ms): the expected
    // list is taken once it has stopped growing, so the page and the expectation see the same events.
    let all = await events();
    for (let settled = false; !settled; ) {
      await new Promise((r) => setTimeout(r, 300));
      const again = await events();
      settled = again.length === all.length;
      all = again;
    }
    await open('/history');
    const audit = page.getByRole('region', { name: 'Organization audit log' });
    const rows = audit.getByTestId('audit-events').locator('tbody tr');
    await poll(() => rows.count()).toBe(50);

    // Oldest first, a page at a time through the API's cursor.
    await audit.getByLabel('Order').selectOption('asc');
    await audit.getByRole('button', { name: 'Apply filters' }).click();
    await poll(() => rows.first().locator('.event-type').textContent()).toBe(all[0]!.type);
    await audit.getByRole('button', { name: 'Next page' }).click();
    await audit.getByText(`Events 51–${Math.min(100, all.length)}`).waitFor();
    await poll(() => rows.first().locator('.event-type').textContent()).toBe(all[50]!.type);
    await audit.getByRole('button', { name: 'Previous page' }).click();
    await audit.getByText('Events 1–50').waitFor();

    // Stream kind and event type: the settings change of an earlier step, in words.
    await audit.getByLabel('Stream').selectOption('org');
    await audit.getByLabel('Event type').fill('OrgSettingsChanged');
    await audit.getByLabel('Actor').fill('ada');
    await audit.getByRole('button', { name: 'Apply filters' }).click();
    await audit.getByText('Settings changed: action_cap = 30').waitFor();
    await poll(async () => new Set(await rows.locator('.event-type').allTextContents())).toEqual(new Set(['OrgSettingsChanged']));
    await screenshot(page, 'history-audit');
    await expectAccessible(page, 'history-audit');

    const [file] = await Promise.all([page.waitForEvent('download'), audit.getByRole('button', { name: 'Download audit CSV' }).click()]);
    const csv = await fs.readFile(await file.path(), 'utf8');
    expect(file.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
    expect(csv).toContain('OrgSettingsChanged');
    expect(csv).not.toContain('RunRequested');

    // A time range with nothing in it says so.
    await audit.getByLabel('From').fill('2099-01-01T00:00');
    await audit.getByRole('button', { name: 'Apply filters' }).click();
    await audit.getByText('No event matches these filters.').waitFor();
  });

  it('shows runs, history and metrics', async () => {
    await open('/runs');
    await poll(() => page.getByRole('row').count()).toBeGreaterThan(2);
    await screenshot(page, 'runs');
    await expectAccessible(page, 'runs');

    await open('/history');
    await page.getByTestId('state-as-of').waitFor();
    await screenshot(page, 'history');
    await expectAccessible(page, 'history');

    await open('/metrics');
    await page.getByRole('heading', { name: 'Approvals' }).waitFor();
    await page.locator('.chart canvas').first().waitFor();
    await screenshot(page, 'metrics');
    await expectAccessible(page, 'metrics');
  });

  it('shows a new run in the inbox live, and rejects the selected items in bulk', async () => {
    await open('/');
    await page.getByText('live feed: open').waitFor();
    seed('BLK');
    const bulk = await trigger('BLK'); // through the API: the open inbox hears it on the organization's stream
    const checkboxes = page.getByRole('checkbox', { name: /^Select .* on BLK-/ });
    await poll(() => checkboxes.count()).toBe(4);
    for (const box of await checkboxes.all()) await box.check();
    await page.getByLabel('Reason for the selected (4)').fill('duplicate of the sprint plan');
    await page.getByRole('button', { name: 'Reject selected' }).click();
    await poll(() => checkboxes.count()).toBe(0);
    expect((await actions(bulk.id)).map((a) => [a.status, a.decision_reason])).toEqual(Array(4).fill(['rejected', 'duplicate of the sprint plan']));
  });

  it("disables what a viewer's role does not allow, saying why", async () => {
    // Something must wait for a decision: the steps before decided everything they planned.
    seed('VWR');
    await trigger('VWR');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInDevelopment(page, { org: ORG, user: 'vic', admin: false });
    await page.getByRole('heading', { name: 'Approvals inbox' }).waitFor();
    const first = page.getByTestId('inbox-item').first();
    await poll(() => first.getByRole('button', { name: /^Approve: / }).isDisabled()).toBe(true);
    await first.getByText('Your role (viewer) lacks the permission runs:approve.').waitFor();
    await open('/settings');
    await poll(() => page.getByRole('button', { name: 'Save run settings' }).isDisabled()).toBe(true);
    await page.getByText('Your role (viewer) lacks the permission roles:manage.').waitFor();
    await screenshot(page, 'settings-viewer');
    await expectAccessible(page, 'settings-viewer');
    // The audit log is for audit:read: the page says so instead of a table that stays empty.
    await open('/history');
    await page.getByText('Your role (viewer) lacks the permission audit:read.').waitFor();
    await page.getByTestId('state-as-of').waitFor();
    await screenshot(page, 'history-viewer');
    await expectAccessible(page, 'history-viewer');
    expect(problems).toEqual([]);
  });
});
