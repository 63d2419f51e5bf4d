// Wiring of the audit trail's routes: the read model (read once it includes the log's head), the store
// (heads of chains) and the anchor key, loaded once on first use so that a process that never serves
// an anchor never creates one.
import { createAnchorSigner, type AnchorSigner } from '../adapters/crypto/audit-anchor-key.js';
import type { AuditRouteDeps } from '../http/routes/audit.routes.js';
import type { Position } from '../adapters/event-store.js';
import { AUDIT_EVENTS_PROJECTION } from '../projections/audit-events.projection.js';
import type { Infrastructure } from './infrastructure.js';

/** `awaitProjection`: waits, bounded, until the named projection includes a position. */
export function auditRouteDeps(infra: Infrastructure, now: () => Date, awaitProjection: (position: Position, projection: string) => Promise<void>): AuditRouteDeps {
  let signer: Promise<AnchorSigner> | undefined;
  return {
    knex: infra.db.knex,
    pool: infra.db.pool,
    store: infra.store,
    now,
    awaitLog: async () => {
      const head = await infra.store.headPosition();
      if (head) await awaitProjection(head, AUDIT_EVENTS_PROJECTION);
    },
    anchorSigner: () => (signer ??= createAnchorSigner({ dataDir: infra.config.dataDir, configuredJwk: infra.config.AUDIT_ANCHOR_JWK })),
  };
}
