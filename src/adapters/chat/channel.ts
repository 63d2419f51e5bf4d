// What every notification channel (chat webhook or e-mail) answers for one delivery attempt, and the
// single-attempt webhook POST the chat adapters share.
//
// Why not vendorFetch: it retries timeouts and network errors, which is right for idempotent reads
// but not for a message post — a POST that timed out may well have been delivered, and retrying it
// posts the message twice. Here one call is one attempt; the notifier decides about retries, and
// only on answers that prove the message was not taken: 429 (rate limited), 5xx, and a connection
// that could not even be opened. A timeout after the request was sent is "uncertain" and is not
// retried (docs/notifications.md).
import { errorCode, NOT_SENT_CODES } from '../../lib/network-errors.js';
import { retryAfterMs } from '../outbound-http/vendor-http.js';
import { readErrorExcerpt } from '../outbound-http/bounded-body.js';
import type { Notification } from '../../domain/notification.message.js';

export type AttemptOutcome =
  | { ok: true }
  | {
      ok: false;
      /** True when a later attempt may succeed and cannot duplicate the message. */
      retryable: boolean;
      /** The vendor's own wait hint (Retry-After header, Discord's retry_after), in ms. */
      retryAfterMs?: number;
      /** Safe to log and store: never the URL (it is the credential) nor a header. */
      message: string;
    };

export interface NotificationChannel {
  readonly kind: 'slack' | 'teams' | 'discord' | 'email';
  /** One attempt to deliver the notification to this channel (to `recipient` for e-mail). */
  send(notification: Notification, recipient?: string): Promise<AttemptOutcome>;
}

export interface WebhookOptions {
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Short, printable excerpt of a vendor's answer (Slack and Discord explain errors in the body). */
export const excerpt = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Posts JSON once. `interpret` turns any answer that is neither a 429 nor a 5xx into an outcome;
 * 429 and 5xx are retryable with the Retry-After hint, or `retryHint(body)` when the vendor puts
 * it in the body (Discord).
 */
export async function postWebhook(
  vendor: string,
  url: string,
  payload: unknown,
  options: WebhookOptions,
  interpret: (status: number, body: string) => AttemptOutcome,
  retryHint?: (body: string) => number | undefined,
): Promise<AttemptOutcome> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(payload),
      // A redirect would send the message (and the path's secret) elsewhere: not followed.
      redirect: 'manual',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (err) {
    const code = errorCode(err);
    if (err instanceof Error && err.name === 'TimeoutError') {
      return { ok: false, retryable: false, message: `${vendor} did not answer within ${timeoutMs} ms; not retried, the message may have been delivered` };
    }
    if (options.signal?.aborted) return { ok: false, retryable: true, message: `the request to ${vendor} was cancelled` };
    return { ok: false, retryable: code !== undefined && NOT_SENT_CODES.has(code), message: `${vendor} could not be reached${code ? ` (${code})` : ''}` };
  }
  // Only the start of the answer is kept (a chat webhook answers a few bytes; a hostile URL could answer gigabytes).
  const body = await readErrorExcerpt(response);
  if (response.status === 429 || response.status >= 500) {
    const hinted = retryHint?.(body) ?? retryAfterMs(response.headers.get('retry-after'));
    const what = response.status === 429 ? 'rate limited the message' : `answered ${response.status}`;
    return { ok: false, retryable: true, ...(hinted !== undefined ? { retryAfterMs: hinted } : {}), message: `${vendor} ${what}${body ? `: ${excerpt(body)}` : ''}` };
  }
  return interpret(response.status, body);
}

export const rejected = (vendor: string, status: number, body: string): AttemptOutcome => ({
  ok: false,
  retryable: false,
  message: `${vendor} refused the message (${status}${body ? `: ${excerpt(body)}` : ''})`,
});
