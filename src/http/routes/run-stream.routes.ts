// GET /api/runs/stream: run events as server-sent events.
// - with run_id: the run's events after Last-Event-ID (a stream revision) or from the start, then
//   live; history is read from the run stream while live events are buffered, then the two are
//   joined on the revision, so a reconnect has no gap and no duplicate;
// - without: the organization's live run events, each id being its global position; a client
//   that comes back with such an id gets what it missed (read from the global log), then live.
// A client too slow to take its messages is disconnected rather than buffered without limit: it
// comes back with Last-Event-ID and resumes from the store.
// The bearer header is required; a token in the query string is refused (it would end up in logs).
// The 200 carries the caller's RateLimit-* headers like every other limited answer.
// Open streams are capped per user and per process (429 + Retry-After past either), and a resume
// of the organization feed reads a bounded number of events (resumeScanLimit), so neither one
// user's tabs nor a `Last-Event-ID: 0/0` can take what other tenants need.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { comparePositions, parsePosition, StreamNotFoundError, type EventStore, type Position, type RecordedEvent } from '../../adapters/event-store.js';
import { notFound } from '../../domain/errors.js';
import { runStreamId, streamCategories } from '../../domain/streams.js';
import { MiddlewareError } from '../plugins/errors.js';
import type { RunFeed } from '../sse/run-feed.js';
import { sseFrame } from '../sse/sse-frames.js';

export interface RunStreamDeps {
  store: EventStore;
  feed: RunFeed;
  heartbeatMs?: number;
  /** Bytes a client may leave unread before it is disconnected (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Run events of the global log an organization feed reads to resume (default 1,000); further behind → a reset event. */
  resumeScanLimit?: number;
  /** Open streams per user (default 32: tabs and devices of one person); more answer 429. */
  maxStreamsPerUser?: number;
  /** Open streams in this process (default 1,000); more answer 429. */
  maxStreams?: number;
  /** Told the number of open streams whenever it changes (for the metrics). */
  onOpenStreams?: (open: number) => void;
}

export const DEFAULT_STREAM_LIMITS = { maxStreamsPerUser: 32, maxStreams: 1_000, resumeScanLimit: 1_000 } as const;
/** Seconds a refused client is asked to wait (a stream of the same user may close meanwhile). */
const STREAM_RETRY_AFTER_S = 10;

export const runStreamRoutes: FastifyPluginAsyncTypebox<RunStreamDeps> = async (app, deps) => {
  const open = new Set<FastifyReply>();
  const maxPerUser = deps.maxStreamsPerUser ?? DEFAULT_STREAM_LIMITS.maxStreamsPerUser;
  const maxStreams = deps.maxStreams ?? DEFAULT_STREAM_LIMITS.maxStreams;
  const perUser = new Map<string, number>();
  let streams = 0;
  const tooMany = (message: string) =>
    new MiddlewareError(429, message, { retry_after_seconds: STREAM_RETRY_AFTER_S }, { 'retry-after': String(STREAM_RETRY_AFTER_S) });
  /** Counts one open stream for `user`, or throws the 429; the returned function uncounts it (once). */
  const admit = (user: string): (() => void) => {
    const mine = perUser.get(user) ?? 0;
    if (mine >= maxPerUser) throw tooMany(`You have ${maxPerUser} run streams open already; close one (or reuse it) first`);
    if (streams >= maxStreams) throw tooMany('This server has all the run streams it can hold; retry shortly');
    perUser.set(user, mine + 1);
    deps.onOpenStreams?.(++streams);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      deps.onOpenStreams?.(--streams);
      const rest = (perUser.get(user) ?? 1) - 1;
      if (rest <= 0) perUser.delete(user);
      else perUser.set(user, rest);
    };
  };
  // preClose, not onClose: closing the server waits for open connections, and these stay open
  // until we end them. Tell clients to come back soon (to another instance, or this one restarted).
  app.addHook('preClose', async () => {
    for (const reply of open) reply.raw.end(': server closing\nretry: 1000\n\n');
  });

  app.get(
    '/api/runs/stream',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['runs'],
        summary: 'Run events as server-sent events (text/event-stream); bearer header only',
        querystring: Type.Object({
          run_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "one run's events (from its first); without it, the organization's run events from now on" })),
          token: Type.Optional(Type.String({ description: 'refused: send the bearer header instead' })),
          access_token: Type.Optional(Type.String({ description: 'refused: send the bearer header instead' })),
        }),
        headers: Type.Object({
          'last-event-id': Type.Optional(Type.String({ maxLength: 64, description: 'the id of the last event received: the stream resumes after it' })),
        }),
      },
    },
    async (request, reply) => {
      const { run_id: runId, token, access_token: accessToken } = request.query;
      if (token !== undefined || accessToken !== undefined) throw new MiddlewareError(401, 'Tokens are not accepted in the query string; send Authorization: Bearer <token>');
      const lastEventId = request.headers['last-event-id'];
      const orgId = request.orgId;

      let after = -1n;
      if (runId) {
        // The run must exist and belong to the caller's organization.
        let owner: unknown;
        try {
          for await (const first of deps.store.readStream(runStreamId(runId), { maxCount: 1 })) owner = (first.data as { org_id?: unknown }).org_id;
        } catch (err) {
          if (!(err instanceof StreamNotFoundError)) throw err;
        }
        if (owner !== orgId) throw notFound('Run not found');
        if (lastEventId !== undefined && /^\d{1,19}$/.test(lastEventId)) after = BigInt(lastEventId);
      }

      // The organization feed resumes after a global position ("commit/prepare").
      const resumeFrom = !runId && lastEventId !== undefined ? parsePosition(lastEventId) : undefined;
      let lastPosition: Position | undefined = resumeFrom;
      const maxBuffered = deps.maxBufferedBytes ?? 1024 * 1024;

      // The route is always behind auth in the application; mounted alone (tests), it has no identity.
      const userId = (request.identity as typeof request.identity | undefined)?.userId ?? '';
      const leave = admit(JSON.stringify([orgId, userId]));
      reply.raw.once('close', leave);
      reply.hijack();
      const res = reply.raw;
      const buffered: RecordedEvent[] = [];
      // Live events wait here until the stream is open and, with a run, its history has been sent.
      let replaying = true;
      const send = (e: RecordedEvent) => {
        if (runId) {
          // Joined on the revision: history and the buffered live events overlap, never skip.
          if (e.revision <= after) return;
          after = e.revision;
          res.write(sseFrame(e, 'revision'));
        } else {
          // Joined on the position, for the same reason.
          if (lastPosition && comparePositions(e.position, lastPosition) <= 0) return;
          lastPosition = e.position;
          res.write(sseFrame(e, 'position'));
        }
        if (res.writableLength > maxBuffered) {
          request.log.info({ buffered: res.writableLength }, 'run stream client too slow; disconnected (it resumes with Last-Event-ID)');
          res.destroy();
        }
      };
      // 1. Join the live feed first (buffering), so that nothing appended from here on is missed.
      const stop = deps.feed.listen(
        (e) => {
          if (replaying) buffered.push(e);
          else send(e);
        },
        runId ? { stream: runStreamId(runId) } : { orgId },
      );
      // A comment line keeps proxies and clients from timing out an idle stream (once it is open).
      const heartbeat = setInterval(() => res.headersSent && res.write(': heartbeat\n\n'), deps.heartbeatMs ?? 15_000);
      heartbeat.unref();
      const cleanup = () => {
        clearInterval(heartbeat);
        stop();
        open.delete(reply);
      };
      res.on('close', cleanup);
      // 2. Wait until the feed's start point is fixed: events committed before it are in the
      //    history read below, events after it reach the listener. Only then answer, so that a
      //    client that sees the stream open receives everything appended after that.
      await deps.feed.ready();
      if (res.destroyed) return;
      // What the plugins set before the reply was hijacked (the RateLimit-* headers): the raw
      // response does not send them by itself.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 2000\n\n');
      open.add(reply);
      if (!runId) {
        if (resumeFrom) {
          // What the client missed, from the global log (readAll is inclusive: `send` skips the
          // event it already has). Bounded: a client away too long is told to reload instead.
          const limit = deps.resumeScanLimit ?? DEFAULT_STREAM_LIMITS.resumeScanLimit;
          let scanned = 0;
          try {
            for await (const e of deps.store.readAll({ from: resumeFrom, filter: { streamPrefixes: [streamCategories.run] }, maxCount: limit })) {
              if (res.destroyed) break;
              scanned++;
              if (e.metadata.org_id === orgId) send(e);
            }
          } catch (err) {
            request.log.error({ err }, 'run stream resume failed');
            res.end();
            return;
          }
          if (scanned >= limit) res.write(`event: reset\ndata: ${JSON.stringify({ reason: 'too far behind to resume; reload the runs' })}\n\n`);
        }
        for (const e of buffered) send(e);
        buffered.length = 0;
        replaying = false;
        return;
      }

      // 3. With a run: its history after Last-Event-ID, then the live events buffered meanwhile.
      try {
        for await (const e of deps.store.readStream(runStreamId(runId), { from: after + 1n })) {
          if (res.destroyed) break;
          send(e);
        }
      } catch (err) {
        if (!(err instanceof StreamNotFoundError)) {
          request.log.error({ err }, 'run stream history failed');
          res.end();
          return;
        }
      }
      // Live events that arrived during the history read: those past it, in order.
      for (const e of buffered) send(e);
      buffered.length = 0;
      replaying = false;
    },
  );
};
