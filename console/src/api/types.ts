// The console's view of the API, taken from the generated OpenAPI types by path and method only:
// component names in the document are not a contract, the paths are.
import type { paths } from './schema';

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Op<P extends keyof paths, M extends 'get' | 'post' | 'put'> = NonNullable<paths[P][M]>;

/** The 200 body of a route. */
export type Ok<P extends keyof paths, M extends 'get' | 'post' | 'put' = 'get'> = Op<P, M> extends { responses: { 200: infer R } } ? Json<R> : never;
/** The JSON request body of a route. */
export type BodyOf<P extends keyof paths, M extends 'post' | 'put'> = Op<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;
/** The query parameters of a route. */
export type QueryOf<P extends keyof paths> = Op<P, 'get'> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Run = Ok<'/api/runs/{run_id}'>;
export type RunAction = Ok<'/api/runs/{run_id}/actions'>[number];
export type HistoryEntry = Ok<'/api/runs/{run_id}/history'>[number];
export type InboxItem = Ok<'/api/approvals/inbox'>[number];
export type ApprovalStats = Ok<'/api/approvals/stats'>;
export type Metrics = Ok<'/api/metrics'>;
export type RunsQuery = QueryOf<'/api/runs'>;
export type RbacMe = Ok<'/api/rbac/me'>;
export type Permission = RbacMe['permissions'][number];
export type Member = Ok<'/api/rbac/members'>[number];
/** A member's complete assignment: the console always names the permissions (left out, the API keeps the current ones). */
export type MemberAssignment = Required<BodyOf<'/api/rbac/members/{user_id}', 'put'>>;
export type OrgSettings = Ok<'/api/org/settings'>;
export type Schedule = Ok<'/api/schedule'>;
export type ScheduleBody = BodyOf<'/api/schedule', 'put'>;
export type FeatureFlag = Ok<'/api/feature-flags'>[number];
export type IntegrationSettings = Ok<'/api/settings/integration'>;
export type IntegrationBody = BodyOf<'/api/settings/integration', 'post'>;
export type TestConnection = Ok<'/api/settings/test-connection', 'post'>;
export type NotificationSettings = Ok<'/api/settings/notifications'>;
export type NotificationBody = BodyOf<'/api/settings/notifications', 'put'>;
export type ConsoleConfig = Ok<'/api/console/config'>;
export type DevToken = Ok<'/api/console/dev-token', 'post'>;
export type SignInLinkGrant = Ok<'/api/console/sign-in-link', 'post'>;
export type Status = Ok<'/api/status'>;
export type AuditPage = Ok<'/api/audit/events'>;
export type AuditEvent = AuditPage['items'][number];
export type AuditQuery = QueryOf<'/api/audit/events'>;
export type AuditKind = NonNullable<AuditQuery['kind']>;
export type ApiPath = keyof paths;
