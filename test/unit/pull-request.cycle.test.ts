import { describe, expect, it } from 'vitest';
import type { BoardItem } from '../../src/domain/board.js';
import { defaultCycleOptions, type PullRequestSummary } from '../../src/domain/cycles/cycle.js';
import { cycles } from '../../src/domain/cycles/index.js';
import { pullRequestCycle, pullRequestLinkKey, ticketKeysIn } from '../../src/domain/cycles/pull-request.cycle.js';
import { cyclePBlocker } from '../../src/domain/cycles/cycle-p.gate.js';
import type { IntegrationSettings } from '../../src/domain/integration.events.js';
import type { SubscriptionSummary } from '../../src/domain/plans.js';

const now = new Date('2026-11-22T12:00:00Z');
const pr = (over: Partial<PullRequestSummary>): PullRequestSummary => ({
  number: 1,
  title: 'A change',
  branch: 'main-work',
  body: '',
  url: 'https://github.com/acme/api/pull/1',
  repository: 'acme/api',
  state: 'open',
  updatedAt: '2026-11-21T12:00:00Z',
  ...over,
});
const item = (key: string, title = `Item ${key}`): BoardItem => ({
  id: key,
  key,
  title,
  status: 'To Do',
  statusCategory: 'todo',
  assignee: null,
  estimate: null,
  priority: null,
  labels: [],
  updatedAt: '2026-11-21T12:00:00Z',
});
const plan = (pullRequests: PullRequestSummary[], linked: string[] = [], items: BoardItem[] = []) =>
  pullRequestCycle.plan({ projectKey: 'ENG', items, pullRequests, linkedPullRequests: new Set(linked) }, defaultCycleOptions, now);

describe('ticket keys', () => {
  it('finds keys of the project only, word-bounded and case-sensitive, in order, once each', () => {
    expect(ticketKeysIn('ENG-12: fix login (ENG-7), see ENG-12 and OPS-3', 'ENG')).toEqual(['ENG-12', 'ENG-7']);
    expect(ticketKeysIn('feature/ENG-12-fix', 'ENG')).toEqual(['ENG-12']);
    expect(ticketKeysIn('fix-ENG-4_and_more ENG-5.', 'ENG')).toEqual(['ENG-4', 'ENG-5']);
    expect(ticketKeysIn('eng-12 Eng-12 XENG-12 MY_ENG-12 ENG-12a ENG-0 ENG-012 ENG- ENG12', 'ENG')).toEqual([]);
    expect(ticketKeysIn('ENG-123 is not ENG-12', 'ENG')).toEqual(['ENG-123', 'ENG-12']);
    expect(ticketKeysIn('ENG-12', 'NG')).toEqual([]);
  });

  it('treats the project key literally (no regular-expression injection)', () => {
    expect(ticketKeysIn('A.B-1 AxB-2', 'A.B')).toEqual(['A.B-1']);
    expect(ticketKeysIn('anything-1', '.*')).toEqual([]);
  });
});

describe('cycle P (pull-request linking)', () => {
  it('is listed among the cycles, not a default one', () => {
    expect(cycles.P).toBe(pullRequestCycle);
  });

  it('plans one link per (ticket, pull request) found in the title, branch or body', () => {
    const drafts = plan(
      [
        pr({ number: 7, title: 'ENG-1: login', branch: 'feature/ENG-1-login', body: 'Also fixes ENG-2.\nRelated: OPS-9', url: 'https://github.com/acme/api/pull/7' }),
        pr({ number: 8, title: 'Docs', branch: 'docs/ENG-1', url: 'https://github.com/acme/api/pull/8' }),
        pr({ number: 9, title: 'No ticket', url: 'https://github.com/acme/api/pull/9' }),
      ],
      [],
      [item('ENG-1', 'Login fails')],
    );
    expect(drafts.map((d) => [d.item_key, d.params.url])).toEqual([
      ['ENG-1', 'https://github.com/acme/api/pull/7'],
      ['ENG-2', 'https://github.com/acme/api/pull/7'],
      ['ENG-1', 'https://github.com/acme/api/pull/8'],
    ]);
    expect(drafts[0]).toEqual({
      kind: 'link_pull_request',
      item_key: 'ENG-1',
      item_title: 'Login fails',
      params: {
        url: 'https://github.com/acme/api/pull/7',
        title: 'acme/api#7: ENG-1: login',
        global_id: 'sprintguard-pr:https://github.com/acme/api/pull/7',
        repository: 'acme/api',
        number: 7,
        state: 'open',
      },
      reason: 'pull request acme/api#7 mentions ENG-1 in its title and branch',
    });
    expect(drafts[1]!.reason).toBe('pull request acme/api#7 mentions ENG-2 in its description');
    expect(drafts[1]).not.toHaveProperty('item_title');
  });

  it('plans nothing for links already made or pending, and nothing without pull requests', () => {
    const prs = [pr({ title: 'ENG-1 and ENG-2' })];
    expect(plan(prs, [pullRequestLinkKey('ENG-1', prs[0]!.url)]).map((d) => d.item_key)).toEqual(['ENG-2']);
    expect(plan(prs, [pullRequestLinkKey('ENG-1', prs[0]!.url), pullRequestLinkKey('ENG-2', prs[0]!.url)])).toEqual([]);
    expect(pullRequestCycle.plan({ projectKey: 'ENG', items: [] }, defaultCycleOptions, now)).toEqual([]);
  });

  it('keeps the link title and global id within Jira limits', () => {
    const long = pr({ title: `ENG-1 ${'x'.repeat(400)}`, url: `https://github.com/acme/api/pull/1?${'y'.repeat(300)}` });
    const [draft] = plan([long]);
    expect(String(draft!.params.title).length).toBeLessThanOrEqual(255);
    expect(String(draft!.params.global_id).length).toBeLessThanOrEqual(255);
  });
});

describe('cycle P gate', () => {
  const sc: IntegrationSettings = {
    board_type: 'jira',
    base_url: 'https://acme.atlassian.net',
    email: 'bot@acme.test',
    project_keys: ['ENG'],
    api_token_ref: '00000000-0000-4000-8000-000000000001',
    source_control: { provider: 'github', repository: 'acme/api', token_ref: '00000000-0000-4000-8000-000000000002' },
  };
  const team: SubscriptionSummary = { plan: 'team', status: 'active' };
  const enforced = { enforcePlan: true };

  it('names the first thing missing: the flag, the source control, then the plan', () => {
    expect(cyclePBlocker({ flags: {}, subscription: team }, sc, enforced)).toMatch(/cycle_p feature flag/);
    expect(cyclePBlocker({ flags: { cycle_p: true }, subscription: team }, { ...sc, source_control: undefined }, enforced)).toMatch(/source-control configuration/);
    expect(cyclePBlocker({ flags: { cycle_p: true }, subscription: team }, undefined, enforced)).toMatch(/source-control configuration/);
    expect(cyclePBlocker({ flags: { cycle_p: true }, subscription: undefined }, sc, enforced)).toMatch(/not included in the free plan/);
    expect(cyclePBlocker({ flags: { cycle_p: true }, subscription: { plan: 'business', status: 'past_due' } }, sc, enforced)).toMatch(/free plan/);
  });

  it('lets team and business plans in good standing run it', () => {
    expect(cyclePBlocker({ flags: { cycle_p: true }, subscription: team }, sc, enforced)).toBeUndefined();
    expect(cyclePBlocker({ flags: { cycle_p: true }, subscription: { plan: 'business', status: 'trialing' } }, sc, enforced)).toBeUndefined();
  });

  it('checks the plan only where plan limits are enforced (without billing nobody could upgrade)', () => {
    expect(cyclePBlocker({ flags: { cycle_p: true }, subscription: undefined }, sc, { enforcePlan: false })).toBeUndefined();
    expect(cyclePBlocker({ flags: {}, subscription: undefined }, sc, { enforcePlan: false })).toMatch(/cycle_p feature flag/);
  });
});
