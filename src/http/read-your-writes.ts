// Read-your-writes without making the write wait (docs/architecture.md, "The write path"). An action
// approval answers from the events it decided, as soon as they are appended, with the position it
// reached in the `x-consistency-token` header. A read of the runs read model then waits (bounded)
// until the runs projection includes the newest of:
//   - the token the client sends back in `x-consistency-token` (works across instances);
//   - the last write this process saw from the same user of the same organization, so a client that
//     ignores the header still reads its own writes when it comes back to the same instance.
// Reads with nothing to wait for cost one map lookup. The memory is bounded: the oldest entries go
// first, and an entry is dropped once a read has seen the read model pass it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { comparePositions, formatPosition, parsePosition, type Position } from '../adapters/event-store.js';

export const CONSISTENCY_TOKEN_HEADER = 'x-consistency-token';

export interface ReadYourWritesOptions {
  /** True once the named projections include `position`; false when `timeoutMs` passed first (the projector's waitFor). */
  waitFor(position: Position, options: { projections: string[]; timeoutMs: number }): Promise<boolean>;
  /** The projections the reads depend on. */
  projections: string[];
  timeoutMs: number;
  /** Users remembered at most (default 100,000). */
  maxEntries?: number;
}

export interface ReadYourWrites {
  /** The caller wrote up to `position`: remembered for its next reads, and sent back as the token. */
  wrote(request: FastifyRequest, reply: FastifyReply, position: Position | undefined): void;
  /** Waits until the read models (default: the options' projections) include the caller's last write and the token it sent, if any. */
  beforeRead(request: FastifyRequest, projections?: string[]): Promise<void>;
}

export function createReadYourWrites(options: ReadYourWritesOptions): ReadYourWrites {
  const maxEntries = options.maxEntries ?? 100_000;
  // Insertion order is age order: a write re-inserts its key, so the first key is the oldest.
  const lastWrite = new Map<string, Position>();
  const keyOf = (request: FastifyRequest) => `${request.orgId}\u0000${request.identity.userId}`;

  return {
    wrote(request, reply, position) {
      if (!position) return;
      const key = keyOf(request);
      const known = lastWrite.get(key);
      lastWrite.delete(key);
      lastWrite.set(key, known && comparePositions(known, position) > 0 ? known : position);
      if (lastWrite.size > maxEntries) lastWrite.delete(lastWrite.keys().next().value!);
      void reply.header(CONSISTENCY_TOKEN_HEADER, formatPosition(position));
    },

    async beforeRead(request, projections = options.projections) {
      const key = keyOf(request);
      const remembered = lastWrite.get(key);
      const header = request.headers[CONSISTENCY_TOKEN_HEADER];
      const sent = typeof header === 'string' && header.length <= 64 ? parsePosition(header) : undefined;
      const wanted = remembered && sent ? (comparePositions(remembered, sent) >= 0 ? remembered : sent) : (remembered ?? sent);
      if (!wanted) return;
      const reached = await options.waitFor(wanted, { projections, timeoutMs: options.timeoutMs });
      // Seen by the read models: later reads need not wait for it (unless the user wrote again since).
      if (reached && projections === options.projections && remembered && lastWrite.get(key) === remembered) lastWrite.delete(key);
    },
  };
}
