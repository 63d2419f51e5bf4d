// POST /api/webhooks/chat/{org_id} through buildApp + app.inject on a real database: every way a
// caller is refused, the bearer path, the body shapes, the commands against a Jira stand-in, and
// the event recorded once per request (a replayed delivery gets the recorded answer, no new event).
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signChatRequest } from '../../src/http/chat-signature.js';
import { CHAT_HELP, CHAT_NO_ASSISTANT } from '../../src/domain/chat.answers.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const SECRET = 'int-chat-secret';
const ORG = 'org_chat_int';
const OTHER = 'org_chat_other';
let t: TestApp;
let jira: JiraStandIn;

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

interface Signed {
  body?: string | Buffer;
  contentType?: string;
  timestamp?: string;
  /** The org the signature is made for (default: the URL's). */
  signFor?: string;
  headers?: Record<string, string>;
}

function signed(orgId: string, options: Signed = {}) {
  const body = options.body ?? JSON.stringify({ text: 'help' });
  const timestamp = options.timestamp ?? nowSeconds();
  return {
    method: 'POST' as const,
    url: `/api/webhooks/chat/${orgId}`,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      'x-service-timestamp': timestamp,
      'x-service-signature': signChatRequest(SECRET, timestamp, options.signFor ?? orgId, body),
      ...options.headers,
    },
    payload: body,
  };
}

const send = (request: InjectOptions, app: TestApp = t) => app.app.inject(request);
const ask = async (text: string, orgId = ORG) => send(signed(orgId, { body: JSON.stringify({ text, user: 'ada', channel: 'eng' }) }));

async function chatEvents(app: TestApp = t) {
  return app.infra.db.knex
    .withSchema('es')
    .from('events')
    .where('stream_name', 'like', 'chat-%')
    .orderBy('global_position')
    .select<{ stream_name: string; event_type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[]>('stream_name', 'event_type', 'data', 'metadata');
}

function expectRefused(res: LightMyRequestResponse, status: number, message?: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<Record<string, unknown>>();
  expect(Object.keys(body)).toEqual([status === 401 ? 'error' : 'detail']);
  if (message) expect(String(body.error ?? body.detail)).toMatch(message);
}

beforeAll(async () => {
  jira = await startJiraStandIn();
  t = await createTestApp({ label: 'chat_int', env: { CHAT_WEBHOOK_SIGNING_SECRET: SECRET } });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/settings/integration',
    headers: await t.auth({ orgId: ORG, userId: 'ada', admin: true }),
    payload: { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['CHT'] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  jira.seedIssue({ key: 'CHT-1', summary: 'Fix the login page', priority: 'High', assignee: jira.users[0]!, rank: 1 });
  jira.seedIssue({ key: 'CHT-2', summary: 'Payment retries', status: 'Blocked', statusCategory: 'indeterminate', rank: 2 });
  jira.seedIssue({ key: 'CHT-3', summary: 'Export as PDF', labels: ['flagged'], rank: 3 });
  jira.seedIssue({ key: 'CHT-4', summary: 'Old thing', statusCategory: 'done', labels: ['blocked'], rank: 4 });
});
afterAll(async () => {
  await t?.close();
  await jira?.close();
});

describe('chat webhook: signed requests', () => {
  it('answers help as text/plain and records one event with question, command, answer, via and user', async () => {
    const before = (await chatEvents()).length;
    const res = await ask('help');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(CHAT_HELP);
    const events = (await chatEvents()).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]!.event_type).toBe('ChatRequestAnswered');
    expect(events[0]!.data).toMatchObject({ org_id: ORG, via: 'signature', user: 'ada', channel: 'eng', question: 'help', command: 'help', answered_by: 'commands', answer: CHAT_HELP });
    expect(events[0]!.metadata).toMatchObject({ org_id: ORG, user_id: 'chat-webhook' });
    expect(JSON.stringify(events[0])).not.toContain(SECRET);
  });

  it('a replayed delivery gets the same answer and records nothing new', async () => {
    const request = signed(ORG, { body: JSON.stringify({ text: 'next' }) });
    const first = await send(request);
    const before = (await chatEvents()).length;
    jira.clearRequests();
    const [again, twice] = await Promise.all([send(request), send(request)]);
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(twice.body).toBe(first.body);
    expect((await chatEvents()).length).toBe(before);
    // The recorded answer is replayed: the board is not read again.
    expect(jira.requests).toEqual([]);
  });

  it('two copies of a new delivery arriving together: both answered, one event', async () => {
    const request = signed(ORG, { body: JSON.stringify({ text: 'blocked', user: 'twin' }) });
    const before = (await chatEvents()).length;
    const copies = await Promise.all(Array.from({ length: 4 }, () => send(request)));
    expect(copies.map((c) => c.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(copies.map((c) => c.body)).size).toBe(1);
    const events = (await chatEvents()).slice(before);
    expect(events.map((e) => e.data.user)).toEqual(['twin']);
  });

  it('next: the highest-ranked active item of the default project, or of the one named', async () => {
    expect((await ask('next')).body).toBe(`Next in CHT: CHT-1 Fix the login page (To Do, High, Ada Lovelace) ${jira.url}/browse/CHT-1`);
    jira.seedIssue({ key: 'OPS-7', summary: 'Rotate keys' });
    expect((await ask('next ops')).body).toMatch(/^Next in OPS: OPS-7 Rotate keys \(To Do, no priority, unassigned\)/);
  });

  it('blocked: active items with a blocking status or label', async () => {
    const res = await ask('blocked');
    expect(res.body.split('\n').map((l) => l.replace(/ https?:\S+$/, ''))).toEqual([
      'Blocked in CHT (2):',
      '• CHT-2 Payment retries (Blocked, no priority, unassigned)',
      '• CHT-3 Export as PDF (To Do, no priority, unassigned)',
    ]);
  });

  it('status: the latest runs and pending approvals', async () => {
    const empty = await ask('status');
    expect(empty.body).toBe('No runs yet.\nNothing waits for approval.');
    const admin = await t.auth({ orgId: ORG, userId: 'ada', admin: true });
    const run = await t.app.inject({ method: 'POST', url: '/api/runs/trigger', headers: admin, payload: { board_type: 'jira', project_key: 'CHT', cycles: ['T'] } });
    expect(run.statusCode, run.body).toBe(201);
    const { id, planned_actions_count: planned } = run.json<{ id: string; planned_actions_count: number }>();
    const res = await ask('status CHT');
    expect(res.body).toContain(`• ${id} jira/CHT: awaiting_approval, ${planned} planned, 0 executed, ${planned} awaiting approval`);
    expect(res.body).toContain(`Waiting for approval: ${planned} action(s), 0 run confirmation(s), 0 backlog proposal(s).`);
  });

  it('a free question without the assistant gets the fallback with the help', async () => {
    const res = await ask('who is working on payments?');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(CHAT_NO_ASSISTANT);
    expect((await chatEvents()).at(-1)!.data).toMatchObject({ command: 'question', answered_by: 'fallback' });
  });

  it('takes text/plain and a form body (Slack slash command) as well as JSON', async () => {
    const plain = await send(signed(ORG, { body: '  help  ', contentType: 'text/plain; charset=utf-8' }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.body).toBe(CHAT_HELP);
    const form = await send(signed(ORG, { body: 'command=%2Fsprint&text=help&user_name=bob&channel_name=ops', contentType: 'application/x-www-form-urlencoded' }));
    expect(form.statusCode, form.body).toBe(200);
    expect((await chatEvents()).at(-1)!.data).toMatchObject({ user: 'bob', channel: 'ops', command: 'help' });
  });

  it('a board that cannot be reached answers the generic text, with no detail, and records nothing', async () => {
    const before = (await chatEvents()).length;
    jira.failNext(4, 503);
    // A body of its own: the same body signed in the same second is the same delivery (answered from the record).
    const res = await send(signed(ORG, { body: JSON.stringify({ text: 'blocked', user: 'eve' }) }));
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Sorry, something went wrong while answering. Please try again in a moment.');
    expect((await chatEvents()).length).toBe(before);
  }, 20_000);
});

describe('chat webhook: refusals', () => {
  it('no credentials: 401 {error}', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/webhooks/chat/${ORG}`, headers: { 'content-type': 'application/json' }, payload: '{"text":"help"}' });
    expectRefused(res, 401, /signature .* or bearer/i);
  });

  it('an old or future-skewed timestamp', async () => {
    const at = (offset: number) => String(Math.floor(Date.now() / 1000) + offset);
    expectRefused(await send(signed(ORG, { timestamp: at(-301 - 5) })), 401, /too old/);
    expectRefused(await send(signed(ORG, { timestamp: at(301 + 5) })), 401, /future/);
    expect((await send(signed(ORG, { timestamp: at(-200) }))).statusCode).toBe(200);
  });

  it('a signature made for another organization', async () => {
    expectRefused(await send({ ...signed(OTHER), url: `/api/webhooks/chat/${ORG}` }), 401, /^Invalid signature$/);
    expectRefused(await send(signed(ORG, { signFor: OTHER })), 401, /^Invalid signature$/);
  });

  it('an organization id that would shift the signed bytes (a colon): 400, nothing answered', async () => {
    // Signed for ORG over ':{"text":"help"}' = the same bytes as for `${ORG}:` over '{"text":"help"}'.
    const shifted = { ...signed(ORG, { body: ':{"text":"help"}' }), url: `/api/webhooks/chat/${ORG}:`, payload: '{"text":"help"}' };
    expectRefused(await send(shifted), 400);
    expectRefused(await send({ ...shifted, url: `/api/webhooks/chat/${ORG}%3A` }), 400);
  });

  it('any changed body byte', async () => {
    const request = signed(ORG, { body: JSON.stringify({ text: 'help', user: 'ada' }) });
    const bytes = Buffer.from(request.payload as string);
    for (const i of [0, 5, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[i] = changed[i]! ^ 0x20;
      expectRefused(await send({ ...request, payload: changed }), 401, /^Invalid signature$/);
    }
    expectRefused(await send({ ...request, payload: `${request.payload as string} ` }), 401);
  });

  it('a missing or malformed header', async () => {
    const request = signed(ORG);
    const { 'x-service-timestamp': _ts, ...withoutTimestamp } = request.headers;
    expectRefused(await send({ ...request, headers: withoutTimestamp }), 401, /required/);
    expectRefused(await send({ ...request, headers: { ...request.headers, 'x-service-signature': 'sha256=abc' } }), 401, /v1=/);
    expectRefused(await send({ ...request, headers: { ...request.headers, 'x-service-timestamp': 'yesterday' } }), 401, /unix time/);
  });

  it('bad input once authenticated: 400 {detail}, nothing recorded', async () => {
    const before = (await chatEvents()).length;
    expectRefused(await send(signed(ORG, { body: '{"text": "help"' })), 400, /not valid JSON/);
    expectRefused(await send(signed(ORG, { body: '{"user": "ada"}' })), 400, /field 'text'/);
    expectRefused(await send(signed(ORG, { body: '{"text": ""}' })), 400, /body\/text/);
    expectRefused(await send(signed(ORG, { body: '["help"]' })), 400, /object/);
    expectRefused(await send(signed(ORG, { body: '{"text": "help", "admin": true}' })), 400, /unknown field 'admin'/);
    expectRefused(await send(signed(ORG, { body: JSON.stringify({ text: 'x'.repeat(4001) }) })), 400, /body\/text/);
    expectRefused(await send(signed(ORG, { body: '<text>help</text>', contentType: 'application/xml' })), 400, /content type/i);
    expect((await chatEvents()).length).toBe(before);
  });

  it('a server without CHAT_WEBHOOK_SIGNING_SECRET refuses signed requests (bearer still works)', async () => {
    const bare = await createTestApp({ label: 'chat_int_nosecret' });
    try {
      expectRefused(await send(signed(ORG), bare), 401, /no chat signing secret/);
      const res = await bare.app.inject({
        method: 'POST',
        url: `/api/webhooks/chat/${ORG}`,
        headers: { ...(await bare.auth({ orgId: ORG, userId: 'ada' })), 'content-type': 'application/json' },
        payload: '{"text":"help"}',
      });
      expect(res.statusCode).toBe(200);
      expect((await chatEvents(bare)).map((e) => e.data.via)).toEqual(['bearer']);
    } finally {
      await bare.close();
    }
  });
});

describe('chat webhook: bearer callers', () => {
  const withBearer = async (orgId: string, urlOrg: string, text = 'help') =>
    t.app.inject({
      method: 'POST',
      url: `/api/webhooks/chat/${urlOrg}`,
      headers: { ...(await t.auth({ orgId, userId: 'viewer-vic' })), 'content-type': 'application/json' },
      payload: JSON.stringify({ text }),
    });

  it('a member of the same organization (app:read) is answered, recorded with its user', async () => {
    const res = await withBearer(ORG, ORG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(CHAT_HELP);
    expect((await chatEvents()).at(-1)!.data).toMatchObject({ via: 'bearer', user: 'viewer-vic' });
    expect((await chatEvents()).at(-1)!.metadata).toMatchObject({ user_id: 'viewer-vic' });
  });

  it("another organization's token: 404 {detail}, nothing of the organization", async () => {
    const before = (await chatEvents()).length;
    const res = await withBearer(OTHER, ORG, 'next');
    expectRefused(res, 404);
    expect(res.body).not.toContain('CHT');
    expect((await chatEvents()).length).toBe(before);
  });

  it('an invalid token: 401 {error}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/chat/${ORG}`,
      headers: { authorization: 'Bearer aaa.bbb.ccc', 'content-type': 'application/json' },
      payload: '{"text":"help"}',
    });
    expectRefused(res, 401);
  });
});
