// Wiring of the audit trail's routes: the read model, the store (heads of chains) and the anchor key,
// loaded once on first use so that a process that never serves an anchor never creates one.
import { createAnchorSigner, type AnchorSigner } from '../adapters/crypto/audit-anchor-key.js';
import type { AuditRouteDeps } from '../http/routes/audit.routes.js';
import type { Infrastructure } from './infrastructure.js';

export function auditRouteDeps(infra: Infrastructure, now: () => Date): AuditRouteDeps {
  let signer: Promise<AnchorSigner> | undefined;
  return {
    knex: infra.db.knex,
    pool: infra.db.pool,
    store: infra.store,
    now,
    anchorSigner: () => (signer ??= createAnchorSigner({ dataDir: infra.config.dataDir, configuredJwk: infra.config.AUDIT_ANCHOR_JWK })),
  };
}
