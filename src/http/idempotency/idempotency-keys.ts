// The `Idempotency-Key` ledger, in PostgreSQL so that every API process shares it and it survives
// restarts. One row per (organization, user, key): the request's fingerprint, and once answered the
// status, body and Location of the first answer. A row without an answer is a request in flight;
// one left by a process that died is taken over after IN_FLIGHT_TAKEOVER_MS.
import type { Knex } from 'knex';
import { IDEMPOTENCY_TABLE } from './idempotency-keys.schema.js';


/** A request still "in flight" after this long lost its process: the key may be used again. */
export const IN_FLIGHT_TAKEOVER_MS = 60_000;


export interface KeyScope {
  org_id: string;
  user_id: string;
  key: string;
}

export interface StoredAnswer {
  fingerprint: string;
  status: number | null;
  body: string | null;
  content_type: string | null;
  location: string | null;
}

export interface IdempotencyKeys {
  /** Takes the key for this request: true when it is ours (new, expired or abandoned), else the stored row. */
  begin(scope: KeyScope, fingerprint: string, route: string): Promise<true | StoredAnswer>;
  /** Records the first answer. */
  finish(scope: KeyScope, answer: { status: number; body: string; content_type: string | null; location: string | null }): Promise<void>;
  /** Forgets a key whose request did not get a lasting answer (a server error): the client may retry. */
  release(scope: KeyScope): Promise<void>;
}

export function createIdempotencyKeys(knex: Knex, options: { ttlHours: number; now?: () => Date; pruneEvery?: number }): IdempotencyKeys {
  const now = options.now ?? (() => new Date());
  const ttlMs = options.ttlHours * 3_600_000;
  const pruneEvery = options.pruneEvery ?? 200;
  let sinceLastPrune = 0;
  const where = (s: KeyScope) => ({ org_id: s.org_id, user_id: s.user_id, key: s.key });

  async function begin(scope: KeyScope, fingerprint: string, route: string): Promise<true | StoredAnswer> {
    const at = now();
    if (++sinceLastPrune >= pruneEvery) {
      sinceLastPrune = 0;
      await knex(IDEMPOTENCY_TABLE).where('created_at', '<', new Date(at.getTime() - ttlMs)).delete();
    }
    const { rows } = await knex.raw<{ rows: unknown[] }>(
      `INSERT INTO ${IDEMPOTENCY_TABLE} (org_id, user_id, key, fingerprint, route, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (org_id, user_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, route = EXCLUDED.route, created_at = EXCLUDED.created_at,
             status = NULL, body = NULL, content_type = NULL, location = NULL
         WHERE ${IDEMPOTENCY_TABLE}.created_at < ? OR (${IDEMPOTENCY_TABLE}.status IS NULL AND ${IDEMPOTENCY_TABLE}.created_at < ?)
       RETURNING 1`,
      [scope.org_id, scope.user_id, scope.key, fingerprint, route, at, new Date(at.getTime() - ttlMs), new Date(at.getTime() - IN_FLIGHT_TAKEOVER_MS)],
    );
    if (rows.length > 0) return true;
    const row = await knex(IDEMPOTENCY_TABLE).where(where(scope)).first<StoredAnswer | undefined>('fingerprint', 'status', 'body', 'content_type', 'location');
    // Deleted between the insert and the read (released by a failing first request): ours to retry.
    return row ?? begin(scope, fingerprint, route);
  }

  return {
    begin,
    async finish(scope, answer) {
      await knex(IDEMPOTENCY_TABLE).where(where(scope)).update(answer);
    },
    async release(scope) {
      await knex(IDEMPOTENCY_TABLE).where(where(scope)).whereNull('status').delete();
    },
  };
}
