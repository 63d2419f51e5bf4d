// Backlog end to end: the real server process, real PostgreSQL, a Jira stand-in and a
// chat-completions stand-in. Imports become proposals once, decisions are final, accepted proposals
// become board items exactly once, and transcripts become proposals (rules or model).
import fs from 'node:fs';
import path from 'node:path';
import type { Static } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { startChatCompletionsStandIn, type ChatCompletionsStandIn } from '../support/stand-ins/chat-completions-stand-in.js';
import { startRunHarness, type RunHarness } from '../support/run-harness.js';
import type { ImportResultSchema, IngestResultSchema, ProposalView } from '../../src/http/schemas/backlog.schemas.js';

let h: RunHarness;
let jira: JiraStandIn;
let llm: ChatCompletionsStandIn;

type ImportResult = Static<typeof ImportResultSchema>;
type Proposal = ProposalView;
type IngestResult = Static<typeof IngestResultSchema>;

const PROJECT = 'BKL';
const transcript = fs.readFileSync(path.join(import.meta.dirname, '../support/transcripts/checkout-sync.txt'), 'utf8');
const items = (n: number, prefix = 'Backlog item') =>
  Array.from({ length: n }, (_, i) => ({ title: `${prefix} ${i + 1}`, description: `Details of item ${i + 1}`, kind: i % 3 === 0 ? 'bug' : 'task', labels: ['imported'], priority: (i % 4) + 1 }));
const created = () => jira.writes().filter((w) => w.method === 'POST' && w.path === '/rest/api/3/issue');
const flag = async (name: string, enabled: boolean) => expect((await h.call('PUT', `/api/feature-flags/${name}`, { enabled })).status).toBe(200);

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  jira = await startJiraStandIn({ pageSize: 50 });
  jira.seedProject(PROJECT);
  llm = await startChatCompletionsStandIn();
  h = await startRunHarness('backlog_e2e', {
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_READS_PER_MINUTE: '100000',
    LLM_API_URL: llm.url,
    LLM_API_KEY: llm.apiKey,
    LLM_TIMEOUT_MS: '3000',
  });
  const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: [PROJECT] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await jira?.close();
  await llm?.close();
});

describe('backlog import and decisions', () => {
  it('imports 200 items once, decides them in bulk, and creates each accepted one on the board exactly once', async () => {
    const tooMany = await h.call<{ detail: string }>('POST', '/api/import/backlog', { board_type: 'jira', project_key: PROJECT, items: items(201) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toMatch(/at most 200 items/);

    const first = await h.call<ImportResult>('POST', '/api/import/backlog', { board_type: 'jira', project_key: PROJECT, items: items(200) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ created_count: 200, duplicate_count: 0 });

    // Same request again, and the same titles spelled differently: all duplicates, nothing new.
    const again = await h.call<ImportResult>('POST', '/api/import/backlog', { board_type: 'jira', project_key: PROJECT, items: items(200) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created_count: 0, duplicate_count: 200 });
    expect(again.body.duplicates.map((d) => d.id)).toEqual(first.body.created.map((c) => c.id));
    const respelled = await h.call<ImportResult>('POST', '/api/import/backlog', { board_type: 'jira', project_key: PROJECT, items: [{ title: '  BACKLOG item   7!! ' }] });
    expect(respelled.body).toMatchObject({ created_count: 0, duplicate_count: 1, duplicates: [{ id: first.body.created[6]!.id }] });

    const listed = await h.call<Proposal[]>('GET', `/api/backlog-proposals?project_key=${PROJECT}&status=pending&limit=200`);
    expect(listed.body).toHaveLength(200);
    expect(listed.body.every((p) => p.source === 'import')).toBe(true);
    const search = await h.call<Proposal[]>('GET', `/api/backlog-proposals?q=${encodeURIComponent('"Backlog item 42"')}`);
    expect(search.body[0]!.title).toBe('Backlog item 42');

    const ids = first.body.created.map((c) => c.id);
    const accept = ids.slice(0, 6);
    const reject = ids.slice(6, 10);
    const accepted = await h.call<{ decided: number; not_found: number; results: { proposal_id: string; result: string; status?: string }[] }>(
      'POST', '/api/backlog-proposals/decision', { proposal_ids: [...accept, 'no-such-proposal'], decision: 'accept' },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ decided: 6, not_found: 1 });
    expect(accepted.body.results.at(-1)).toMatchObject({ proposal_id: 'no-such-proposal', result: 'not_found' });
    const rejected = await h.call<{ decided: number; conflicts: number; results: { result: string }[] }>(
      'POST', '/api/backlog-proposals/decision', { proposal_ids: [...reject, accept[0]!], decision: 'reject', reason: 'not this quarter' },
    );
    expect(rejected.body).toMatchObject({ decided: 4, conflicts: 1 });
    expect(rejected.body.results.at(-1)).toMatchObject({ result: 'conflict' });

    // One decision on a decided proposal: 409; another organization's proposal: 404.
    const second = await h.call<{ detail: string }>('POST', `/api/backlog-proposals/${reject[0]}/decision`, { decision: 'accept' });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/already rejected/);
    expect((await h.call('POST', `/api/backlog-proposals/${ids[50]}/decision`, { decision: 'accept' }, 'org_elsewhere')).status).toBe(404);
    expect((await h.call<Proposal[]>('GET', '/api/backlog-proposals', undefined, 'org_elsewhere')).body).toEqual([]);
    const single = await h.call<Proposal>('POST', `/api/backlog-proposals/${ids[10]}/decision`, { decision: 'reject' });
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ id: ids[10], status: 'rejected' });

    const applied = await waitFor('6 applied proposals', async () => {
      const res = await h.call<Proposal[]>('GET', `/api/backlog-proposals?status=applied&limit=200`);
      return res.body.length === 6 ? res.body : undefined;
    });
    expect(applied.map((p) => p.provider_key).every((k) => k?.startsWith(`${PROJECT}-`))).toBe(true);
    await new Promise((r) => setTimeout(r, 1_000));
    const posts = created();
    expect(posts).toHaveLength(6);
    const summaries = posts.map((p) => (p.body as { fields: { summary: string } }).fields.summary).sort();
    expect(summaries).toEqual(first.body.created.slice(0, 6).map((c) => c.title).sort());
    for (const issue of [...jira.issues.values()]) {
      expect(issue.labels).toContain('imported');
      expect(issue.labels.some((l) => /^sprintguard-[0-9a-f]{12}$/.test(l))).toBe(true);
    }

    // Pending proposals wait in the approval inbox, and count in the stats.
    const stats = await h.call<{ proposals: Record<string, number> }>('GET', '/api/approvals/stats');
    expect(stats.body.proposals).toEqual({ pending: 189, accepted: 0, rejected: 5, applying: 0, applied: 6, apply_failed: 0 });
    const inbox = await h.call<{ kind: string; id: string; run_id: string | null; decide: { path: string; decision: string }[] }[]>('GET', '/api/approvals/inbox?limit=500');
    const pending = inbox.body.filter((i) => i.kind === 'proposal');
    expect(pending).toHaveLength(189);
    expect(pending[0]).toMatchObject({ run_id: null, decide: [{ path: `/api/backlog-proposals/${pending[0]!.id}/decision`, decision: 'accept' }, { decision: 'reject' }] });
    expect(pending.some((i) => accept.includes(i.id) || reject.includes(i.id))).toBe(false);
  }, 120_000);
});

describe('meeting ingest', () => {
  it('needs the meeting_ingest flag, refuses transcripts over 200,000 characters with 413, and extracts proposals', async () => {
    const body = (text: string) => ({ transcript: text, board_type: 'jira', project_key: PROJECT, title: 'Checkout sync', occurred_at: '2026-11-20T09:00:00Z' });
    const off = await h.call<{ detail: string }>('POST', '/api/meetings/ingest', body(transcript));
    expect(off.status).toBe(403);
    expect(off.body.detail).toMatch(/meeting_ingest/);
    await flag('meeting_ingest', true);

    const tooLong = await h.call<{ detail: string }>('POST', '/api/meetings/ingest', body('a'.repeat(200_001)));
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.detail).toMatch(/200,000 characters/);
    // Far above the route's body limit: Fastify refuses it from Content-Length, same shape.
    const huge = await h.call<{ detail: string }>('POST', '/api/meetings/ingest', body('b'.repeat(2_000_000)));
    expect(huge.status).toBe(413);
    expect(typeof huge.body.detail).toBe('string');
    // Exactly at the limit is accepted.
    expect((await h.call('POST', '/api/meetings/ingest', body('Ana: hello. '.repeat(16_666) + 'abcdefgh'))).status).toBe(201);

    const ingested = await h.call<IngestResult>('POST', '/api/meetings/ingest', body(transcript));
    expect(ingested.status, JSON.stringify(ingested.body)).toBe(201);
    expect(ingested.body).toMatchObject({ extractor: 'rules', fallback_reason: null, created_count: 10 });
    expect(ingested.body.proposals.map((p) => p.title)).toContain('Add pagination to the export job');
    expect(ingested.body.follow_ups).toEqual([expect.objectContaining({ ticket: 'ENG-412' })]);
    const found = await h.call<Proposal[]>('GET', `/api/backlog-proposals?q=pagination&source=meeting`);
    expect(found.status).toBe(400); // unknown query fields are refused (docs/architecture.md)
    const byText = await h.call<Proposal[]>('GET', `/api/backlog-proposals?q=pagination`);
    expect(byText.body.map((p) => [p.title, p.source])).toEqual([['Add pagination to the export job', 'meeting']]);
    const bugs = await h.call<Proposal[]>('GET', `/api/backlog-proposals?kind=bug&q=safari`);
    expect(bugs.body.map((p) => p.title).sort()).toEqual(['Fix the Safari submit button before the release', 'The payment page is broken on Safari 17, the submit button does nothing']);

    // The same meeting again: recorded, every proposal a duplicate.
    const repeated = await h.call<IngestResult>('POST', '/api/meetings/ingest', body(transcript));
    expect(repeated.body.created_count).toBe(0);
    expect(repeated.body.proposals.every((p) => p.outcome === 'duplicate')).toBe(true);
  }, 60_000);

  it('uses the language model when configured and enabled, and falls back to the rules when its answer is malformed or refused', async () => {
    await flag('meeting_ingest', true);
    await flag('llm_extraction', true);
    const body = (text: string) => ({ transcript: text, board_type: 'jira', project_key: PROJECT });
    llm.enqueue({
      kind: 'content',
      content: {
        items: [{ title: 'Migrate the billing cron to the queue', description: 'Agreed in the ops sync', kind: 'task', assignee: 'Lee', evidence: 'Lee: I will move the cron.' }],
        follow_ups: [{ ticket: 'OPS-7', note: 'Close once migrated', assignee: null, evidence: 'Kim: OPS-7 can go.' }],
      },
    });
    const fromModel = await h.call<IngestResult>('POST', '/api/meetings/ingest', body('Lee: I will move the billing cron to the queue.\nKim: OPS-7 can go.'));
    expect(fromModel.status).toBe(201);
    expect(fromModel.body).toMatchObject({ extractor: 'llm', fallback_reason: null, created_count: 1, follow_ups: [{ ticket: 'OPS-7' }] });
    expect(fromModel.body.proposals.map((p) => p.title)).toEqual(['Migrate the billing cron to the queue']);
    expect(llm.requests.at(-1)!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });

    llm.enqueue({ kind: 'malformed' });
    const malformed = await h.call<IngestResult>('POST', '/api/meetings/ingest', body('Ana: We need to archive the old dashboards.'));
    expect(malformed.body).toMatchObject({ extractor: 'rules', fallback_reason: 'language model: the answer is not valid JSON' });
    expect(malformed.body.proposals.map((p) => p.title)).toEqual(['Archive the old dashboards']);

    llm.enqueue({ kind: 'refusal' });
    const refused = await h.call<IngestResult>('POST', '/api/meetings/ingest', body('Ben: Let\'s document the on-call handover.'));
    expect(refused.body).toMatchObject({ extractor: 'rules', fallback_reason: 'language model: the model refused' });
    expect(refused.body.proposals.map((p) => p.title)).toEqual(['Document the on-call handover']);
    await flag('llm_extraction', false);
  }, 60_000);
});
