// Free chat questions answered by an OpenAI-compatible model (docs/chat.md):
// POST {LLM_API_URL}/chat/completions, plain text answer, a timeout and no retry (a chat sender
// waits a few seconds at most; a failure is answered with a fallback text, never the provider's
// error). The context is what the organization's own read models say (recent runs, active items)
// plus, when a vector store is wired, the passages it retrieves.
import { vendorFetch, VendorHttpError } from '../outbound-http/vendor-http.js';
import { readCompletionAnswer } from './chat-completion-answer.js';

export interface ChatAssistantOptions {
  /** Base URL, e.g. https://api.openai.com/v1 (the path /chat/completions is appended). */
  apiUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Longest answer asked of the model (max_tokens). */
  maxTokens?: number;
  fetch?: typeof fetch;
}

export interface ChatAssistantContext {
  orgId: string;
  /** Recent runs, one line each. */
  runs: string[];
  /** Active board items, one line each (empty when no board is connected). */
  items: string[];
  /** Passages retrieved from run history by a vector store, when one is wired. */
  retrieved: string[];
}

export type ChatAssistantOutcome = { ok: true; text: string } | { ok: false; reason: string };

export interface ChatAssistant {
  answer(question: string, context: ChatAssistantContext): Promise<ChatAssistantOutcome>;
}

/**
 * Optional retrieval port (an optional vector store holding history, docs/chat.md). Nothing
 * implements it here; when wired through buildApp's deps, its passages join the context.
 */
export interface ChatHistoryRetriever {
  retrieve(orgId: string, question: string, options: { limit: number }): Promise<string[]>;
}

const SYSTEM_PROMPT = [
  'You are the chat assistant of a sprint-board automation service.',
  'Answer the team member\'s question briefly (at most a few sentences), in plain text, using only the context given:',
  'recent automation runs, active board items and retrieved history. When the context does not answer the question, say so.',
  'Never invent ticket keys, people or numbers.',
].join(' ');

/** Upper bound of the answer we pass on, whatever the model returns. */
export const MAX_ASSISTANT_ANSWER_CHARS = 3_000;

export function createChatAssistant(options: ChatAssistantOptions): ChatAssistant {
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async answer(question, context) {
      const section = (title: string, lines: string[]) => `${title}:\n${lines.length ? lines.join('\n') : '(none)'}`;
      const userContent = [
        section('Recent runs (newest first)', context.runs),
        section('Active board items (highest-ranked first)', context.items),
        ...(context.retrieved.length ? [section('Retrieved history', context.retrieved)] : []),
        `Question: ${question}`,
      ].join('\n\n');
      let res: Response;
      try {
        res = await vendorFetch(
          endpoint,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({
              model: options.model,
              temperature: 0.2,
              max_tokens: options.maxTokens ?? 500,
              messages: [
                { role: 'system', content: SYSTEM_PROMPT },
                { role: 'user', content: userContent },
              ],
            }),
          },
          { vendor: 'The language model', timeoutMs: options.timeoutMs, maxRetries: 0, ...(options.fetch ? { fetch: options.fetch } : {}) },
        );
      } catch (err) {
        return { ok: false, reason: err instanceof VendorHttpError ? err.message : 'request failed' };
      }
      const answer = await readCompletionAnswer(res);
      if (!answer.ok) return answer;
      const content = answer.content.trim();
      if (!content) return { ok: false, reason: 'the answer has no content' };
      // A cut answer (finish_reason "length") is still useful text in a chat; it is only bounded.
      return { ok: true, text: content.slice(0, MAX_ASSISTANT_ANSWER_CHARS) };
    },
  };
}
