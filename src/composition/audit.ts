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
    awaitLog: async () => awaitAuditEvents((await infra.store.headPosition()) ?? undefined),
    anchorSigner: () => (signer ??= createAnchorSigner({ dataDir: infra.config.dataDir, configuredJwk: infra.config.AUDIT_ANCHOR_JWK })),
  };
}
