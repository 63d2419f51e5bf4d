// The operationId of every route: the name a generated client gives the call (listRuns, triggerRun,
// approveAction…). Named here, in one table, so the names stay stable when a route file moves and
// read as verbs rather than as paths. A route not in the table (or a schema that names its own
// `operationId`) still gets one: derived from the method and the path's fixed segments.

const OPERATION_IDS: Readonly<Record<string, string>> = {
  'GET /api/health': 'getHealth',
  'GET /api/readiness': 'getReadiness',
  'GET /api/status': 'getStatus',
  'GET /api/user/me': 'getCurrentUser',
  'GET /api/user/plan': 'getUserPlan',
  'GET /api/rbac/me': 'getMyAccess',
  'GET /api/rbac/members': 'listMembers',
  'PUT /api/rbac/members/{user_id}': 'setMemberRole',
  'GET /api/org/settings': 'getOrgSettings',
  'PUT /api/org/settings': 'updateOrgSettings',
  'GET /api/schedule': 'getSchedule',
  'PUT /api/schedule': 'updateSchedule',
  'GET /api/feature-flags': 'listFeatureFlags',
  'PUT /api/feature-flags/{name}': 'setFeatureFlag',
  'GET /api/settings/integration': 'getIntegrationSettings',
  'POST /api/settings/integration': 'saveIntegrationSettings',
  'POST /api/settings/test-connection': 'testBoardConnection',
  'GET /api/settings/notifications': 'getNotificationSettings',
  'PUT /api/settings/notifications': 'updateNotificationSettings',
  'GET /api/runs': 'listRuns',
  'GET /api/runs/next-task': 'getNextTask',
  'GET /api/runs/stream': 'streamRunEvents',
  'GET /api/runs/export': 'exportRuns',
  'POST /api/runs/trigger': 'triggerRun',
  'POST /api/runs/start': 'startRun',
  'GET /api/runs/{run_id}': 'getRun',
  'GET /api/runs/{run_id}/history': 'getRunHistory',
  'GET /api/runs/{run_id}/actions': 'listRunActions',
  'GET /api/runs/{run_id}/actions/export': 'exportRunActions',
  'GET /api/runs/{run_id}/stream': 'streamRun',
  'POST /api/runs/{run_id}/confirm': 'confirmRun',
  'POST /api/runs/{run_id}/execute': 'executeRun',
  'POST /api/runs/{run_id}/cancel': 'cancelRun',
  'POST /api/runs/{run_id}/approve-all': 'approveAllActions',
  'POST /api/runs/{run_id}/reject': 'rejectRun',
  'POST /api/runs/{run_id}/actions/{action_id}/approve': 'approveAction',
  'POST /api/runs/{run_id}/actions/{action_id}/reject': 'rejectAction',
  'GET /api/metrics': 'getMetrics',
  'GET /api/projects': 'listProjects',
  'GET /api/approvals/inbox': 'getApprovalsInbox',
  'GET /api/approvals/stats': 'getApprovalStats',
  'POST /api/import/backlog': 'importBacklog',
  'POST /api/meetings/ingest': 'ingestMeeting',
  'GET /api/backlog-proposals': 'listBacklogProposals',
  'POST /api/backlog-proposals/decision': 'decideBacklogProposals',
  'POST /api/backlog-proposals/{proposal_id}/decision': 'decideBacklogProposal',
  'POST /api/webhooks/chat/{org_id}': 'receiveChatWebhook',
  'POST /api/webhooks/email-bounce': 'receiveEmailBounce',
  'POST /api/billing/create-checkout': 'createCheckoutSession',
  'POST /api/billing/portal': 'createBillingPortalSession',
  'POST /api/billing/webhook': 'receiveBillingWebhook',
  'POST /api/console/sign-in-link': 'redeemConsoleSignInLink',
  'GET /api/email/suppressions': 'listEmailSuppressions',
  'DELETE /api/email/suppressions/{email}': 'deleteEmailSuppression',
};

const VERBS: Record<string, string> = { GET: 'get', POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
const pascal = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

/** The path as the document writes it: `/api/runs/:run_id` → `/api/runs/{run_id}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The operationId for a route: the table's name, else `<verb><FixedSegments>` (e.g. getRunsSummary). */
export function operationIdFor(method: string, url: string): string {
  const path = openApiPath(url);
  const named = OPERATION_IDS[`${method.toUpperCase()} ${path}`];
  if (named) return named;
  const fixed = path.replace(/^\/api\//, '').split('/').filter((s) => s && !s.startsWith('{'));
  return `${VERBS[method.toUpperCase()] ?? method.toLowerCase()}${fixed.map(pascal).join('')}`;
}
