// The language-model extractor against a chat-completions stand-in: the wire format, and every way
// an answer can be unusable (each one is a failure the caller turns into the rule-based fallback).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatCompletionsExtractor } from '../../src/adapters/llm/chat-completions-extractor.js';
import { extractionJsonSchema } from '../../src/domain/extraction/extraction.js';
import { startChatCompletionsStandIn, type ChatCompletionsStandIn } from '../support/stand-ins/chat-completions-stand-in.js';

let llm: ChatCompletionsStandIn;
beforeAll(async () => {
  llm = await startChatCompletionsStandIn();
});
afterAll(async () => llm?.close());

const good = {
  items: [{ title: 'Add retries to the webhook sender', description: null, kind: 'task', assignee: 'Ana', evidence: 'Ana: I will add retries.' }],
  follow_ups: [{ ticket: 'ENG-9', note: 'Close after the release', assignee: null, evidence: 'Ben: ENG-9 can be closed after the release.' }],
};
const extractor = (timeoutMs = 2_000, apiKey?: string) =>
  createChatCompletionsExtractor({ apiUrl: `${llm.url}/`, apiKey: apiKey ?? llm.apiKey, model: 'gpt-4o-mini', timeoutMs });
const run = (e = extractor()) => e.extract('Ana: I will add retries.', { projectKey: 'ENG', title: 'Sync' });

describe('chat-completions extractor', () => {
  it('sends a strict json_schema request with the bearer key and the transcript, and returns the validated answer', async () => {
    llm.enqueue({ kind: 'content', content: good });
    const before = llm.requests.length;
    const outcome = await run();
    expect(outcome).toEqual({ ok: true, extraction: good });
    const request = llm.requests[before]!;
    expect(request.authorization).toBe(`Bearer ${llm.apiKey}`);
    expect(request.body.model).toBe('gpt-4o-mini');
    expect(request.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'backlog_extraction', strict: true, schema: extractionJsonSchema } });
    expect(request.body.messages!.at(-1)!.content).toContain('Ana: I will add retries.');
  });

  it('malformed JSON content is a failure', async () => {
    llm.enqueue({ kind: 'malformed' });
    expect(await run()).toEqual({ ok: false, reason: 'the answer is not valid JSON' });
  });

  it('a refusal is a failure', async () => {
    llm.enqueue({ kind: 'refusal' });
    expect(await run()).toEqual({ ok: false, reason: 'the model refused' });
  });

  it('content that does not match the schema is a failure (compatible servers may ignore strict)', async () => {
    llm.enqueue({ kind: 'content', content: { items: [{ title: 'x', kind: 'epic' }], follow_ups: [] } });
    const outcome = await run();
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/does not match the schema/);
  });

  it('an answer cut short (finish_reason length) is a failure', async () => {
    llm.enqueue({ kind: 'length' });
    expect(await run()).toEqual({ ok: false, reason: 'the model stopped early (finish_reason "length")' });
  });

  it('an HTTP error is a failure that never echoes the provider body', async () => {
    llm.enqueue({ kind: 'http', status: 500 });
    expect(await run()).toEqual({ ok: false, reason: 'HTTP 500' });
    expect(await run(extractor(2_000, 'sk-wrong'))).toEqual({ ok: false, reason: 'HTTP 401' });
  });

  it('a slow model times out', async () => {
    llm.enqueue({ kind: 'slow', ms: 1_000, content: good });
    expect(await run(extractor(200))).toEqual({ ok: false, reason: 'timed out after 200 ms' });
  });

  it('an unreachable server is a failure', async () => {
    const e = createChatCompletionsExtractor({ apiUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', timeoutMs: 2_000 });
    const outcome = await e.extract('x', { projectKey: 'ENG' });
    expect(outcome.ok).toBe(false);
  });
});
