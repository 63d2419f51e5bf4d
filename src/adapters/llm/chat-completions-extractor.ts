// Transcript extraction by an OpenAI-compatible language model (docs/backlog.md):
// POST {LLM_API_URL}/chat/completions with a strict json_schema response format, plain fetch with a
// timeout, no retries (the caller falls back to the rule-based extractor, which is always there).
// The answer is validated with ajv against the very schema we sent: compatible servers may ignore
// `strict`, and a model may stop early (finish_reason "length") or refuse (message.refusal).
import { Ajv } from 'ajv';
import {
  extractionJsonSchema,
  normalizeExtraction,
  type Extraction,
  type ExtractorOutcome,
  type TranscriptExtractor,
} from '../../domain/extraction/extraction.js';
import { normalizeTitle } from '../../domain/proposal.decider.js';
import { readCompletionAnswer } from './chat-completion-answer.js';

export interface ChatCompletionsOptions {
  /** Base URL, e.g. https://api.openai.com/v1 (the path /chat/completions is appended). */
  apiUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const SYSTEM_PROMPT = [
  'You read meeting transcripts of a software team and extract backlog work.',
  'items: new work to put on the board — action items, commitments ("X will …"), agreed needs ("we need to …"), and bug reports.',
  'Each item: a short imperative title (at most 120 characters), an optional description, kind story|bug|task, the assignee when someone took it, and the transcript line as evidence.',
  'follow_ups: when a sentence refers to an existing ticket key such as ENG-123, do not create an item; add a follow-up with that ticket and what to do.',
  'Ignore meeting logistics ("let\'s move on"), questions nobody answered with a commitment, and things reported as fixed.',
  'Answer only with JSON matching the schema.',
].join(' ');

export function createChatCompletionsExtractor(options: ChatCompletionsOptions): TranscriptExtractor {
  const doFetch = options.fetch ?? fetch;
  const validate = new Ajv({ allErrors: false, strict: false }).compile<Extraction>(extractionJsonSchema);
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/chat/completions`;

  return {
    async extract(transcript, { title, projectKey, signal }): Promise<ExtractorOutcome> {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            model: options.model,
            temperature: 0,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: `Project: ${projectKey}\nMeeting: ${title ?? '(untitled)'}\n\nTranscript:\n${transcript}` },
            ],
            response_format: { type: 'json_schema', json_schema: { name: 'backlog_extraction', strict: true, schema: extractionJsonSchema } },
          }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        const reason = timeout.aborted ? `timed out after ${options.timeoutMs} ms` : `request failed: ${(err as Error).message}`;
        return { ok: false, reason };
      }
      const answer = await readCompletionAnswer(res);
      if (!answer.ok) return answer;
      if (answer.finishReason !== undefined && answer.finishReason !== 'stop') {
        return { ok: false, reason: `the model stopped early (finish_reason ${JSON.stringify(answer.finishReason)})` };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.content);
      } catch {
        return { ok: false, reason: 'the answer is not valid JSON' };
      }
      if (!validate(parsed)) {
        const first = validate.errors?.[0];
        return { ok: false, reason: `the answer does not match the schema (${first?.instancePath || '/'} ${first?.message ?? 'is invalid'})` };
      }
      return { ok: true, extraction: normalizeExtraction(parsed, normalizeTitle) };
    },
  };
}
