// GET /api/runs/stream: run events as server-sent events.
// - with run_id: the run's events after Last-Event-ID (a stream revision) or from the start, then
//   live; history is read from the run stream while live events are buffered, then the two are
//   joined on the revision, so a reconnect has no gap and no duplicate;
// - without: the organization's live run events, each id being its global position.
// The bearer header is required; a token in the query string is refused (it would end up in logs).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { formatPosition, StreamNotFoundError, type EventStore, type RecordedEvent } from '../../adapters/event-store.js';
import { notFound } from '../../domain/errors.js';
import { runStreamId } from '../../domain/streams.js';
import { MiddlewareError } from '../plugins/errors.js';
import type { RunFeed } from '../sse/run-feed.js';

export interface RunStreamDeps {
  store: EventStore;
  feed: RunFeed;
  heartbeatMs?: number;
}

const message = (id: string, e: RecordedEvent) =>
  `id: ${id}\nevent: ${e.type}\ndata: ${JSON.stringify({ run_id: e.streamName.slice(4), revision: e.revision.toString(), type: e.type, data: e.data, created: e.created.toISOString() })}\n\n`;

export const runStreamRoutes: FastifyPluginAsyncTypebox<RunStreamDeps> = async (app, deps) => {
  const open = new Set<FastifyReply>();
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
          run_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          token: Type.Optional(Type.String({ description: 'refused: send the bearer header instead' })),
          access_token: Type.Optional(Type.String({ description: 'refused: send the bearer header instead' })),
        }),
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 64 })) }),
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
          res.write(message(e.revision.toString(), e));
        } else {
          res.write(message(formatPosition(e.position), e));
        }
      };
      // 1. Join the live feed first (buffering), so that nothing appended from here on is missed.
      const stop = deps.feed.listen((e) => {
        if (runId ? e.streamName !== runStreamId(runId) : e.metadata.org_id !== orgId) return;
        if (replaying) buffered.push(e);
        else send(e);
      });
      let heartbeat: NodeJS.Timeout | undefined;
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
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 2000\n\n');
      open.add(reply);
      heartbeat = setInterval(() => res.write(': heartbeat\n\n'), deps.heartbeatMs ?? 15_000);
      heartbeat.unref();
      if (!runId) {
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
