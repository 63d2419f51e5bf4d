// Reading an OpenAI-compatible chat-completions answer, shared by meeting extraction and the chat
// assistant: the body as JSON (at most MAX_COMPLETION_BYTES, read while it streams), the status, a
// refusal, then the first choice's content.
import { readBoundedJson, ResponseTooLargeError } from '../outbound-http/bounded-body.js';

/** Largest answer read from the language model; a completion is a few kilobytes. */
export const MAX_COMPLETION_BYTES = 2 * 1024 * 1024;
export type CompletionAnswer =
  | { ok: true; content: string; finishReason: unknown }
  | { ok: false; reason: string };

export async function readCompletionAnswer(res: Response): Promise<CompletionAnswer> {
  let body: unknown;
  try {
    body = await readBoundedJson(res, MAX_COMPLETION_BYTES);
    if (body === undefined) throw new SyntaxError('empty body');
  } catch (err) {
    if (err instanceof ResponseTooLargeError) return { ok: false, reason: `HTTP ${res.status} with an answer over ${MAX_COMPLETION_BYTES} bytes` };
    return { ok: false, reason: `HTTP ${res.status} with a body that is not JSON` };
  }
  // Never echo the provider's error body: it may quote the request (and so the key's owner, or the transcript).
  if (!res.ok) return { ok: false, reason: `HTTP ${res.status}` };
  const choice = (body as { choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[] }).choices?.[0];
  if (!choice?.message) return { ok: false, reason: 'the answer has no choices[0].message' };
  if (typeof choice.message.refusal === 'string' && choice.message.refusal) return { ok: false, reason: 'the model refused' };
  if (typeof choice.message.content !== 'string') return { ok: false, reason: 'the answer has no content' };
  return { ok: true, content: choice.message.content, finishReason: choice.finish_reason };
}
