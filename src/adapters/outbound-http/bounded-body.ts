// Reading a vendor's response body with a byte cap enforced while it streams: past the cap the
// read is cancelled (the connection is dropped) and the caller gets an error naming the limit. A
// whole-body read (`response.text()`) of a server that answers 200 MB holds 200 MB, and more while
// it is decoded and parsed, in the process every tenant shares. Limits are in docs/integrations.md.

/** Default cap of a vendor API answer (a page of 100 issues is well under 1 MiB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Cap of an error body kept for a message (only its start is shown anyway). */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  constructor(
    readonly maxBytes: number,
    /** Who answered, for the message ("Jira"); optional. */
    readonly vendor?: string,
  ) {
    super(`${vendor ?? 'the server'} answered more than ${maxBytes} bytes (the limit of a response); the read was stopped`);
  }
}

function declaredLength(response: Response): number | undefined {
  const header = response.headers.get('content-length');
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header);
}

/**
 * The body as text, at most `maxBytes` of it. With `truncate` the first `maxBytes` are returned and
 * the rest is discarded (error bodies, kept only for a message); without, a longer body fails with
 * ResponseTooLargeError. Either way no more than `maxBytes` (plus one network chunk) is held.
 */
export async function readBoundedText(response: Response, maxBytes: number, options: { vendor?: string; truncate?: boolean } = {}): Promise<string> {
  const body = response.body;
  if (!body) return '';
  const declared = declaredLength(response);
  if (declared !== undefined && declared > maxBytes && !options.truncate) {
    await body.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes, options.vendor);
  }
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        if (!options.truncate) throw new ResponseTooLargeError(maxBytes, options.vendor);
        chunks.push(value.subarray(0, maxBytes - size));
        size = maxBytes;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    // Cancelling an unfinished read closes the connection instead of draining it.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  // A cut in the middle of a multi-byte character decodes to U+FFFD, which is fine for a message.
  return Buffer.concat(chunks, size).toString('utf8');
}

/** The body parsed as JSON (undefined when empty), at most `maxBytes`; a parse failure throws SyntaxError. */
export async function readBoundedJson<T = unknown>(response: Response, maxBytes: number, options: { vendor?: string } = {}): Promise<T | undefined> {
  const text = await readBoundedText(response, maxBytes, options);
  return text ? (JSON.parse(text) as T) : undefined;
}

/** The start of an error body for a message; never throws (a failed read gives ''). */
export function readErrorExcerpt(response: Response, maxBytes = MAX_ERROR_BODY_BYTES): Promise<string> {
  return readBoundedText(response, maxBytes, { truncate: true }).catch(() => '');
}
