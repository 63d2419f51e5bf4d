// The chat webhook end to end: the real server process, real PostgreSQL, a Jira stand-in for the
// board and the chat-completions stand-in for the language model. Commands, the assistant path
// (flag on, run history and board items as context), its fallback, and a forced internal failure
// answered with the generic text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ASSISTANT_UNAVAILABLE, CHAT_GENERIC_FAILURE, CHAT_HELP, CHAT_NO_ASSISTANT } from '../../src/domain/chat.answers.js';
import { deliver, recordedChatEvents, signedDelivery } from '../support/chat-client.js';
import { ORG, startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';
import { startChatCompletionsStandIn, type ChatCompletionsStandIn } from '../support/stand-ins/chat-completions-stand-in.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

const SECRET = 'e2e-chat-signing-secret';
let h: RunHarness;
let jira: JiraStandIn;
let llm: ChatCompletionsStandIn;
let n = 0;

/** A distinct delivery each time (the user differs), signed now. */
const ask = (text: string) => deliver(signedDelivery(h.service.url, SECRET, ORG, { text, user: `user-${++n}`, channel: 'eng' }));

beforeAll(async () => {
  jira = await startJiraStandIn();
  llm = await startChatCompletionsStandIn();
  h = await startRunHarness('chat_e2e', { CHAT_WEBHOOK_SIGNING_SECRET: SECRET, LLM_API_URL: llm.url, LLM_API_KEY: llm.apiKey, LLM_MODEL: 'chat-model' });
  const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['CHE'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  jira.seedIssue({ key: 'CHE-1', summary: 'Ship the chat webhook', priority: 'High', assignee: jira.users[1]!, estimate: 3, rank: 1 });
  jira.seedIssue({ key: 'CHE-2', summary: 'Wait for the vendor', status: 'Blocked', statusCategory: 'indeterminate', rank: 2 });
});
afterAll(async () => {
  await h?.close();
  await jira?.close();
  await llm?.close();
});

describe('chat webhook through the real server', () => {
  it('answers the commands from the board and the run read model', async () => {
    const help = await ask('help');
    expect(help).toMatchObject({ status: 200, text: CHAT_HELP });
    expect(help.contentType).toMatch(/^text\/plain/);
    expect((await ask('next')).text).toBe(`Next in CHE: CHE-1 Ship the chat webhook (To Do, High, Bob Builder) ${jira.url}/browse/CHE-1`);
    expect((await ask('blocked')).text).toMatch(/^Blocked in CHE \(1\):\n• CHE-2 Wait for the vendor \(Blocked, no priority, unassigned\)/);

    const run = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'CHE', cycles: ['T'] });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const status = await ask('status');
    expect(status.text).toContain(`• ${run.body.id} jira/CHE: awaiting_approval`);
    expect(status.text).toMatch(/Waiting for approval: \d+ action\(s\)/);
  });

  it('free questions: fallback until chat_assistant is on, then the model with run history and items as context', async () => {
    expect((await ask('Who works on the chat webhook?')).text).toBe(CHAT_NO_ASSISTANT);
    expect(llm.requests).toHaveLength(0);

    const flag = await h.call('PUT', '/api/feature-flags/chat_assistant', { enabled: true });
    expect(flag.status).toBe(200);
    llm.enqueue({ kind: 'text', text: 'Bob Builder works on CHE-1, the chat webhook.' });
    const answered = await ask('Who works on the chat webhook?');
    expect(answered).toMatchObject({ status: 200, text: 'Bob Builder works on CHE-1, the chat webhook.' });

    const sent = llm.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${llm.apiKey}`);
    expect(sent.body.model).toBe('chat-model');
    const user = sent.body.messages!.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Question: Who works on the chat webhook?');
    expect(user).toMatch(/Recent runs \(newest first\):\n.*jira\/CHE: awaiting_approval/);
    expect(user).toContain('CHE-1 Ship the chat webhook');
    expect(JSON.stringify(sent.body)).not.toContain(SECRET);

    // The model failing is not an internal failure: a fallback that says so, recorded.
    llm.enqueue({ kind: 'http', status: 500 });
    expect(await ask('And what is blocked?')).toMatchObject({ status: 200, text: CHAT_ASSISTANT_UNAVAILABLE });

    const events = await recordedChatEvents(h.databaseUrl);
    expect(events.slice(-3).map((e) => [e.data.command, e.data.answered_by])).toEqual([
      ['question', 'fallback'],
      ['question', 'assistant'],
      ['question', 'fallback'],
    ]);
  });

  it('an internal failure answers the generic text, with no exception detail, logged server-side', async () => {
    const before = (await recordedChatEvents(h.databaseUrl)).length;
    jira.failNext(4, 503);
    const res = await ask('next');
    expect(res).toMatchObject({ status: 500, text: CHAT_GENERIC_FAILURE });
    expect(res.contentType).toMatch(/^text\/plain/);
    // The log line travels through the child's stdout pipe: it may arrive just after the answer.
    const deadline = Date.now() + 5_000;
    while (!h.service.output().includes('chat request failed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(h.service.output()).toContain('chat request failed');
    expect((await recordedChatEvents(h.databaseUrl)).length).toBe(before);
    // The board is back: the same question is answered.
    expect((await ask('next')).status).toBe(200);
  }, 30_000);

  it('records one event per answered request, with no secret', async () => {
    const events = await recordedChatEvents(h.databaseUrl);
    expect(events.length).toBe(n - 1); // every request but the failed one
    expect(new Set(events.map((e) => e.stream_name)).size).toBe(events.length);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(JSON.stringify(events)).not.toContain(jira.token);
  });
});
