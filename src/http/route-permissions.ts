// The one table of who may call what (docs/security.md, "Route permission table"). Keys are the HTTP
// method and Fastify's URL pattern. The permissions plugin reads this table, never the routes:
// a route's own `config.permission` / `config.public`, when it declares one, must agree with the
// table or the application refuses to start.
//
// Rules:
// - reads need app:read unless sensitive (exports need exports:read, role administration
//   roles:manage); writes need their operational permission;
// - a route missing from the table needs app:read when it is a read (GET/HEAD/OPTIONS) and
//   admin:all when it is a write — forgetting an entry can only make a route stricter;
// - `public` means "no bearer token": such a route authenticates its caller itself when it has to
//   (payment and mail-provider webhooks by signature, the chat webhook by signature or bearer,
//   the suppression feed by the system API key, the metrics by their own token);
// - routes outside /api/ (the console's files, /metrics) are for no user and are always public.
// Entries for routes that do not exist yet record the decision, so that whoever adds the route
// inherits it. docs/security.md explains the choices.
import type { Permission } from '../domain/permissions.js';

export type RouteAccess = Permission | 'public';

export const routePermissions: Readonly<Record<string, RouteAccess>> = {
  // Health, documentation
  'GET /api/health': 'public',
  'GET /api/readiness': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/*': 'public',

  // The web console (static files, src/http/plugins/console.ts) and what it reads before sign-in;
  // the development token and sign-in link routes answer 404 wherever a real identity provider is configured.
  'GET /app': 'public',
  'GET /app/*': 'public',
  'GET /api/console/config': 'public',
  'POST /api/console/dev-token': 'public',
  'POST /api/console/sign-in-link': 'public',

  // Identity
  'GET /api/status': 'app:read',
  'GET /api/user/me': 'app:read',
  'GET /api/user/plan': 'app:read',

  // Role administration
  'GET /api/rbac/me': 'app:read',
  'GET /api/rbac/members': 'roles:manage',
  'PUT /api/rbac/members/:user_id': 'roles:manage',
  'DELETE /api/rbac/members/:user_id': 'roles:manage',

  // Runs, metrics, exports
  'GET /api/runs': 'app:read',
  'GET /api/projects': 'app:read',
  'GET /api/runs/next-task': 'app:read',
  'GET /api/runs/stream': 'app:read',
  'GET /api/runs/:run_id': 'app:read',
  'GET /api/runs/:run_id/actions': 'app:read',
  'GET /api/runs/:run_id/history': 'app:read',
  'GET /api/runs/export': 'exports:read',
  'GET /api/runs/:run_id/actions/export': 'exports:read',
  'GET /api/metrics': 'app:read',

  // Audit trail
  'GET /api/audit/events': 'audit:read',
  'GET /api/audit/anchor': 'audit:read',
  'GET /api/audit/anchor-key': 'audit:read',
  'POST /api/runs/trigger': 'runs:trigger',
  'POST /api/runs/start': 'runs:trigger',
  'POST /api/runs/:run_id/confirm': 'runs:confirm',
  'POST /api/runs/:run_id/execute': 'runs:approve',

  // Approvals and backlog
  'GET /api/approvals/inbox': 'app:read',
  'GET /api/approvals/stats': 'app:read',
  'POST /api/runs/:run_id/actions/:action_id/approve': 'runs:approve',
  'POST /api/runs/:run_id/actions/:action_id/reject': 'runs:approve',
  'POST /api/runs/:run_id/approve-all': 'runs:approve',
  'POST /api/runs/:run_id/reject': 'runs:approve',
  // Cancelling stops a run as rejecting does, also while it executes (docs/api-behaviour.md).
  'POST /api/runs/:run_id/cancel': 'runs:approve',
  'GET /api/backlog-proposals': 'app:read',
  'POST /api/backlog-proposals/:proposal_id/decision': 'backlog:decide',
  'POST /api/backlog-proposals/decision': 'backlog:decide',
  'POST /api/backlog-proposals/:proposal_id/reopen': 'backlog:decide',
  'POST /api/import/backlog': 'backlog:write',
  'POST /api/meetings/ingest': 'meetings:ingest',

  // Settings, features
  'GET /api/org/settings': 'app:read',
  'PUT /api/org/settings': 'settings:write',
  // Sensitive read: names the board account and where secrets are used (they are masked).
  'GET /api/settings/integration': 'integration:write',
  'POST /api/settings/integration': 'integration:write',
  'POST /api/settings/test-connection': 'integration:write',
  // Webhook URLs are credentials; even masked, the settings say where messages go (docs/notifications.md).
  'GET /api/settings/notifications': 'integration:write',
  'PUT /api/settings/notifications': 'integration:write',
  'GET /api/schedule': 'app:read',
  'PUT /api/schedule': 'schedule:write',
  'GET /api/feature-flags': 'app:read',
  'PUT /api/feature-flags/:name': 'flags:write',

  // Billing
  'POST /api/billing/create-checkout': 'billing:manage',
  'POST /api/billing/portal': 'billing:manage',
  'POST /api/billing/webhook': 'public',

  // Inbound webhooks and the system feed (each verifies its caller itself; see above)
  'POST /api/webhooks/chat/:org_id': 'public',
  'POST /api/webhooks/email-bounce': 'public',
  'GET /api/email/suppressions': 'public',
  'DELETE /api/email/suppressions/:email': 'public',

  // Operations: Prometheus metrics, behind METRICS_TOKEN or on a port of their own (docs/observability.md).
  'GET /metrics': 'public',
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isReadMethod = (method: string) => READ_METHODS.has(method.toUpperCase());

export interface ResolvedAccess {
  access: RouteAccess;
  /** False when the route is missing from the table and got the default. */
  listed: boolean;
}

/**
 * The access a route needs, from the table. HEAD is looked up as GET (Fastify adds a HEAD route
 * for every GET). A key ending in `/*` also covers every URL below it.
 */
export function accessForRoute(method: string, url: string, table: Readonly<Record<string, RouteAccess>> = routePermissions): ResolvedAccess {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const exact = table[`${m} ${url}`];
  if (exact) return { access: exact, listed: true };
  for (const [key, access] of Object.entries(table)) {
    if (!key.endsWith('/*')) continue;
    const space = key.indexOf(' ');
    const base = key.slice(space + 1, -1); // '/api/docs/'
    if (key.slice(0, space) === m && url.startsWith(base)) return { access, listed: true };
  }
  return { access: isReadMethod(m) ? 'app:read' : 'admin:all', listed: false };
}
