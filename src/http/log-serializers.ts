// How requests appear in the log. Fastify's default request serializer writes the URL with its query
// string, and a client that puts a credential there (`?token=…`, `?api_key=…`) would have it written
// to the log even though the request is refused. The query's values are therefore never logged;
// its parameter names are, for debugging.
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** The URL with every query value replaced: `/api/x?token=abc&b=1` → `/api/x?token=[redacted]&b=[redacted]`. */
export function redactQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1).split('#')[0]!;
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      // A bare entry (`?eyJhbGciOi…`) may be the credential itself.
      return eq < 0 ? REDACTED : `${pair.slice(0, eq)}=${REDACTED}`;
    });
  return `${url.slice(0, q)}?${names.join('&')}`;
}

type LoggedRequest = Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'host' | 'ip' | 'socket'>;

export const logSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: redactQuery(req.url),
      version: req.headers?.['accept-version'],
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
