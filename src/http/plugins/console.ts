// The web console (console/, built by Vite into console/dist) served at /app/ on the API's own
// origin, so the console needs no CORS and keeps its token in memory only. Every path under /app/
// that is not a built file answers index.html: the console routes in the browser (SPA fallback).
//
// Headers on every console response:
// - Referrer-Policy: no-referrer, so that no URL of the console (a sign-in callback carries an
//   authorization code) reaches another host;
// - a Content-Security-Policy allowing scripts, styles and connections to this origin only, plus
//   the identity provider's origin for the OpenID Connect discovery, token and refresh requests;
// - hashed assets are cached for a year, index.html is revalidated on every load.
// Without a build (console/dist/index.html missing) /app/ answers 503 with the command to build it.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CONSOLE_PREFIX = '/app/';
export const CONSOLE_DIST = path.resolve(import.meta.dirname, '../../../console/dist');

export interface ConsolePluginOptions {
  /** The built console; default console/dist of this repository. */
  root?: string;
  /** Origins the console may connect to besides its own (the OpenID Connect issuer). */
  connectOrigins?: readonly string[];
}

export function consoleSecurityPolicy(connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectOrigins].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origin of a URL, for the security policy; undefined for anything that is not one. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sprintguard console</title></head>
<body><main><h1>The console is not built</h1><p>Run <code>npm run build -w console</code> (or <code>npm install</code>, which builds it) and restart the service.</p></main></body></html>`;

export default async function consolePlugin(app: FastifyInstance, options: ConsolePluginOptions): Promise<void> {
  const root = options.root ?? CONSOLE_DIST;
  const policy = consoleSecurityPolicy(options.connectOrigins);
  const built = fs.existsSync(path.join(root, 'index.html'));

  // Encapsulated: these headers and routes belong to the console alone, never to the API.
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      void reply.header('content-security-policy', policy);
      void reply.header('referrer-policy', 'no-referrer');
      void reply.header('x-content-type-options', 'nosniff');
      void reply.header('x-frame-options', 'DENY');
    });
    scope.get('/app', { schema: { hide: true } }, async (_request, reply) => reply.redirect(CONSOLE_PREFIX, 301));

    if (!built) {
      scope.get(`${CONSOLE_PREFIX}*`, { schema: { hide: true } }, async (_request, reply) => reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT));
      return;
    }
    // One route per built file (wildcard: false), so the catch-all below only sees the console's own paths.
    await scope.register(fastifyStatic, {
      root,
      prefix: CONSOLE_PREFIX,
      wildcard: false,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (reply, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html', root);
    scope.get(`${CONSOLE_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      // A missing asset is a 404, not the page: a stale index.html asking for an old bundle must fail visibly.
      if (request.url.startsWith(`${CONSOLE_PREFIX}assets/`)) return reply.code(404).send({ detail: 'Not found' });
      return sendIndex(reply);
    });
  });
}
