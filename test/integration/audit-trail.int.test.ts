// The organization's audit log end to end: commands through the API, the audit_events projection,
// GET /api/audit/events (filters, order, cursor, CSV), the audit:read permission, and the signed
// anchor with its key. Another organization's events never appear.
import { compactVerify, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventItem } from '../../src/queries/audit-events.query.js';
import type { AnchorPayload } from '../../src/queries/audit-anchor.js';
import { AUDIT_EVENTS_PROJECTION } from '../../src/projections/audit-events.projection.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
type Headers = Record<string, string>;
let alpha: Headers;
let bravo: Headers;

interface Page {
  items: AuditEventItem[];
  next_cursor: string | null;
}

async function ok(method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect([200, 201], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
  return res;
}

async function caughtUp(): Promise<void> {
  const head = await t.infra.store.settledHeadPosition();
  if (head) expect(await t.projector.waitFor(head, { projections: [AUDIT_EVENTS_PROJECTION], timeoutMs: 15_000 })).toBe(true);
}

const events = async (headers: Headers, query = '') => (await ok('GET', `/api/audit/events${query}`, headers)).json<Page>();

beforeAll(async () => {
  t = await createTestApp({ label: 'audit_trail' });
  alpha = await t.auth({ orgId: 'org_alpha', userId: 'ada', admin: true });
  bravo = await t.auth({ orgId: 'org_bravo', userId: 'bob', admin: true });

  await ok('PUT', '/api/org/settings', alpha, { write_mode: 'auto' });
  await ok('PUT', '/api/rbac/members/carol', alpha, { role: 'approver', permissions: [] });
  const imported = await ok('POST', '/api/import/backlog', alpha, { board_type: 'jira', project_key: 'ALPHA', items: [{ title: 'Audit me' }] });
  const proposalId = imported.json<{ created: { id: string }[] }>().created[0]!.id;
  await ok('POST', `/api/backlog-proposals/${proposalId}/decision`, alpha, { decision: 'accept' });

  // The other organization's history, with a marker that must never reach alpha's log.
  await ok('PUT', '/api/org/settings', bravo, { write_mode: 'auto' });
  await ok('PUT', '/api/rbac/members/BRAVOMARKER', bravo, { role: 'viewer', permissions: [] });
  await caughtUp();
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/audit/events', () => {
  it('lists the write mode change, the role grant and the accepted proposal with their actor, in order', async () => {
    const page = await events(alpha, '?order=asc&limit=500');
    const types = page.items.map((i) => i.type);
    const settings = types.indexOf('OrgSettingsChanged');
    const role = types.indexOf('MemberRoleAssigned');
    const accepted = types.indexOf('ProposalAccepted');
    expect(settings).toBeGreaterThanOrEqual(0);
    expect(role).toBeGreaterThan(settings);
    expect(accepted).toBeGreaterThan(role);
    for (const i of [settings, role, accepted]) {
      expect(page.items[i]).toMatchObject({ actor: 'ada', correlation_id: expect.any(String), causation_id: expect.any(String), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
    expect(page.items[settings]!.data).toMatchObject({ changed: ['write_mode'], settings: { write_mode: 'auto' } });
    expect(page.items[settings]).toMatchObject({ kind: 'org', stream: 'org-org_alpha' });
    expect(page.items[role]!.data).toMatchObject({ user_id: 'carol', role: 'approver' });
    expect(page.items[accepted]!.kind).toBe('proposal');
    // Newest first by default: the same items reversed.
    const newest = await events(alpha, '?limit=500');
    expect(newest.items.map((i) => i.position)).toEqual(page.items.map((i) => i.position).reverse());
  });

  it('filters by stream kind, event type, actor and time, and pages by cursor', async () => {
    const proposals = await events(alpha, '?kind=proposal');
    expect(proposals.items.length).toBeGreaterThan(0);
    expect(proposals.items.every((i) => i.kind === 'proposal')).toBe(true);
    const roles = await events(alpha, '?type=MemberRoleAssigned');
    expect(roles.items.map((i) => i.type)).toEqual(['MemberRoleAssigned']);
    expect((await events(alpha, '?actor=nobody')).items).toEqual([]);
    expect((await events(alpha, '?actor=ada')).items.length).toBeGreaterThanOrEqual(3);
    expect((await events(alpha, '?from=2999-01-01T00:00:00Z')).items).toEqual([]);
    expect((await events(alpha, '?to=2000-01-01T00:00:00Z')).items).toEqual([]);

    const all = (await events(alpha, '?order=asc&limit=500')).items;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await events(alpha, `?order=asc&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items.map((i) => i.position));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((i) => i.position));
  });

  it("never shows another organization's events (tenancy probe)", async () => {
    const res = await ok('GET', '/api/audit/events?limit=500', alpha);
    expect(res.body).not.toContain('org_bravo');
    expect(res.body).not.toContain('BRAVOMARKER');
    const csv = await ok('GET', '/api/audit/events?format=csv', alpha);
    expect(csv.body).not.toContain('BRAVOMARKER');
    expect((await events(bravo, '?limit=500')).items.some((i) => i.type === 'MemberRoleAssigned')).toBe(true);
  });

  it('exports CSV with a header, one line per event, formula cells defused', async () => {
    const res = await ok('GET', '/api/audit/events?format=csv&order=asc', alpha);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('"position","created","stream","kind","revision","type","actor","correlation_id","causation_id","hash","data"');
    const count = (await events(alpha, '?limit=500')).items.length;
    expect(lines).toHaveLength(count + 1);
    expect(res.body).toContain('"MemberRoleAssigned","ada"');
  });

  it('needs audit:read: a member without it gets 403, a delegation grants it', async () => {
    const viewer = await t.auth({ orgId: 'org_alpha', userId: 'vic' });
    expect((await t.app.inject({ url: '/api/audit/events', headers: viewer })).statusCode).toBe(403);
    await ok('PUT', '/api/rbac/members/vic', alpha, { role: 'viewer', permissions: ['audit:read'] });
    await caughtUp();
    await ok('GET', '/api/audit/events', viewer);
  });

  it('shows a change in the read right after its command answers (the command does not wait for the audit log)', async () => {
    const charlie = await t.auth({ orgId: 'org_charlie', userId: 'cy', admin: true });
    for (let i = 0; i < 20; i++) {
      await ok('PUT', `/api/rbac/members/member-${i}`, charlie, { role: 'viewer', permissions: [] });
      const page = await events(charlie, '?type=MemberRoleAssigned&limit=1');
      expect(page.items[0]?.data, `grant ${i}`).toMatchObject({ user_id: `member-${i}` });
    }
  });

  it('shows a change though a transaction that began before it, elsewhere in the cluster, was still open when the read came', async () => {
    const dana = await t.auth({ orgId: 'org_delta', userId: 'dana', admin: true });
    const other = new pg.Client({ connectionString: await createTestDatabaseUrl('audit_trail_other') });
    await other.connect();
    try {
      // The horizon is the whole cluster's, other test files' projections included: held for as
      // short a time as the test allows, so the change is appended as a command of another
      // instance would (a route would first wait for its own read model while it is held).
      await other.query('BEGIN');
      await other.query('SELECT pg_current_xact_id()'); // holds every reader's horizon below the change
      const at = new Date().toISOString();
      await t.infra.store.append('org-org_delta', [
        { type: 'MemberRoleAssigned', data: { user_id: 'late', role: 'viewer', permissions: [], at }, metadata: { org_id: 'org_delta', user_id: 'dana', correlation_id: 'c-late', causation_id: 'c-late' } },
      ]);
      const read = events(dana, '?type=MemberRoleAssigned');
      await new Promise((r) => setTimeout(r, 200));
      await other.query('COMMIT');
      expect((await read).items.map((i) => i.data)).toEqual([expect.objectContaining({ user_id: 'late' })]);
    } finally {
      await other.end();
    }
  });
});

describe('GET /api/audit/anchor', () => {
  it("signs the head hash of each of the organization's streams with the key published at /api/audit/anchor-key", async () => {
    const { jws, payload } = (await ok('GET', '/api/audit/anchor', alpha)).json<{ jws: string; payload: AnchorPayload }>();
    const { keys } = (await ok('GET', '/api/audit/anchor-key', alpha)).json<{ keys: JWK[] }>();
    const verified = await compactVerify(jws, await importJWK(keys[0]!, 'EdDSA'));
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual(payload);
    expect(payload.org_id).toBe('org_alpha');
    const org = payload.streams.find((s) => s.stream === 'org-org_alpha');
    expect(org?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(payload.streams.some((s) => s.stream.includes('bravo'))).toBe(false);
  });
});
