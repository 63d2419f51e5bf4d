// One GET over https for SNS (certificates, subscription confirmations): node:https, which never
// follows a redirect; 200 only (a 3xx is a failure, whatever its Location); a body size cap and
// a timeout. `ca` replaces the system trust only when the test harness passes it.
import https from 'node:https';

export interface SnsHttpsOptions {
  /** Trusted CA certificates (PEM); undefined → the system's. Only the test harness sets it. */
  ca?: string[];
  timeoutMs: number;
  maxBytes: number;
}

/**
 * Why a fetch failed. `retryable`: the network or the server failed (timeout, 5xx) — not the
 * message's fault, so SNS should retry; otherwise (3xx, 4xx, too large) the URL is bad.
 */
export class SnsFetchError extends Error {
  override readonly name = 'SnsFetchError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export function httpsGetNoRedirect(url: URL, options: SnsHttpsOptions): Promise<string> {
  return new Promise<string>((settleOk, settleFailed) => {
    // `timeout` below is the socket's idle time; this bounds the whole exchange (a slow drip too).
    const deadline = setTimeout(() => req.destroy(new SnsFetchError(`did not answer within ${options.timeoutMs} ms`, true)), options.timeoutMs);
    const resolve = (body: string) => {
      clearTimeout(deadline);
      settleOk(body);
    };
    const reject = (err: SnsFetchError) => {
      clearTimeout(deadline);
      settleFailed(err);
    };
    const req = https.get(url, { ...(options.ca ? { ca: options.ca } : {}), timeout: options.timeoutMs, headers: { accept: '*/*' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        res.resume();
        reject(new SnsFetchError(`answered HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`, status >= 500 || status === 429));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          req.destroy();
          reject(new SnsFetchError(`answered more than ${options.maxBytes} bytes`, false));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', () => reject(new SnsFetchError('the response was cut off', true)));
    });
    req.on('timeout', () => req.destroy(new SnsFetchError(`did not answer within ${options.timeoutMs} ms`, true)));
    req.on('error', (err) => {
      if (err instanceof SnsFetchError) {
        reject(err);
        return;
      }
      // TLS failures (untrusted certificate, wrong name) are the URL's fault; the rest is network.
      const code = (err as { code?: unknown }).code;
      const tls = typeof code === 'string' && /CERT|SELF_SIGNED|ALTNAME|SSL|TLS/.test(code);
      reject(new SnsFetchError(`could not be reached${typeof code === 'string' ? ` (${code})` : ''}`, !tls));
    });
  });
}
