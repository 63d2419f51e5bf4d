// The chat assistant adapter against the chat-completions stand-in: the request it sends and
// every way the model can fail to answer (each is a fallback for the route, never an exception).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatAssistant, MAX_ASSISTANT_ANSWER_CHARS } from '../../src/adapters/llm/chat-assistant.js';
import { startChatCompletionsStandIn, type ChatCompletionsStandIn } from '../support/stand-ins/chat-completions-stand-in.js';

let llm: ChatCompletionsStandIn;
const context = { orgId: 'org_a', runs: ['run-1 jira/ENG: completed'], items: ['ENG-1 Fix login — To Do'], retrieved: ['ENG-1 was discussed on Monday'] };
const assistant = (overrides: { apiKey?: string; timeoutMs?: number } = {}) =>
  createChatAssistant({ apiUrl: llm.url, apiKey: overrides.apiKey ?? llm.apiKey, model: 'm-chat', timeoutMs: overrides.timeoutMs ?? 5_000 });

beforeAll(async () => {
  llm = await startChatCompletionsStandIn();
});
afterAll(async () => {
  await llm?.close();
});

describe('chat assistant', () => {
  it('sends the question with the context and returns the text', async () => {
    llm.enqueue({ kind: 'text', text: '  ENG-1 is next.  ' });
    expect(await assistant().answer('What is next?', context)).toEqual({ ok: true, text: 'ENG-1 is next.' });
    const sent = llm.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${llm.apiKey}`);
    expect(sent.body.model).toBe('m-chat');
    expect(sent.body.response_format).toBeUndefined();
    const user = sent.body.messages!.find((m) => m.role === 'user')!.content;
    expect(user).toBe(
      'Recent runs (newest first):\nrun-1 jira/ENG: completed\n\nActive board items (highest-ranked first):\nENG-1 Fix login — To Do\n\n' +
        'Retrieved history:\nENG-1 was discussed on Monday\n\nQuestion: What is next?',
    );
  });

  it('caps a long answer', async () => {
    llm.enqueue({ kind: 'text', text: 'x'.repeat(MAX_ASSISTANT_ANSWER_CHARS + 50) });
    const outcome = await assistant().answer('q', context);
    expect(outcome.ok && outcome.text.length).toBe(MAX_ASSISTANT_ANSWER_CHARS);
  });

  it('a refusal, an HTTP error, a wrong key and a timeout are failures with a reason, never the provider body', async () => {
    llm.enqueue({ kind: 'refusal' });
    expect(await assistant().answer('q', context)).toEqual({ ok: false, reason: 'the model refused' });
    llm.enqueue({ kind: 'http', status: 400 });
    expect(await assistant().answer('q', context)).toEqual({ ok: false, reason: 'HTTP 400' });
    expect(await assistant({ apiKey: 'sk-wrong' }).answer('q', context)).toEqual({ ok: false, reason: 'HTTP 401' });
    llm.enqueue({ kind: 'http', status: 503 });
    expect(await assistant().answer('q', context)).toMatchObject({ ok: false, reason: expect.stringMatching(/answered 503/) });
    llm.enqueue({ kind: 'slow', ms: 1_000, content: 'late' });
    expect(await assistant({ timeoutMs: 100 }).answer('q', context)).toMatchObject({ ok: false, reason: expect.stringMatching(/did not answer within 100 ms/) });
  });
});
