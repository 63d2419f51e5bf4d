// Server-sent events read with fetch, because EventSource cannot send the Authorization header
// and the API refuses tokens in the query string. After a drop the reader waits the server's
// `retry:` delay and reconnects with Last-Event-ID, so no event is lost or repeated.

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** Incremental parser of a text/event-stream body (the WHATWG rules the API's stream uses). */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  /** Last id seen (kept across events, as the HTML standard's "last event ID buffer" of EventSource). */
  lastEventId: string | undefined;
  /** Reconnection delay the server asked for, in ms. */
  retryMs: number | undefined;

  /** Feeds a chunk; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const out: SseEvent[] = [];
    let nl: number;
    while ((nl = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, nl);
      const width = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      // A lone \r at the end of the buffer may be the first half of \r\n: wait for more.
      if (this.buffer[nl] === '\r' && nl + 1 === this.buffer.length) break;
      this.buffer = this.buffer.slice(nl + width);
      const event = this.line(line);
      if (event) out.push(event);
    }
    return out;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      if (this.id !== undefined) this.lastEventId = this.id;
      const done = this.data.length > 0 ? { ...(this.lastEventId !== undefined ? { id: this.lastEventId } : {}), event: this.event || 'message', data: this.data.join('\n') } : undefined;
      this.data = [];
      this.event = '';
      this.id = undefined;
      return done;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return undefined;
  }
}

export interface StreamOptions {
  url: string;
  headers: () => Promise<Record<string, string>>;
  onEvent: (event: SseEvent) => void;
  /** Connection state, for the page to show. */
  onState?: (state: 'connecting' | 'open' | 'reconnecting') => void;
  signal: AbortSignal;
  /** Delay before reconnecting when the server named none (ms). */
  defaultRetryMs?: number;
}

/** Reads the stream until `signal` aborts, reconnecting after every drop. */
export async function followStream(options: StreamOptions): Promise<void> {
  let lastEventId: string | undefined;
  let retryMs = options.defaultRetryMs ?? 2_000;
  while (!options.signal.aborted) {
    options.onState?.(lastEventId === undefined ? 'connecting' : 'reconnecting');
    const parser = new SseParser();
    try {
      const headers = { accept: 'text/event-stream', ...(await options.headers()), ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) };
      // Not a literal: Node's typings of fetch (test/unit/console-sse-resume.test.ts compiles this file
      // with them) lack the browser's `cache` option, which a literal would be checked against.
      const init = { headers, signal: options.signal, cache: 'no-store' as const };
      const res = await fetch(options.url, init);
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      options.onState?.('open');
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) {
          if (event.id !== undefined) lastEventId = event.id;
          options.onEvent(event);
        }
      }
    } catch {
      if (options.signal.aborted) return;
    }
    if (parser.lastEventId !== undefined) lastEventId = parser.lastEventId;
    if (parser.retryMs !== undefined) retryMs = parser.retryMs;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryMs);
      options.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}
