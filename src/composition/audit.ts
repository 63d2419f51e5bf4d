// Wiring of the audit trail's routes: the read model (read once it includes the log's head), the store
// (heads of chains) and the anchor key, loaded once on first use so that a process that never serves
// an anchor never creates one.
import { createAnchorSigner, type AnchorSigner } from '../adapters/crypto/audit-anchor-key.js';
import type { AuditRouteDeps } from '../http/routes/audit.routes.js';
import type { Position } from '../adapters/event-store.js';
import type { Infrastructure } from './infrastructure.js';

/** `awaitAuditEvents`: waits, bounded, until the audit_events projection includes a position. */
export function auditRouteDeps(infra: Infrastructure, now: () => Date, awaitAuditEvents: (position: Position | undefined) => Promise<void>): AuditRouteDeps {
  let signer: Promise<AnchorSigner> | undefined;
  return {
    knex: infra.db.knex,
    pool: infra.db.pool,
    store: infra.store,
    now,
    awaitLog: async () => awaitAuditEvents((await settledHead(infra)) ?? undefined),
    anchorSigner: () => (signer ??= createAnchorSigner({ dataDir: infra.config.dataDir, configuredJwk: infra.config.AUDIT_ANCHOR_JWK })),
  };
}

/**
 * Everything committed before the read, the caller's own last write included: the head readers see
 * trails it while a transaction that began earlier is still open anywhere in the cluster (the
 * projections' own batches, in the embedded default). Waited for as long as a read waits for its
 * read model; past that, the head readers see.
 */
async function settledHead(infra: Infrastructure): Promise<Position | null> {
  const bound = AbortSignal.timeout(Math.max(1, infra.config.READ_YOUR_WRITES_TIMEOUT_MS));
  try {
    return await infra.store.settledHeadPosition(bound);
  } catch (err) {
    if (!bound.aborted) throw err;
    return infra.store.headPosition();
  }
}
