// What one export may hold: a slot among the process's EXPORT_MAX_CONCURRENT and among its
// organization's EXPORT_MAX_CONCURRENT_PER_ORG (each running export holds a database connection
// and a COPY or a cursor), and no more than EXPORT_IDLE_TIMEOUT_MS of a reader that stopped
// reading. Beyond the slots the answer is 429 with Retry-After, at once, instead of a queue that
// grows with the slowest reader; one organization's downloads cannot take every slot.
import type { FastifyReply } from 'fastify';
import { MiddlewareError } from './plugins/errors.js';

export interface ExportLimitOptions {
  maxConcurrent: number;
  maxPerOrg: number;
  /** How long a response may stay blocked on a reader that does not read before it is cut off. */
  stallTimeoutMs: number;
  /** Seconds suggested to a refused caller (default 5). */
  retryAfterSeconds?: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimitOptions = { maxConcurrent: 4, maxPerOrg: 2, stallTimeoutMs: 30_000 };

export interface ExportSlots {
  /** Takes a slot for `orgId` or throws the 429; the returned function gives it back (idempotent). */
  acquire(orgId: string): () => void;
  readonly running: number;
}

export function createExportSlots(options: ExportLimitOptions): ExportSlots {
  const perOrg = new Map<string, number>();
  let running = 0;
  const retryAfter = String(options.retryAfterSeconds ?? 5);
  return {
    acquire(orgId) {
      const mine = perOrg.get(orgId) ?? 0;
      if (mine >= options.maxPerOrg) {
        throw new MiddlewareError(429, `Your organization already has ${options.maxPerOrg} exports running; retry when one has finished`, { retry_after_seconds: Number(retryAfter) }, { 'retry-after': retryAfter });
      }
      if (running >= options.maxConcurrent) {
        throw new MiddlewareError(429, 'Too many exports are running; retry shortly', { retry_after_seconds: Number(retryAfter) }, { 'retry-after': retryAfter });
      }
      running++;
      perOrg.set(orgId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running--;
        const left = (perOrg.get(orgId) ?? 1) - 1;
        if (left <= 0) perOrg.delete(orgId);
        else perOrg.set(orgId, left);
      };
    },
    get running() {
      return running;
    },
  };
}

/**
 * Gives the slot back when the response is over (finished, failed or abandoned), and cuts off a
 * response whose reader leaves it blocked (its buffer full, nothing drained) for `stallTimeoutMs`:
 * destroying the response closes the export stream, which discards its database connection.
 */
export function guardExportResponse(reply: FastifyReply, release: () => void, stallTimeoutMs: number): void {
  const res = reply.raw;
  let blockedSince: number | undefined;
  const check = setInterval(
    () => {
      if (!res.writableNeedDrain) {
        blockedSince = undefined;
        return;
      }
      blockedSince ??= Date.now();
      if (Date.now() - blockedSince >= stallTimeoutMs) {
        reply.log.warn({ stallTimeoutMs }, 'export reader stopped reading; response cut off');
        res.destroy();
      }
    },
    Math.max(50, Math.min(1_000, Math.floor(stallTimeoutMs / 4))),
  );
  check.unref();
  const done = () => {
    clearInterval(check);
    release();
  };
  res.once('close', done);
  res.once('finish', done);
}
