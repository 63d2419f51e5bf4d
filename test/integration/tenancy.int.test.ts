// Tenancy: data of two organizations, and every route that takes an id probed by organization A
// with organization B's ids. A probe either expects 404 (the id names a resource of B) or, where
// the id names something that exists per organization (a member's role, a flag), that A's call
// acts on A alone: B's data stays as it was and nothing of B appears in A's answers.
//
// Adding a route that takes an id: add a probe below. The last test fails for any documented
// route with a path parameter that has no probe.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../src/domain/decider.js';
import { runDecider, type RunCommand } from '../../src/domain/run.decider.js';
import type { RunEvent } from '../../src/domain/run.events.js';
import { runStreamId } from '../../src/domain/streams.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
type Headers = Record<string, string>;
interface Org {
  id: string;
  admin: Headers;
  /** Identifiers of this organization's resources, by kind. */
  ids: { memberUserId: string; flagName: string; runId: string; actionId: string; proposalId: string };
  /** A text that only this organization's own data contains (never one of its ids, which a probe sends). */
  marker: string;
}
let a: Org;
let b: Org;

interface Probe {
  /** The table key of the route (METHOD + Fastify pattern). */
  route: string;
  /** Sends the request as organization `caller` with the ids of `owner`. */
  send(caller: Org, owner: Org): Promise<LightMyRequestResponse>;
  /** 'not_found' for resources that belong to one organization; otherwise a check of B's state. */
  expect: 'not_found' | ((owner: Org, before: unknown) => Promise<void>);
  /** Snapshot of the owner's state before the probe (for isolation checks). */
  snapshot?(owner: Org): Promise<unknown>;
}

const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const membersOf = async (org: Org) => (await inject('GET', '/api/rbac/members', org.admin)).json<unknown>();
const flagsOf = async (org: Org) => (await inject('GET', '/api/feature-flags', org.admin)).json<unknown>();

const probes: Probe[] = [
  {
    route: 'PUT /api/rbac/members/:user_id',
    snapshot: membersOf,
    send: (caller, owner) => inject('PUT', `/api/rbac/members/${owner.ids.memberUserId}`, caller.admin, { role: 'viewer' }),
    expect: async (owner, before) => expect(await membersOf(owner)).toEqual(before),
  },
  {
    route: 'DELETE /api/rbac/members/:user_id',
    snapshot: membersOf,
    send: (caller, owner) => inject('DELETE', `/api/rbac/members/${owner.ids.memberUserId}`, caller.admin),
    expect: async (owner, before) => expect(await membersOf(owner)).toEqual(before),
  },
  {
    route: 'PUT /api/feature-flags/:name',
    snapshot: flagsOf,
    send: (caller, owner) => inject('PUT', `/api/feature-flags/${owner.ids.flagName}`, caller.admin, { enabled: false }),
    expect: async (owner, before) => expect(await flagsOf(owner)).toEqual(before),
  },
  // The chat webhook of another organization, with a bearer token: 404, nothing of B.
  {
    route: 'POST /api/webhooks/chat/:org_id',
    send: (caller, owner) => inject('POST', `/api/webhooks/chat/${owner.id}`, caller.admin, { text: 'status' }),
    expect: 'not_found',
  },
  // The suppression list is deployment-wide and no organization's: only the system API key
  // reaches it, so an organization administrator's token is refused outright (401).
  {
    route: 'DELETE /api/email/suppressions/:email',
    send: async (caller) => {
      const res = await inject('DELETE', '/api/email/suppressions/someone%40example.com', caller.admin);
      expect(res.statusCode).toBe(401);
      return res;
    },
    expect: async () => {},
  },
  // Backlog proposals: each organization imported one (seeded below).
  {
    route: 'POST /api/backlog-proposals/:proposal_id/decision',
    send: (caller, owner) => inject('POST', `/api/backlog-proposals/${owner.ids.proposalId}/decision`, caller.admin, { decision: 'accept' }),
    expect: 'not_found',
  },
  {
    route: 'POST /api/backlog-proposals/:proposal_id/reopen',
    send: (caller, owner) => inject('POST', `/api/backlog-proposals/${owner.ids.proposalId}/reopen`, caller.admin, {}),
    expect: 'not_found',
  },
  // Runs: resources of one organization. Each organization has a real run awaiting approval
  // (seeded below) whose ids the other one probes.
  ...(
    [
      ['GET', '/api/runs/:run_id', ''],
      ['GET', '/api/runs/:run_id/actions', '/actions'],
      ['GET', '/api/runs/:run_id/history', '/history'],
      ['GET', '/api/runs/:run_id/actions/export', '/actions/export'],
      ['POST', '/api/runs/:run_id/confirm', '/confirm'],
      ['POST', '/api/runs/:run_id/execute', '/execute'],
      ['POST', '/api/runs/:run_id/approve-all', '/approve-all'],
      ['POST', '/api/runs/:run_id/reject', '/reject'],
      ['POST', '/api/runs/:run_id/cancel', '/cancel'],
      ['POST', '/api/runs/:run_id/actions/:action_id/approve', '/actions/{action}/approve'],
      ['POST', '/api/runs/:run_id/actions/:action_id/reject', '/actions/{action}/reject'],
    ] as const
  ).map(
    ([method, route, suffix]): Probe => ({
      route: `${method} ${route}`,
      send: (caller, owner) =>
        inject(method, `/api/runs/${owner.ids.runId}${suffix.replace('{action}', owner.ids.actionId)}`, caller.admin, method === 'POST' ? {} : undefined),
      expect: 'not_found',
    }),
  ),
];

/** Every read route without parameters: A's answers must not mention B. */
const listRoutes = ['/api/audit/events', '/api/audit/events?format=csv', '/api/audit/anchor', '/api/backlog-proposals', '/api/rbac/members', '/api/feature-flags', '/api/org/settings', '/api/schedule', '/api/status', '/api/user/me', '/api/rbac/me'];

async function seed(id: string, marker: string): Promise<Org> {
  const admin = await t.auth({ orgId: id, userId: `${marker}-admin`, admin: true });
  const org: Org = {
    id,
    admin,
    marker: `${marker.toUpperCase()}KEY`,
    ids: { memberUserId: `${marker}-member`, flagName: 'cycle_p', runId: randomUUID(), actionId: 'act-1', proposalId: '' },
  };
  const ok = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBe(200);
  ok(await inject('PUT', `/api/rbac/members/${org.ids.memberUserId}`, admin, { role: 'manager', permissions: [] }));
  ok(await inject('PUT', '/api/feature-flags/cycle_p', admin, { enabled: true }));
  ok(await inject('PUT', '/api/org/settings', admin, { action_cap: marker === 'bravo' ? 9 : 4 }));
  ok(
    await inject('PUT', '/api/schedule', admin, {
      enabled: true,
      timezone: 'UTC',
      days_of_week: [1],
      time: '08:00',
      board_type: 'jira',
      project_key: org.marker,
    }),
  );
  const imported = await inject('POST', '/api/import/backlog', admin, { board_type: 'jira', project_key: org.marker, items: [{ title: `Proposal of ${org.marker}` }] });
  expect(imported.statusCode, imported.body).toBe(201);
  org.ids.proposalId = imported.json<{ created: { id: string }[] }>().created[0]!.id;
  await seedRun(org);
  return org;
}

/** A run of `org` awaiting approval of act-1, appended to its stream as the run engine would. */
async function seedRun(org: Org): Promise<void> {
  const now = new Date();
  const commands: RunCommand[] = [
    {
      type: 'RequestRun',
      request: {
        run_id: org.ids.runId,
        org_id: org.id,
        board_type: 'jira',
        project_key: org.marker,
        cycles: ['T'],
        dry_run: false,
        flow: 'approval',
        settings: { write_mode: 'approval', action_cap: 25, confirmation_threshold: 100 },
        requested_by: 'seed',
        at: now.toISOString(),
      },
    },
    { type: 'RecordPlan', drafts: [{ cycle: 'T', kind: 'label', item_key: `${org.marker}-1`, params: { label: 'needs-triage' }, reason: 'missing a priority' }], itemsRead: 1, now },
  ];
  const events: RunEvent[] = [];
  for (const c of commands) events.push(...runDecider.decide(c, fold(runDecider, events)));
  await t.infra.store.append(
    runStreamId(org.ids.runId),
    events.map((e) => ({ type: e.type, data: e.data, metadata: { org_id: org.id, user_id: 'seed', correlation_id: 'seed', causation_id: 'seed' } })),
  );
  // The owner sees its run (so the probes below are about access, not absence).
  for (let i = 0; i < 100; i++) {
    if ((await inject('GET', `/api/runs/${org.ids.runId}`, org.admin)).statusCode === 200) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('seeded run never reached the read model');
}

beforeAll(async () => {
  t = await createTestApp({ label: 'tenancy', env: { SYSTEM_API_KEY: 'tenancy-system-key-0123' } });
  a = await seed('org_alpha', 'alpha');
  b = await seed('org_bravo', 'bravo');
});
afterAll(async () => {
  await t?.close();
});

describe('tenancy', () => {
  for (const probe of probes) {
    it(`${probe.route}: organization A with B's ids never reaches B`, async () => {
      const before = await probe.snapshot?.(b);
      const res = await probe.send(a, b);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain(b.marker);
      if (probe.expect === 'not_found') {
        expect(res.statusCode).toBe(404);
        expect(Object.keys(res.json())).toEqual(['detail']);
      } else {
        await probe.expect(b, before);
      }
    });
  }

  it("keeps each organization's reads to its own data", async () => {
    for (const url of listRoutes) {
      const res = await inject('GET', url, a.admin);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(b.marker);
      expect(res.body, url).not.toContain(b.id);
      expect(res.body, url).not.toContain('bravo-admin');
    }
    expect((await inject('GET', '/api/org/settings', b.admin)).json().action_cap).toBe(9);
    expect((await inject('GET', '/api/org/settings', a.admin)).json().action_cap).toBe(4);
  });

  it("ignores an organization named anywhere but the caller's token", async () => {
    const res = await t.app.inject({ url: '/api/org/settings?org_id=org_bravo', headers: { ...a.admin, 'x-org-id': b.id } });
    // The query string of this route takes no org_id: rejected or ignored, never honoured.
    expect(res.body).not.toContain('"action_cap":9');
  });

  it('has a probe for every documented route that takes an id', async () => {
    const doc = (await inject('GET', '/api/openapi.json', {})).json<{ paths: Record<string, Record<string, unknown>> }>();
    const withIds = Object.entries(doc.paths)
      .filter(([path]) => path.includes('{'))
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`));
    const probed = new Set(probes.map((p) => p.route));
    expect(withIds.filter((r) => !probed.has(r))).toEqual([]);
  });
});
