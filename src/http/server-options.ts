// Fastify's connection-level options, built from the configuration: how long a client may take to
// send its request, how long idle connections live, how many connections a process accepts, and
// which proxies are trusted for the client address. Without them (Fastify's defaults are 0 for the
// request and connection timeouts) one client sending a body one byte a minute, or opening
// thousands of connections, holds resources every tenant shares. See docs/security.md.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

export type ServerLimitsConfig = Pick<
  Config,
  'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS' | 'HTTP_IDLE_TIMEOUT_MS' | 'HTTP_MAX_CONNECTIONS' | 'TRUST_PROXY'
>;

/**
 * TRUST_PROXY as Fastify's `trustProxy`: a hop count ("1": the address the nearest proxy saw), or
 * a list of proxy addresses / CIDR ranges (X-Forwarded-For is read back to the first address that is
 * not one of them). Unset → false: the socket address is the client, and X-Forwarded-For is ignored.
 * `true` (trust every hop) is not offered: any client could then choose its own address.
 */
export function trustProxyOption(value: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value.trim() === '') return false;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    // Fastify reads a bare number as "trust nothing"; a hop count is "trust the nearest N hops"
    // (hop 0 is the socket's peer). Only safe when the process is reachable through the proxies alone.
    const hops = Number(trimmed);
    return (_address, hop) => hop < hops;
  }
  return trimmed
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The answer to a request the HTTP parser refuses before Fastify sees it (a raw non-ASCII byte in
 * the path, headers too large) or that the request timeout cuts off: the API's error shape
 * {detail} (Fastify's default answers {error, message, statusCode}), `Connection: close`, then the
 * socket is closed. Nothing is written when a response has started on the socket already.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'Malformed HTTP request (a byte outside ASCII in the path or a header must be percent-encoded)'];
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Spread into `Fastify({...})`: timeouts, connection limit and proxy trust. */
export function serverOptions(config: ServerLimitsConfig): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'trustProxy' | 'serverFactory' | 'clientErrorHandler'
> {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  const connectionTimeout = config.HTTP_IDLE_TIMEOUT_MS;
  const keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  return {
    requestTimeout,
    keepAliveTimeout,
    connectionTimeout,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    clientErrorHandler,
    // The server is made here rather than by Fastify only because Fastify has no option for the
    // headers timeout's pairing check interval nor for maxConnections; the rest repeats what
    // Fastify itself does with these options.
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          requestTimeout,
          headersTimeout,
          keepAliveTimeout,
          // How often Node checks the two timeouts above (default 30 s, too coarse for a 10 s limit).
          connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(headersTimeout / 4))),
        },
        handler,
      );
      server.setTimeout(connectionTimeout);
      if (config.HTTP_MAX_CONNECTIONS > 0) server.maxConnections = config.HTTP_MAX_CONNECTIONS;
      return server;
    },
  };
}
