// Generated from the service's OpenAPI document by console/scripts/generate-api-types.ts.
// Do not edit: run `npm run api-types` after changing a route schema (a test fails until you do).
// The console reads these types by path (paths['/api/runs']['get']), never by component name.

export interface paths {
    "/api/approvals/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending approval requests, oldest first, each with where to decide it
         * @description Requires the permission `app:read`.
         */
        get: operations["getApprovalsInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/approvals/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts per approval state
         * @description Requires the permission `app:read`.
         */
        get: operations["getApprovalStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/anchor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The head hash of each of the organization's streams, signed by the service: keep it to prove later that the history before it was not rewritten
         * @description Requires the permission `audit:read`.
         */
        get: operations["getAuditAnchor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/anchor-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public key (JWKS) that verifies audit anchors
         * @description Requires the permission `audit:read`.
         */
        get: operations["getAuditAnchorKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's audit log: every event of its streams with actor, correlation and causation, as JSON pages or CSV
         * @description Requires the permission `audit:read`.
         */
        get: operations["getAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/backlog-proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Backlog proposals, newest first; q searches title and description (full text, best match first)
         * @description Requires the permission `app:read`.
         */
        get: operations["listBacklogProposals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/backlog-proposals/{proposal_id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept (creates the item on the board) or reject one proposal; a decided proposal answers 409
         * @description Requires the permission `backlog:decide`.
         */
        post: operations["decideBacklogProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/backlog-proposals/{proposal_id}/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a rejected proposal pending again (an import of the same title reports it as rejected with this path)
         * @description Requires the permission `backlog:decide`.
         */
        post: operations["createBacklogProposalsReopen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/backlog-proposals/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide several proposals; one result per id: decided, conflict (already decided) or not_found
         * @description Requires the permission `backlog:decide`.
         */
        post: operations["decideBacklogProposals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/create-checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a subscription checkout with the payment provider
         * @description Requires the permission `billing:manage`.
         */
        post: operations["createCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a session of the payment provider's customer portal
         * @description Requires the permission `billing:manage`.
         */
        post: operations["createBillingPortalSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Receive the payment provider's subscription events (public; Stripe-Signature on the raw body) */
        post: operations["receiveBillingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the web console signs in */
        get: operations["getConsoleConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/dev-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Development only: a token of the development identity for the console
         * @description Answers 404 whenever an identity provider is configured (AUTH_JWKS_URL) or NODE_ENV=production.
         */
        post: operations["createConsoleDevToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/console/sign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Development only: trade a one-time sign-in link for a development token
         * @description The code comes from a link such as `sprintguard demo` prints (`/app/#sign-in=<code>`); it is good for one sign-in. Answers 401 for a code that is unknown, used or expired, and 404 whenever an identity provider is configured (AUTH_JWKS_URL) or NODE_ENV=production.
         */
        post: operations["redeemConsoleSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deployment-wide suppression feed, newest first (system credential only) */
        get: operations["listEmailSuppressions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email/suppressions/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an address from the suppression list (system credential only) */
        delete: operations["deleteEmailSuppression"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feature-flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's feature flags
         * @description Requires the permission `app:read`.
         */
        get: operations["listFeatureFlags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feature-flags/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Turn a supported flag on or off
         * @description Requires the permission `flags:write`.
         */
        put: operations["setFeatureFlag"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Process liveness */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import/backlog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create backlog proposals (source import), at most 200 per request; existing ones are reported as duplicates
         * @description Requires the permission `backlog:write`.
         */
        post: operations["importBacklog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/meetings/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract backlog proposals (source meeting) from a transcript of at most 200,000 characters; larger input answers 413
         * @description Requires the permission `meetings:ingest`.
         */
        post: operations["ingestMeeting"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Trends per UTC day: runs, actions planned/executed/approved/rejected/failed, approval rate, median time to decision
         * @description Requires the permission `app:read`.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the organization settings
         * @description Requires the permission `app:read`.
         */
        get: operations["getOrgSettings"];
        /**
         * Change write mode, action cap or confirmation threshold
         * @description Requires the permission `settings:write`.
         */
        put: operations["updateOrgSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Runs aggregated by project, most recently run first
         * @description Requires the permission `app:read`.
         */
        get: operations["listProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rbac/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's application role, effective permissions and delegable permissions
         * @description Requires the permission `app:read`.
         */
        get: operations["getMyAccess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rbac/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Organization members (a stored role, or seen through their tokens) with their effective role and access
         * @description Requires the permission `roles:manage`.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rbac/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Assign an operational role and delegable permissions to a member
         * @description Requires the permission `roles:manage`.
         */
        put: operations["setMemberRole"];
        post?: never;
        /**
         * Revoke a member's stored role and permissions: they fall back to the default role
         * @description Requires the permission `roles:manage`.
         */
        delete: operations["deleteRbacMembers"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/readiness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database, event store and configuration readiness */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List runs, newest first
         * @description Requires the permission `app:read`.
         */
        get: operations["listRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One run; with as_of (ISO time or stream revision) the run as it was then, folded from its stream
         * @description Requires the permission `app:read`.
         */
        get: operations["getRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action log of one run, in plan order
         * @description Requires the permission `app:read`.
         */
        get: operations["listRunActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/actions/{action_id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve one action
         * @description Requires the permission `runs:approve`.
         */
        post: operations["approveAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/actions/{action_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject one action
         * @description Requires the permission `runs:approve`.
         */
        post: operations["rejectAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/actions/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export one run's action log as CSV (default) or PDF; board_type/project_key filter the run, from/to the actions' latest change
         * @description Requires the permission `exports:read`.
         */
        get: operations["exportRunActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/approve-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve all remaining proposed actions of the run
         * @description Requires the permission `runs:approve`.
         */
        post: operations["approveAllActions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the run, also while it executes (actions already performed stay recorded)
         * @description Requires the permission `runs:approve`.
         */
        post: operations["cancelRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clear the run-level confirmation gate
         * @description Requires the permission `runs:confirm`.
         */
        post: operations["confirmRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approval flow: execute the approved actions (undecided ones are skipped)
         * @description Requires the permission `runs:approve`.
         */
        post: operations["executeRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * For auditors: the run stream's events in order, with data, metadata, revision and time
         * @description Requires the permission `app:read`.
         */
        get: operations["getRunHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{run_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject the run
         * @description Requires the permission `runs:approve`.
         */
        post: operations["rejectRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the filtered run history as CSV (default) or PDF
         * @description Requires the permission `exports:read`.
         */
        get: operations["exportRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/next-task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Highest-ranked active task from the connected board
         * @description Requires the permission `app:read`.
         */
        get: operations["getNextTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approval flow: start a run that plans and waits for approvals whatever the write mode
         * @description Requires the permission `runs:trigger`.
         */
        post: operations["startRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run events as server-sent events (text/event-stream); bearer header only
         * @description Requires the permission `app:read`.
         */
        get: operations["streamRunEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a guarded run, or resume the non-terminal run of the same board and project
         * @description Requires the permission `runs:trigger`.
         */
        post: operations["triggerRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the schedule preferences
         * @description Requires the permission `app:read`.
         */
        get: operations["getSchedule"];
        /**
         * Save the schedule preferences
         * @description Requires the permission `schedule:write`.
         */
        put: operations["updateSchedule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/integration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the board integration settings (secrets masked)
         * @description Requires the permission `integration:write`.
         */
        get: operations["getIntegrationSettings"];
        put?: never;
        /**
         * Save the board integration settings; an omitted secret keeps the saved one
         * @description Requires the permission `integration:write`.
         */
        post: operations["saveIntegrationSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the notification channels (webhook URLs masked)
         * @description Requires the permission `integration:write`.
         */
        get: operations["getNotificationSettings"];
        /**
         * Save the notification channels; an omitted webhook URL keeps the saved one, null removes it
         * @description Requires the permission `integration:write`.
         */
        put: operations["updateNotificationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/test-connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test access to a board: the given settings, or the saved ones when the body is empty
         * @description Requires the permission `integration:write`.
         */
        post: operations["testBoardConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Trigger state and latest run status
         * @description Requires the permission `app:read`.
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current organization, role and subscription summary
         * @description Requires the permission `app:read`.
         */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Plan, subscription status, enforced limits and current usage
         * @description Requires the permission `app:read`.
         */
        get: operations["getUserPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/chat/{org_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a chat request (signed with X-Service-Timestamp / X-Service-Signature, or a bearer token of the organization)
         * @description Body: JSON {"text", "user"?, "channel"?}, text/plain (the text itself) or a form with text (Slack slash commands). Signature: X-Service-Signature: v1=hex(HMAC-SHA256(secret, "v1:" + X-Service-Timestamp + ":" + org_id + ":" + raw body)). Answers text/plain; an internal failure answers a generic text with status 500.
         */
        post: operations["receiveChatWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/email-bounce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Receive SES bounce and complaint notifications from SNS (signature-verified) */
        post: operations["receiveEmailBounce"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** BacklogProposal */
        BacklogProposal: {
            applied_at: string | null;
            apply_error: string | null;
            board_type: string;
            /** Format: date-time */
            created_at: string;
            created_by: string;
            decided_at: string | null;
            decided_by: string | null;
            decision_reason: string | null;
            description: string | null;
            evidence: string | null;
            id: string;
            kind: string;
            labels: string[];
            meeting_id: string | null;
            priority: number | null;
            project_key: string;
            provider_key: string | null;
            provider_url: string | null;
            rank?: number;
            /** @description import or meeting */
            source: string;
            /** @description pending, accepted, rejected, applying, applied or apply_failed */
            status: string;
            title: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** DetailError */
        DetailError: {
            detail: string;
        };
        /** MiddlewareError */
        MiddlewareError: {
            error: string;
            retry_after_seconds?: number;
        };
        /** PermissionError */
        PermissionError: {
            detail: string | {
                error: string;
                required_permission: string;
                role: string;
            };
        };
        /**
         * Run
         * @description A guarded automation run on one board project
         * @example {
         *       "id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
         *       "board_type": "jira",
         *       "project_key": "DEMO",
         *       "status": "awaiting_approval",
         *       "is_dry_run": false,
         *       "planned_actions_count": 4,
         *       "executed_actions_count": 0,
         *       "cycles_run": [
         *         "T",
         *         "S"
         *       ],
         *       "flow": "trigger",
         *       "write_mode": "approval",
         *       "approved_actions_count": 1,
         *       "rejected_actions_count": 0,
         *       "failed_actions_count": 0,
         *       "skipped_actions_count": 0,
         *       "pending_actions_count": 3,
         *       "items_read": 12,
         *       "requested_by": "ada",
         *       "error": null,
         *       "created_at": "2026-11-24T09:00:00.000Z",
         *       "updated_at": "2026-11-24T09:05:00.000Z",
         *       "completed_at": null
         *     }
         */
        Run: {
            /** @description actions approved over the run's life (by a person, or by auto mode) */
            approved_actions_count: number;
            /**
             * @description the board the run works on
             * @enum {string}
             */
            board_type: "jira" | "linear";
            /**
             * Format: date-time
             * @description when the run reached a terminal status; null before
             */
            completed_at: string | null;
            /**
             * Format: date-time
             * @description when the run was requested
             */
            created_at: string;
            /** @description the cycles that planned: T triage, S stale, P pull requests (empty until planned) */
            cycles_run: ("T" | "S" | "P")[];
            /** @description why the run failed; null otherwise */
            error: string | null;
            /** @description actions written to the board */
            executed_actions_count: number;
            /** @description actions whose write to the board failed */
            failed_actions_count: number;
            /**
             * @description how the run was requested: trigger (POST /api/runs/trigger) or approval (POST /api/runs/start)
             * @enum {string}
             */
            flow: "trigger" | "approval";
            /**
             * @description the run id
             * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
             */
            id: string;
            /** @description true when the run plans only and never writes to the board */
            is_dry_run: boolean;
            /** @description board items the planning read */
            items_read: number;
            /** @description actions still waiting for a decision */
            pending_actions_count: number;
            /** @description actions planned */
            planned_actions_count: number;
            /**
             * @description the board's project key
             * @example DEMO
             */
            project_key: string;
            /** @description actions rejected */
            rejected_actions_count: number;
            /**
             * @description user id of whoever requested the run (or the scheduler)
             * @example ada
             */
            requested_by: string;
            /** @description actions left undecided when the run executed, or stopped by a cancel */
            skipped_actions_count: number;
            /**
             * @description where the run stands
             * @example awaiting_approval
             * @enum {string}
             */
            status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
            /**
             * Format: date-time
             * @description when the run last changed
             */
            updated_at: string;
            /**
             * @description the organization's write mode when the run was requested
             * @enum {string}
             */
            write_mode: "dry_run" | "approval" | "auto";
        };
        /**
         * RunAction
         * @description One change a run proposes on a board item
         * @example {
         *       "id": "act-1",
         *       "run_id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
         *       "seq": 1,
         *       "cycle": "T",
         *       "kind": "label",
         *       "item_key": "DEMO-1",
         *       "item_title": "Checkout is slow",
         *       "params": {
         *         "label": "needs-triage"
         *       },
         *       "reason": "no priority and no labels",
         *       "status": "proposed",
         *       "decided_by": null,
         *       "decided_at": null,
         *       "decision_reason": null,
         *       "executed_at": null,
         *       "error": null
         *     }
         */
        RunAction: {
            /**
             * @description the cycle that planned it: T triage, S stale, P pull requests
             * @enum {string}
             */
            cycle: "T" | "S" | "P";
            /** @description when it was decided */
            decided_at: string | null;
            /** @description who approved or rejected it; null while undecided */
            decided_by: string | null;
            /** @description the decider's reason, when one was given */
            decision_reason: string | null;
            /** @description why its write failed */
            error: string | null;
            /** @description when it was written to the board */
            executed_at: string | null;
            /**
             * @description the action id, unique within its run
             * @example act-1
             */
            id: string;
            /**
             * @description the board item's key
             * @example DEMO-1
             */
            item_key: string;
            /** @description the item's title when the planner read it */
            item_title: string | null;
            /**
             * @description what the action does to the item
             * @enum {string}
             */
            kind: "comment" | "transition" | "assign" | "label" | "link_pull_request";
            /** @description what the action writes (label, comment text, transition, assignee, pull request) */
            params: {
                [key: string]: unknown;
            };
            /** @description why the planner proposes it */
            reason: string;
            /**
             * @description the run that planned it
             * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
             */
            run_id: string;
            /** @description order within the run, from 1 */
            seq: number;
            /**
             * @description where the action stands
             * @example proposed
             * @enum {string}
             */
            status: "proposed" | "approved" | "rejected" | "executing" | "executed" | "failed" | "skipped";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApprovalsInbox: {
        parameters: {
            query?: {
                /** @description most requests to return, oldest first */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description the board type
                         * @enum {string}
                         */
                        board_type: "jira" | "linear";
                        /** @description the decisions on offer, each with its route */
                        decide: {
                            /**
                             * @description the decision the route records
                             * @enum {string}
                             */
                            decision: "approve" | "reject" | "confirm" | "accept";
                            /**
                             * @description always POST
                             * @enum {string}
                             */
                            method: "POST";
                            /** @description the route that records this decision */
                            path: string;
                        }[];
                        /**
                         * @description the action, run or proposal id
                         * @example act-1
                         */
                        id: string;
                        /**
                         * @description what waits: a run's action, a run to confirm (over the confirmation threshold), or a backlog proposal
                         * @enum {string}
                         */
                        kind: "action" | "run_confirmation" | "proposal";
                        /**
                         * @description the board's project key
                         * @example DEMO
                         */
                        project_key: string;
                        /** @description the run; null for a backlog proposal */
                        run_id: string | null;
                        /**
                         * @description what is asked, in a line
                         * @example label on DEMO-1 (Checkout is slow): no priority and no labels
                         */
                        summary: string;
                        /**
                         * Format: date-time
                         * @description when it started waiting (the inbox is oldest first)
                         */
                        waiting_since: string;
                    }[];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getApprovalStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the organization's actions by their current status (an executed action counts as executed, not approved) */
                        actions: {
                            approved: number;
                            executed: number;
                            failed: number;
                            pending: number;
                            rejected: number;
                            skipped: number;
                        };
                        /** @description backlog proposals by their current status */
                        proposals: {
                            accepted: number;
                            applied: number;
                            apply_failed: number;
                            applying: number;
                            pending: number;
                            rejected: number;
                        };
                        /** @description runs with actions waiting for a decision */
                        runs_awaiting_approval: number;
                        /** @description runs waiting for a confirmation */
                        runs_awaiting_confirmation: number;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getAuditAnchor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description compact JWS (EdDSA) over the payload below; verify with GET /api/audit/anchor-key */
                        jws: string;
                        payload: {
                            /**
                             * Format: date-time
                             * @description when the service signed it
                             */
                            at: string;
                            /** @description the organization */
                            org_id: string;
                            /** @description the head of each of the organization's streams */
                            streams: {
                                /** @description its last event's hash; null for an unsealed stream */
                                hash: string | null;
                                /** @description its last revision */
                                revision: string;
                                /** @description a stream of the organization */
                                stream: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getAuditAnchorKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getAuditEvents: {
        parameters: {
            query?: {
                /**
                 * @description only events caused by this user id
                 * @example ada
                 */
                actor?: string;
                /** @description next_cursor of the previous page (with the same filters and order) */
                cursor?: string;
                /** @description json: one page; csv: the whole filtered log as a file */
                format?: "json" | "csv";
                /**
                 * @description events at or after this time: an ISO date or time
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description only events of this kind of stream
                 * @example run
                 */
                kind?: "org" | "run" | "proposal" | "meeting" | "chat" | "runClaim" | "suppressions" | "other";
                /** @description most events on a page */
                limit?: number;
                /** @description desc: newest first; asc: oldest first */
                order?: "asc" | "desc";
                /**
                 * @description events before this time: an ISO date or time
                 * @example 2026-11-01
                 */
                to?: string;
                /**
                 * @description only events of this type
                 * @example MemberRoleAssigned
                 */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description application/json (a page) or text/csv (format=csv: the whole filtered log) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the events of this page, in the order asked */
                        items: {
                            /** @description the user id that caused it; null for the service itself */
                            actor: string | null;
                            /** @description the event or request that caused it */
                            causation_id: string | null;
                            /** @description the flow it belongs to (X-Correlation-Id, or the request id) */
                            correlation_id: string | null;
                            /**
                             * Format: date-time
                             * @description when it was appended
                             */
                            created: string;
                            /** @description the event's data, as recorded (secrets are never in events) */
                            data: unknown;
                            /** @description the event id */
                            event_id: string;
                            /** @description the event's link in its stream's hash chain (verify with `sprintguard audit verify`) */
                            hash: string | null;
                            /**
                             * @description the kind of stream
                             * @enum {string}
                             */
                            kind: "org" | "run" | "proposal" | "meeting" | "chat" | "runClaim" | "suppressions" | "other";
                            /**
                             * @description global position in the log, commit/prepare
                             * @example 1234/1234
                             */
                            position: string;
                            /** @description the HTTP request that appended it */
                            request_id: string | null;
                            /** @description the event's revision in its stream, from 0 */
                            revision: string;
                            /**
                             * @description the stream the event belongs to
                             * @example org-acme
                             */
                            stream: string;
                            /**
                             * @description the event type
                             * @example MemberRoleAssigned
                             */
                            type: string;
                        }[];
                        /** @description pass as `cursor` for the next page; null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    listBacklogProposals: {
        parameters: {
            query?: {
                /**
                 * @description only proposals for this board type
                 * @example jira
                 */
                board_type?: "jira" | "linear";
                /**
                 * @description only proposals of this kind
                 * @example bug
                 */
                kind?: "story" | "bug" | "task";
                /** @description most proposals to return */
                limit?: number;
                /** @description proposals to skip, for paging */
                offset?: number;
                /**
                 * @description only proposals for this project
                 * @example ENG
                 */
                project_key?: string;
                /**
                 * @description words to find in the title or description
                 * @example checkout
                 */
                q?: string;
                /**
                 * @description only proposals in this status
                 * @example pending
                 */
                status?: "pending" | "accepted" | "rejected" | "applying" | "applied" | "apply_failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklogProposal"][];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    decideBacklogProposal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first answer; the same key with another body answers 422. Kept at least 24 hours. */
                "idempotency-key"?: string;
            };
            path: {
                /**
                 * @description the proposal id
                 * @example 3b7e4f0a-8c1d-4e2f-9a6b-5c4d3e2f1a0b
                 */
                proposal_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "accept" | "reject";
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklogProposal"];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    createBacklogProposalsReopen: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the proposal id
                 * @example 3b7e4f0a-8c1d-4e2f-9a6b-5c4d3e2f1a0b
                 */
                proposal_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklogProposal"];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    decideBacklogProposals: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first answer; the same key with another body answers 422. Kept at least 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "accept" | "reject";
                    proposal_ids: string[];
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conflicts: number;
                        decided: number;
                        not_found: number;
                        results: {
                            detail?: string;
                            proposal_id: string;
                            /** @description decided, conflict (already decided: 409 semantics) or not_found */
                            result: string;
                            status?: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    createCheckoutSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first answer; the same key with another body answers 422. Kept at least 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description where checkout returns when the user gives up */
                    cancel_url: string;
                    /** @enum {string} */
                    plan: "team" | "business";
                    /** @description where checkout returns after payment */
                    success_url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the provider's hosted page; redirect the user there */
                        url: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    createBillingPortalSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description where the portal returns */
                    return_url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the provider's hosted page; redirect the user there */
                        url: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    receiveBillingWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        outcome: "recorded" | "unchanged" | "ignored";
                        received: boolean;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
        };
    };
    getConsoleConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oidc: {
                            /** @description CONSOLE_OIDC_CLIENT_ID */
                            client_id: string;
                            /** @description AUTH_ISSUER */
                            issuer: string;
                            scope: string;
                        } | null;
                        /**
                         * @description oidc: authorization code with PKCE at the issuer; development: POST /api/console/dev-token; unavailable: no console client id configured
                         * @enum {string}
                         */
                        sign_in: "oidc" | "development" | "unavailable";
                    };
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
        };
    };
    createConsoleDevToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description sign in as an organization admin (org:admin)
                     * @default false
                     */
                    admin: boolean;
                    org_id: string;
                    user_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a development token (JWT) for the Authorization header */
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /**
                         * @description always Bearer
                         * @enum {string}
                         */
                        token_type: "Bearer";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
        };
    };
    redeemConsoleSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the code after `#sign-in=` in the link */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a development token (JWT) for the Authorization header */
                        access_token: string;
                        /** @description whether that user is the organization admin */
                        admin: boolean;
                        /** @description seconds */
                        expires_in: number;
                        /** @description the organization signed in to */
                        org_id: string;
                        /**
                         * @description always Bearer
                         * @enum {string}
                         */
                        token_type: "Bearer";
                        /** @description the user signed in as */
                        user_id: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
        };
    };
    listEmailSuppressions: {
        parameters: {
            query: {
                /** @description most addresses to return */
                limit: number;
                /** @description addresses to skip, for paging */
                offset: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description suppressions recorded since the address was last suppressed anew */
                            count: number;
                            email: string;
                            /** Format: date-time */
                            first_suppressed_at: string;
                            /** Format: date-time */
                            last_suppressed_at: string;
                            /** @description bounce or complaint */
                            reason: string;
                            sub_type: string | null;
                            /** @description bounce type (Permanent, Undetermined) or complaint feedback type */
                            type: string | null;
                        }[];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
        };
    };
    deleteEmailSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the suppressed address
                 * @example ops@example.com
                 */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
        };
    };
    listFeatureFlags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description whether the feature is on for the organization */
                        enabled: boolean;
                        /**
                         * @description the flag
                         * @enum {string}
                         */
                        name: "cycle_p" | "meeting_ingest" | "chat_assistant" | "llm_extraction";
                        /** @description when it last changed; null if it never did */
                        updated_at: string | null;
                    }[];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    setFeatureFlag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the flag: cycle_p, meeting_ingest, chat_assistant, llm_extraction (404 for any other)
                 * @example cycle_p
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    /** @description on or off */
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description A feature flag of the organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "cycle_p",
                     *       "enabled": true,
                     *       "updated_at": "2026-11-24T09:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description whether the feature is on for the organization */
                        enabled: boolean;
                        /**
                         * @description the flag
                         * @enum {string}
                         */
                        name: "cycle_p" | "meeting_ingest" | "chat_assistant" | "llm_extraction";
                        /** @description when it last changed; null if it never did */
                        updated_at: string | null;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
        };
    };
    importBacklog: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first answer; the same key with another body answers 422. Kept at least 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    board_type: "jira" | "linear";
                    /** @description 1..200 items */
                    items: {
                        description?: string;
                        /** @enum {string} */
                        kind?: "story" | "bug" | "task";
                        labels?: string[];
                        /** @description 1 (highest) … 4 (lowest) */
                        priority?: number;
                        title: string;
                    }[];
                    project_key: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: {
                            id: string;
                            index: number;
                            /** @description duplicates of a rejected proposal: POST here to make it pending again */
                            reopen?: string;
                            /** @description duplicates: the existing proposal's status */
                            status?: string;
                            title: string;
                        }[];
                        created_count: number;
                        duplicate_count: number;
                        /** @description items whose proposal already existed (same organization, board, project and normalized title) */
                        duplicates: {
                            id: string;
                            index: number;
                            /** @description duplicates of a rejected proposal: POST here to make it pending again */
                            reopen?: string;
                            /** @description duplicates: the existing proposal's status */
                            status?: string;
                            title: string;
                        }[];
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: {
                            id: string;
                            index: number;
                            /** @description duplicates of a rejected proposal: POST here to make it pending again */
                            reopen?: string;
                            /** @description duplicates: the existing proposal's status */
                            status?: string;
                            title: string;
                        }[];
                        created_count: number;
                        duplicate_count: number;
                        /** @description items whose proposal already existed (same organization, board, project and normalized title) */
                        duplicates: {
                            id: string;
                            index: number;
                            /** @description duplicates of a rejected proposal: POST here to make it pending again */
                            reopen?: string;
                            /** @description duplicates: the existing proposal's status */
                            status?: string;
                            title: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    ingestMeeting: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first answer; the same key with another body answers 422. Kept at least 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    board_type: "jira" | "linear";
                    /** Format: date-time */
                    occurred_at?: string;
                    project_key: string;
                    title?: string;
                    /** @description at most 200,000 characters; more answers 413 */
                    transcript: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_count: number;
                        duplicate_count: number;
                        /** @description rules or llm */
                        extractor: string;
                        fallback_reason: string | null;
                        follow_ups: {
                            assignee: string | null;
                            evidence: string;
                            note: string;
                            ticket: string;
                        }[];
                        meeting_id: string;
                        proposals: {
                            assignee: string | null;
                            evidence: string;
                            kind: string;
                            /** @description created or duplicate */
                            outcome: string;
                            proposal_id: string;
                            title: string;
                        }[];
                        transcript_chars: number;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: {
                /**
                 * @description only this board type
                 * @example jira
                 */
                board_type?: "jira" | "linear";
                /**
                 * @description only this project key
                 * @example DEMO
                 */
                project_key?: string;
                /**
                 * @description how many UTC days, up to today
                 * @example 30d
                 */
                window?: "7d" | "30d" | "90d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's runs and decisions per UTC day over a window */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "window": "7d",
                     *       "from": "2026-11-18",
                     *       "to": "2026-11-24",
                     *       "series": [
                     *         {
                     *           "day": "2026-11-18",
                     *           "runs": 0,
                     *           "actions_planned": 0,
                     *           "actions_executed": 0,
                     *           "actions_approved": 0,
                     *           "actions_rejected": 0,
                     *           "actions_failed": 0
                     *         },
                     *         {
                     *           "day": "2026-11-19",
                     *           "runs": 0,
                     *           "actions_planned": 0,
                     *           "actions_executed": 0,
                     *           "actions_approved": 0,
                     *           "actions_rejected": 0,
                     *           "actions_failed": 0
                     *         },
                     *         {
                     *           "day": "2026-11-20",
                     *           "runs": 0,
                     *           "actions_planned": 0,
                     *           "actions_executed": 0,
                     *           "actions_approved": 0,
                     *           "actions_rejected": 0,
                     *           "actions_failed": 0
                     *         },
                     *         {
                     *           "day": "2026-11-21",
                     *           "runs": 0,
                     *           "actions_planned": 0,
                     *           "actions_executed": 0,
                     *           "actions_approved": 0,
                     *           "actions_rejected": 0,
                     *           "actions_failed": 0
                     *         },
                     *         {
                     *           "day": "2026-11-22",
                     *           "runs": 0,
                     *           "actions_planned": 0,
                     *           "actions_executed": 0,
                     *           "actions_approved": 0,
                     *           "actions_rejected": 0,
                     *           "actions_failed": 0
                     *         },
                     *         {
                     *           "day": "2026-11-23",
                     *           "runs": 0,
                     *           "actions_planned": 0,
                     *           "actions_executed": 0,
                     *           "actions_approved": 0,
                     *           "actions_rejected": 0,
                     *           "actions_failed": 0
                     *         },
                     *         {
                     *           "day": "2026-11-24",
                     *           "runs": 1,
                     *           "actions_planned": 4,
                     *           "actions_executed": 2,
                     *           "actions_approved": 2,
                     *           "actions_rejected": 1,
                     *           "actions_failed": 0
                     *         }
                     *       ],
                     *       "totals": {
                     *         "runs": 1,
                     *         "actions_planned": 4,
                     *         "actions_executed": 2,
                     *         "actions_approved": 2,
                     *         "actions_rejected": 1,
                     *         "actions_failed": 0
                     *       },
                     *       "approval_rate": 0.67,
                     *       "median_time_to_decision_seconds": 420
                     *     }
                     */
                    "application/json": {
                        /** @description approved / (approved + rejected) over the window; null without decisions */
                        approval_rate: number | null;
                        /**
                         * Format: date
                         * @description first UTC day of the window
                         */
                        from: string;
                        /** @description median seconds from a run's planning to a person's decision on one of its actions, over the window's decisions; null without any */
                        median_time_to_decision_seconds: number | null;
                        /** @description one point per UTC day, every day of the window */
                        series: {
                            /** @description actions approved by a person */
                            actions_approved: number;
                            /** @description actions written to the board */
                            actions_executed: number;
                            /** @description actions whose write failed */
                            actions_failed: number;
                            /** @description actions planned */
                            actions_planned: number;
                            /** @description actions rejected by a person */
                            actions_rejected: number;
                            /**
                             * Format: date
                             * @description the UTC day
                             */
                            day: string;
                            /** @description runs requested */
                            runs: number;
                            /** @description runs cancelled that day */
                            runs_cancelled: number;
                            /** @description runs that completed that day */
                            runs_completed: number;
                            /** @description runs that failed that day */
                            runs_failed: number;
                            /** @description runs rejected that day */
                            runs_rejected: number;
                        }[];
                        /**
                         * Format: date
                         * @description last UTC day of the window (today)
                         */
                        to: string;
                        /** @description the sums over the window */
                        totals: {
                            /** @description actions approved by a person */
                            actions_approved: number;
                            /** @description actions written to the board */
                            actions_executed: number;
                            /** @description actions whose write failed */
                            actions_failed: number;
                            /** @description actions planned */
                            actions_planned: number;
                            /** @description actions rejected by a person */
                            actions_rejected: number;
                            /** @description runs requested */
                            runs: number;
                            /** @description runs cancelled that day */
                            runs_cancelled: number;
                            /** @description runs that completed that day */
                            runs_completed: number;
                            /** @description runs that failed that day */
                            runs_failed: number;
                            /** @description runs rejected that day */
                            runs_rejected: number;
                        };
                        /**
                         * @description the window asked for
                         * @enum {string}
                         */
                        window: "7d" | "30d" | "90d";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getOrgSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's guards for every run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "write_mode": "approval",
                     *       "action_cap": 25,
                     *       "confirmation_threshold": 10
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description most actions one run may plan
                         * @example 25
                         */
                        action_cap: number;
                        /**
                         * @description a run planning more actions than this waits for a confirmation first
                         * @example 10
                         */
                        confirmation_threshold: number;
                        /**
                         * @description approval: every action waits for a person; auto: planned actions execute at once; dry_run: plan only, never write
                         * @example approval
                         * @enum {string}
                         */
                        write_mode: "dry_run" | "approval" | "auto";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    updateOrgSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The settings to change; the others keep their values */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action_cap": 10
                 *     }
                 */
                "application/json": {
                    /**
                     * @description most actions one run may plan
                     * @example 25
                     */
                    action_cap?: number;
                    /**
                     * @description a run planning more actions than this waits for a confirmation first
                     * @example 10
                     */
                    confirmation_threshold?: number;
                    /**
                     * @description approval: every action waits for a person; auto: planned actions execute at once; dry_run: plan only, never write
                     * @example approval
                     * @enum {string}
                     */
                    write_mode?: "dry_run" | "approval" | "auto";
                };
            };
        };
        responses: {
            /** @description The organization's guards for every run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "write_mode": "approval",
                     *       "action_cap": 25,
                     *       "confirmation_threshold": 10
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description most actions one run may plan
                         * @example 25
                         */
                        action_cap: number;
                        /**
                         * @description a run planning more actions than this waits for a confirmation first
                         * @example 10
                         */
                        confirmation_threshold: number;
                        /**
                         * @description approval: every action waits for a person; auto: planned actions execute at once; dry_run: plan only, never write
                         * @example approval
                         * @enum {string}
                         */
                        write_mode: "dry_run" | "approval" | "auto";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /**
                 * @description only this board type
                 * @example jira
                 */
                board_type?: "jira" | "linear";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description actions written to the board over all runs */
                        actions_executed: number;
                        /** @description actions planned over all runs */
                        actions_planned: number;
                        /** @description runs not yet in a terminal status */
                        active_runs: number;
                        /**
                         * @description the board type
                         * @enum {string}
                         */
                        board_type: "jira" | "linear";
                        /** @description the most recent run */
                        last_run: {
                            /**
                             * Format: date-time
                             * @description when it was requested
                             */
                            created_at: string;
                            /** @description the run id */
                            id: string;
                            /**
                             * @description its status
                             * @enum {string}
                             */
                            status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                        };
                        /**
                         * @description the board's project key
                         * @example DEMO
                         */
                        project_key: string;
                        /** @description runs of the project */
                        runs: number;
                        /** @description runs per status */
                        runs_by_status: {
                            [key: string]: number;
                        };
                    }[];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getMyAccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's access in its organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "org_id": "acme",
                     *       "user_id": "vic",
                     *       "role": "viewer",
                     *       "is_org_admin": false,
                     *       "permissions": [
                     *         "app:read",
                     *         "audit:read"
                     *       ],
                     *       "delegated_permissions": [
                     *         "audit:read"
                     *       ],
                     *       "delegable_permissions": [
                     *         "app:read",
                     *         "runs:trigger",
                     *         "runs:confirm",
                     *         "runs:approve",
                     *         "backlog:write",
                     *         "backlog:decide",
                     *         "meetings:ingest",
                     *         "exports:read",
                     *         "audit:read",
                     *         "settings:write",
                     *         "integration:write",
                     *         "schedule:write",
                     *         "flags:write"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description permissions an assignment may delegate */
                        delegable_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description extra permissions granted to the caller on top of the role's */
                        delegated_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description true for the identity provider's organization administrator */
                        is_org_admin: boolean;
                        /**
                         * @description the caller's organization
                         * @example acme
                         */
                        org_id: string;
                        /** @description every permission the caller holds */
                        permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /**
                         * @description the effective role: admin for the identity provider's organization administrator, the default role (viewer) when none is stored
                         * @enum {string}
                         */
                        role: "viewer" | "operator" | "approver" | "manager" | "admin";
                        /**
                         * @description the caller
                         * @example ada
                         */
                        user_id: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description who stored the assignment; null without one */
                        assigned_by: string | null;
                        /** @description everything the member may do: the role's permissions and the delegated ones */
                        effective_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description delegated permissions, on top of the role's */
                        permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /**
                         * @description the effective role: admin for the identity provider's organization administrator, the default role (viewer) when none is stored
                         * @enum {string}
                         */
                        role: "viewer" | "operator" | "approver" | "manager" | "admin";
                        /** @description when the assignment was stored; null without one */
                        updated_at: string | null;
                        /**
                         * @description the member
                         * @example vic
                         */
                        user_id: string;
                    }[];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    setMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the member's user id (the token's subject)
                 * @example vic
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "approver",
                 *       "permissions": [
                 *         "audit:read"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description the complete list of extra permissions, replacing the member's current ones ([] removes them all); left out, the member keeps the ones they have. roles:manage, billing:manage and admin:all are refused
                     * @example [
                     *       "audit:read"
                     *     ]
                     */
                    permissions?: string[];
                    /**
                     * @description the operational role (admin is not assignable: it belongs to the identity provider)
                     * @example approver
                     * @enum {string}
                     */
                    role: "viewer" | "operator" | "approver" | "manager";
                };
            };
        };
        responses: {
            /** @description A member of the organization with their role and permissions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "vic",
                     *       "role": "viewer",
                     *       "permissions": [
                     *         "audit:read"
                     *       ],
                     *       "effective_permissions": [
                     *         "app:read",
                     *         "audit:read"
                     *       ],
                     *       "assigned_by": "ada",
                     *       "updated_at": "2026-11-24T09:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description who stored the assignment; null without one */
                        assigned_by: string | null;
                        /** @description everything the member may do: the role's permissions and the delegated ones */
                        effective_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description delegated permissions, on top of the role's */
                        permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /**
                         * @description the effective role: admin for the identity provider's organization administrator, the default role (viewer) when none is stored
                         * @enum {string}
                         */
                        role: "viewer" | "operator" | "approver" | "manager" | "admin";
                        /** @description when the assignment was stored; null without one */
                        updated_at: string | null;
                        /**
                         * @description the member
                         * @example vic
                         */
                        user_id: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    deleteRbacMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the member's user id (the token's subject)
                 * @example vic
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A member of the organization with their role and permissions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "vic",
                     *       "role": "viewer",
                     *       "permissions": [
                     *         "audit:read"
                     *       ],
                     *       "effective_permissions": [
                     *         "app:read",
                     *         "audit:read"
                     *       ],
                     *       "assigned_by": "ada",
                     *       "updated_at": "2026-11-24T09:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description who stored the assignment; null without one */
                        assigned_by: string | null;
                        /** @description everything the member may do: the role's permissions and the delegated ones */
                        effective_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description delegated permissions, on top of the role's */
                        permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /**
                         * @description the effective role: admin for the identity provider's organization administrator, the default role (viewer) when none is stored
                         * @enum {string}
                         */
                        role: "viewer" | "operator" | "approver" | "manager" | "admin";
                        /** @description when the assignment was stored; null without one */
                        updated_at: string | null;
                        /**
                         * @description the member
                         * @example vic
                         */
                        user_id: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            error?: string;
                            name: string;
                            ok: boolean;
                        }[];
                        /** @enum {string} */
                        status: "ready" | "unavailable";
                    };
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            error?: string;
                            name: string;
                            ok: boolean;
                        }[];
                        /** @enum {string} */
                        status: "ready" | "unavailable";
                    };
                };
            };
        };
    };
    listRuns: {
        parameters: {
            query?: {
                /**
                 * @description only this board type
                 * @example jira
                 */
                board_type?: "jira" | "linear";
                /** @description most runs to return */
                limit?: number;
                /** @description runs to skip, for paging */
                offset?: number;
                /**
                 * @description only this project key
                 * @example DEMO
                 */
                project_key?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"][];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getRun: {
        parameters: {
            query?: {
                /**
                 * @description the run as it was at this ISO time, or after this stream revision
                 * @example 2026-11-24T09:30:00Z
                 */
                as_of?: string;
            };
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A guarded automation run on one board project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "board_type": "jira",
                     *       "project_key": "DEMO",
                     *       "status": "awaiting_approval",
                     *       "is_dry_run": false,
                     *       "planned_actions_count": 4,
                     *       "executed_actions_count": 0,
                     *       "cycles_run": [
                     *         "T",
                     *         "S"
                     *       ],
                     *       "flow": "trigger",
                     *       "write_mode": "approval",
                     *       "approved_actions_count": 1,
                     *       "rejected_actions_count": 0,
                     *       "failed_actions_count": 0,
                     *       "skipped_actions_count": 0,
                     *       "pending_actions_count": 3,
                     *       "items_read": 12,
                     *       "requested_by": "ada",
                     *       "error": null,
                     *       "created_at": "2026-11-24T09:00:00.000Z",
                     *       "updated_at": "2026-11-24T09:05:00.000Z",
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    listRunActions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunAction"][];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    approveAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the action id within the run
                 * @example act-1
                 */
                action_id: string;
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description why, kept with the decision
                     * @example not in this sprint
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description One change a run proposes on a board item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "act-1",
                     *       "run_id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "seq": 1,
                     *       "cycle": "T",
                     *       "kind": "label",
                     *       "item_key": "DEMO-1",
                     *       "item_title": "Checkout is slow",
                     *       "params": {
                     *         "label": "needs-triage"
                     *       },
                     *       "reason": "no priority and no labels",
                     *       "status": "proposed",
                     *       "decided_by": null,
                     *       "decided_at": null,
                     *       "decision_reason": null,
                     *       "executed_at": null,
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["RunAction"];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    rejectAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the action id within the run
                 * @example act-1
                 */
                action_id: string;
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description why, kept with the decision
                     * @example not in this sprint
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description One change a run proposes on a board item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "act-1",
                     *       "run_id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "seq": 1,
                     *       "cycle": "T",
                     *       "kind": "label",
                     *       "item_key": "DEMO-1",
                     *       "item_title": "Checkout is slow",
                     *       "params": {
                     *         "label": "needs-triage"
                     *       },
                     *       "reason": "no priority and no labels",
                     *       "status": "proposed",
                     *       "decided_by": null,
                     *       "decided_at": null,
                     *       "decision_reason": null,
                     *       "executed_at": null,
                     *       "error": null
                     *     }
                     */
                    "application/json": components["schemas"]["RunAction"];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    exportRunActions: {
        parameters: {
            query?: {
                /**
                 * @description only this board type
                 * @example jira
                 */
                board_type?: "jira" | "linear";
                /** @description the file format */
                format?: "csv" | "pdf";
                /**
                 * @description from this time, included (runs by request time, a run's actions by their latest change): an ISO date or time
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description only this project key
                 * @example DEMO
                 */
                project_key?: string;
                /**
                 * @description before this time: an ISO date or time
                 * @example 2026-11-01
                 */
                to?: string;
            };
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv or application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "text/csv": string;
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    approveAllActions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description why, kept with the decision
                     * @example not in this sprint
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description A guarded automation run on one board project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "board_type": "jira",
                     *       "project_key": "DEMO",
                     *       "status": "awaiting_approval",
                     *       "is_dry_run": false,
                     *       "planned_actions_count": 4,
                     *       "executed_actions_count": 0,
                     *       "cycles_run": [
                     *         "T",
                     *         "S"
                     *       ],
                     *       "flow": "trigger",
                     *       "write_mode": "approval",
                     *       "approved_actions_count": 1,
                     *       "rejected_actions_count": 0,
                     *       "failed_actions_count": 0,
                     *       "skipped_actions_count": 0,
                     *       "pending_actions_count": 3,
                     *       "items_read": 12,
                     *       "requested_by": "ada",
                     *       "error": null,
                     *       "created_at": "2026-11-24T09:00:00.000Z",
                     *       "updated_at": "2026-11-24T09:05:00.000Z",
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description why the answer is 202: the read model has not caught up yet */
                        detail: string;
                        /** @description the run id */
                        id: string;
                        /**
                         * @description the status the write left the run in
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    cancelRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description why, kept with the decision
                     * @example not in this sprint
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description A guarded automation run on one board project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "board_type": "jira",
                     *       "project_key": "DEMO",
                     *       "status": "awaiting_approval",
                     *       "is_dry_run": false,
                     *       "planned_actions_count": 4,
                     *       "executed_actions_count": 0,
                     *       "cycles_run": [
                     *         "T",
                     *         "S"
                     *       ],
                     *       "flow": "trigger",
                     *       "write_mode": "approval",
                     *       "approved_actions_count": 1,
                     *       "rejected_actions_count": 0,
                     *       "failed_actions_count": 0,
                     *       "skipped_actions_count": 0,
                     *       "pending_actions_count": 3,
                     *       "items_read": 12,
                     *       "requested_by": "ada",
                     *       "error": null,
                     *       "created_at": "2026-11-24T09:00:00.000Z",
                     *       "updated_at": "2026-11-24T09:05:00.000Z",
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description why the answer is 202: the read model has not caught up yet */
                        detail: string;
                        /** @description the run id */
                        id: string;
                        /**
                         * @description the status the write left the run in
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    confirmRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description why, kept with the decision
                     * @example not in this sprint
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description A guarded automation run on one board project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "board_type": "jira",
                     *       "project_key": "DEMO",
                     *       "status": "awaiting_approval",
                     *       "is_dry_run": false,
                     *       "planned_actions_count": 4,
                     *       "executed_actions_count": 0,
                     *       "cycles_run": [
                     *         "T",
                     *         "S"
                     *       ],
                     *       "flow": "trigger",
                     *       "write_mode": "approval",
                     *       "approved_actions_count": 1,
                     *       "rejected_actions_count": 0,
                     *       "failed_actions_count": 0,
                     *       "skipped_actions_count": 0,
                     *       "pending_actions_count": 3,
                     *       "items_read": 12,
                     *       "requested_by": "ada",
                     *       "error": null,
                     *       "created_at": "2026-11-24T09:00:00.000Z",
                     *       "updated_at": "2026-11-24T09:05:00.000Z",
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description why the answer is 202: the read model has not caught up yet */
                        detail: string;
                        /** @description the run id */
                        id: string;
                        /**
                         * @description the status the write left the run in
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    executeRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description why, kept with the decision
                     * @example not in this sprint
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description A guarded automation run on one board project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "board_type": "jira",
                     *       "project_key": "DEMO",
                     *       "status": "awaiting_approval",
                     *       "is_dry_run": false,
                     *       "planned_actions_count": 4,
                     *       "executed_actions_count": 0,
                     *       "cycles_run": [
                     *         "T",
                     *         "S"
                     *       ],
                     *       "flow": "trigger",
                     *       "write_mode": "approval",
                     *       "approved_actions_count": 1,
                     *       "rejected_actions_count": 0,
                     *       "failed_actions_count": 0,
                     *       "skipped_actions_count": 0,
                     *       "pending_actions_count": 3,
                     *       "items_read": 12,
                     *       "requested_by": "ada",
                     *       "error": null,
                     *       "created_at": "2026-11-24T09:00:00.000Z",
                     *       "updated_at": "2026-11-24T09:05:00.000Z",
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description why the answer is 202: the read model has not caught up yet */
                        detail: string;
                        /** @description the run id */
                        id: string;
                        /**
                         * @description the status the write left the run in
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getRunHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description when the event was appended
                         */
                        created: string;
                        /** @description the event's data, as recorded */
                        data: unknown;
                        /** @description who and what caused it: user_id, org_id, correlation_id, causation_id, request_id */
                        metadata: {
                            [key: string]: unknown;
                        };
                        /**
                         * @description stream revision, from 0
                         * @example 0
                         */
                        revision: string;
                        /**
                         * @description the event type
                         * @example RunRequested
                         */
                        type: string;
                    }[];
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    rejectRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the run id
                 * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                 */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description why, kept with the decision
                     * @example not in this sprint
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description A guarded automation run on one board project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "board_type": "jira",
                     *       "project_key": "DEMO",
                     *       "status": "awaiting_approval",
                     *       "is_dry_run": false,
                     *       "planned_actions_count": 4,
                     *       "executed_actions_count": 0,
                     *       "cycles_run": [
                     *         "T",
                     *         "S"
                     *       ],
                     *       "flow": "trigger",
                     *       "write_mode": "approval",
                     *       "approved_actions_count": 1,
                     *       "rejected_actions_count": 0,
                     *       "failed_actions_count": 0,
                     *       "skipped_actions_count": 0,
                     *       "pending_actions_count": 3,
                     *       "items_read": 12,
                     *       "requested_by": "ada",
                     *       "error": null,
                     *       "created_at": "2026-11-24T09:00:00.000Z",
                     *       "updated_at": "2026-11-24T09:05:00.000Z",
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description why the answer is 202: the read model has not caught up yet */
                        detail: string;
                        /** @description the run id */
                        id: string;
                        /**
                         * @description the status the write left the run in
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    exportRuns: {
        parameters: {
            query?: {
                /**
                 * @description only this board type
                 * @example jira
                 */
                board_type?: "jira" | "linear";
                /** @description the file format */
                format?: "csv" | "pdf";
                /**
                 * @description from this time, included (runs by request time, a run's actions by their latest change): an ISO date or time
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description only this project key
                 * @example DEMO
                 */
                project_key?: string;
                /**
                 * @description before this time: an ISO date or time
                 * @example 2026-11-01
                 */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv or application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "text/csv": string;
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getNextTask: {
        parameters: {
            query?: {
                /**
                 * @description the connected board (400 when it names another)
                 * @example jira
                 */
                board_type?: "jira" | "linear";
                /**
                 * @description the project; default: the integration settings' first project
                 * @example DEMO
                 */
                project_key?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        board_type: string;
                        project_key: string;
                        task: {
                            assignee: string | null;
                            estimate: number | null;
                            key: string;
                            labels: string[];
                            priority: string | null;
                            status: string;
                            status_category: string;
                            title: string;
                            updated_at: string;
                            url?: string;
                        } | null;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description The board or another provider failed; the detail says which */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    startRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first answer; the same key with another body answers 422. Kept at least 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "board_type": "jira",
                 *       "project_key": "DEMO",
                 *       "cycles": [
                 *         "T",
                 *         "S"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description the connected board
                     * @example jira
                     * @enum {string}
                     */
                    board_type: "jira" | "linear";
                    /** @description T triage, S stale, P pull requests (P needs its feature flag); default T and S */
                    cycles?: ("T" | "S" | "P")[];
                    /** @description plan only, whatever the write mode */
                    dry_run?: boolean;
                    /**
                     * @description a project of the integration settings
                     * @example DEMO
                     */
                    project_key: string;
                };
            };
        };
        responses: {
            /** @description A guarded automation run on one board project */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b",
                     *       "board_type": "jira",
                     *       "project_key": "DEMO",
                     *       "status": "awaiting_approval",
                     *       "is_dry_run": false,
                     *       "planned_actions_count": 4,
                     *       "executed_actions_count": 0,
                     *       "cycles_run": [
                     *         "T",
                     *         "S"
                     *       ],
                     *       "flow": "trigger",
                     *       "write_mode": "approval",
                     *       "approved_actions_count": 1,
                     *       "rejected_actions_count": 0,
                     *       "failed_actions_count": 0,
                     *       "skipped_actions_count": 0,
                     *       "pending_actions_count": 3,
                     *       "items_read": 12,
                     *       "requested_by": "ada",
                     *       "error": null,
                     *       "created_at": "2026-11-24T09:00:00.000Z",
                     *       "updated_at": "2026-11-24T09:05:00.000Z",
                     *       "completed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description why the answer is 202: the read model has not caught up yet */
                        detail: string;
                        /** @description the run id */
                        id: string;
                        /**
                         * @description the status the write left the run in
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    streamRunEvents: {
        parameters: {
            query?: {
                /** @description refused: send the bearer header instead */
                access_token?: string;
                /** @description one run's events (from its first); without it, the organization's run events from now on */
                run_id?: string;
                /** @description refused: send the bearer header instead */
                token?: string;
            };
            header?: {
                /** @description the id of the last event received: the stream resumes after it */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied, or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Authorization or identity dependencies unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    triggerRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retrying with the same key and body returns the first answer; the same key with another body answers 422. Kept at least 24 hours. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "board_type": "jira",
                 *       "project_key": "DEMO",
                 *       "cycles": [
                 *         "T",
                 *         "S"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description the connected board
                     * @example jira
                     * @enum {string}
                     */
                    board_type: "jira" | "linear";
                    /** @description T triage, S stale, P pull requests (P needs its feature flag); default T and S */
                    cycles?: ("T" | "S" | "P")[];
                    /** @description plan only, whatever the write mode */
                    dry_run?: boolean;
                    /**
                     * @description a project of the integration settings
                     * @example DEMO
                     */
                    project_key: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description actions approved over the run's life (by a person, or by auto mode) */
                        approved_actions_count: number;
                        /**
                         * @description the board the run works on
                         * @enum {string}
                         */
                        board_type: "jira" | "linear";
                        /**
                         * Format: date-time
                         * @description when the run reached a terminal status; null before
                         */
                        completed_at: string | null;
                        /**
                         * Format: date-time
                         * @description when the run was requested
                         */
                        created_at: string;
                        /** @description the cycles that planned: T triage, S stale, P pull requests (empty until planned) */
                        cycles_run: ("T" | "S" | "P")[];
                        /** @description why the run failed; null otherwise */
                        error: string | null;
                        /** @description actions written to the board */
                        executed_actions_count: number;
                        /** @description actions whose write to the board failed */
                        failed_actions_count: number;
                        /**
                         * @description how the run was requested: trigger (POST /api/runs/trigger) or approval (POST /api/runs/start)
                         * @enum {string}
                         */
                        flow: "trigger" | "approval";
                        /**
                         * @description the run id
                         * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                         */
                        id: string;
                        /** @description true when the run plans only and never writes to the board */
                        is_dry_run: boolean;
                        /** @description board items the planning read */
                        items_read: number;
                        /** @description actions still waiting for a decision */
                        pending_actions_count: number;
                        /** @description actions planned */
                        planned_actions_count: number;
                        /**
                         * @description the board's project key
                         * @example DEMO
                         */
                        project_key: string;
                        /** @description actions rejected */
                        rejected_actions_count: number;
                        /**
                         * @description user id of whoever requested the run (or the scheduler)
                         * @example ada
                         */
                        requested_by: string;
                        resumed: boolean;
                        /** @description actions left undecided when the run executed, or stopped by a cancel */
                        skipped_actions_count: number;
                        /**
                         * @description where the run stands
                         * @example awaiting_approval
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                        /**
                         * Format: date-time
                         * @description when the run last changed
                         */
                        updated_at: string;
                        /**
                         * @description the organization's write mode when the run was requested
                         * @enum {string}
                         */
                        write_mode: "dry_run" | "approval" | "auto";
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description actions approved over the run's life (by a person, or by auto mode) */
                        approved_actions_count: number;
                        /**
                         * @description the board the run works on
                         * @enum {string}
                         */
                        board_type: "jira" | "linear";
                        /**
                         * Format: date-time
                         * @description when the run reached a terminal status; null before
                         */
                        completed_at: string | null;
                        /**
                         * Format: date-time
                         * @description when the run was requested
                         */
                        created_at: string;
                        /** @description the cycles that planned: T triage, S stale, P pull requests (empty until planned) */
                        cycles_run: ("T" | "S" | "P")[];
                        /** @description why the run failed; null otherwise */
                        error: string | null;
                        /** @description actions written to the board */
                        executed_actions_count: number;
                        /** @description actions whose write to the board failed */
                        failed_actions_count: number;
                        /**
                         * @description how the run was requested: trigger (POST /api/runs/trigger) or approval (POST /api/runs/start)
                         * @enum {string}
                         */
                        flow: "trigger" | "approval";
                        /**
                         * @description the run id
                         * @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b
                         */
                        id: string;
                        /** @description true when the run plans only and never writes to the board */
                        is_dry_run: boolean;
                        /** @description board items the planning read */
                        items_read: number;
                        /** @description actions still waiting for a decision */
                        pending_actions_count: number;
                        /** @description actions planned */
                        planned_actions_count: number;
                        /**
                         * @description the board's project key
                         * @example DEMO
                         */
                        project_key: string;
                        /** @description actions rejected */
                        rejected_actions_count: number;
                        /**
                         * @description user id of whoever requested the run (or the scheduler)
                         * @example ada
                         */
                        requested_by: string;
                        resumed: boolean;
                        /** @description actions left undecided when the run executed, or stopped by a cancel */
                        skipped_actions_count: number;
                        /**
                         * @description where the run stands
                         * @example awaiting_approval
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                        /**
                         * Format: date-time
                         * @description when the run last changed
                         */
                        updated_at: string;
                        /**
                         * @description the organization's write mode when the run was requested
                         * @enum {string}
                         */
                        write_mode: "dry_run" | "approval" | "auto";
                    };
                };
            };
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description why the answer is 202: the read model has not caught up yet */
                        detail: string;
                        /** @description the run id */
                        id: string;
                        /**
                         * @description the status the write left the run in
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Conflicts with the current state; the detail says why */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's schedule (only `saved: false` before one is saved) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "saved": true,
                     *       "enabled": true,
                     *       "timezone": "Europe/Berlin",
                     *       "days_of_week": [
                     *         1,
                     *         3,
                     *         5
                     *       ],
                     *       "time": "09:00",
                     *       "board_type": "jira",
                     *       "project_key": "ENG",
                     *       "cycles": [
                     *         "S",
                     *         "T"
                     *       ],
                     *       "dry_run": false
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description the board to run on
                         * @example jira
                         * @enum {string}
                         */
                        board_type?: "jira" | "linear";
                        /** @description the cycles to run: T triage, S stale, P pull requests (default T and S) */
                        cycles?: ("T" | "S" | "P")[];
                        /**
                         * @description days to run on, 0 Sunday to 6 Saturday
                         * @example [
                         *       1,
                         *       3,
                         *       5
                         *     ]
                         */
                        days_of_week?: number[];
                        /** @description plan only, whatever the write mode */
                        dry_run?: boolean;
                        /** @description whether the scheduler triggers runs */
                        enabled?: boolean;
                        /**
                         * @description the project to run on
                         * @example ENG
                         */
                        project_key?: string;
                        /** @description false until the organization saves a schedule */
                        saved: boolean;
                        /**
                         * @description local time of day, HH:MM
                         * @example 09:00
                         */
                        time?: string;
                        /**
                         * @description IANA time zone of days_of_week and time
                         * @example Europe/Berlin
                         */
                        timezone?: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    updateSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description When the scheduler triggers runs */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true,
                 *       "timezone": "Europe/Berlin",
                 *       "days_of_week": [
                 *         1,
                 *         3,
                 *         5
                 *       ],
                 *       "time": "09:00",
                 *       "board_type": "jira",
                 *       "project_key": "ENG",
                 *       "cycles": [
                 *         "S",
                 *         "T"
                 *       ],
                 *       "dry_run": false
                 *     }
                 */
                "application/json": {
                    /**
                     * @description the board to run on
                     * @example jira
                     * @enum {string}
                     */
                    board_type: "jira" | "linear";
                    /** @description the cycles to run: T triage, S stale, P pull requests (default T and S) */
                    cycles?: ("T" | "S" | "P")[];
                    /**
                     * @description days to run on, 0 Sunday to 6 Saturday
                     * @example [
                     *       1,
                     *       3,
                     *       5
                     *     ]
                     */
                    days_of_week: number[];
                    /** @description plan only, whatever the write mode */
                    dry_run?: boolean;
                    /** @description whether the scheduler triggers runs */
                    enabled: boolean;
                    /**
                     * @description the project to run on
                     * @example ENG
                     */
                    project_key: string;
                    /**
                     * @description local time of day, HH:MM
                     * @example 09:00
                     */
                    time: string;
                    /**
                     * @description IANA time zone of days_of_week and time
                     * @example Europe/Berlin
                     */
                    timezone: string;
                };
            };
        };
        responses: {
            /** @description The organization's schedule (only `saved: false` before one is saved) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "saved": true,
                     *       "enabled": true,
                     *       "timezone": "Europe/Berlin",
                     *       "days_of_week": [
                     *         1,
                     *         3,
                     *         5
                     *       ],
                     *       "time": "09:00",
                     *       "board_type": "jira",
                     *       "project_key": "ENG",
                     *       "cycles": [
                     *         "S",
                     *         "T"
                     *       ],
                     *       "dry_run": false
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description the board to run on
                         * @example jira
                         * @enum {string}
                         */
                        board_type?: "jira" | "linear";
                        /** @description the cycles to run: T triage, S stale, P pull requests (default T and S) */
                        cycles?: ("T" | "S" | "P")[];
                        /**
                         * @description days to run on, 0 Sunday to 6 Saturday
                         * @example [
                         *       1,
                         *       3,
                         *       5
                         *     ]
                         */
                        days_of_week?: number[];
                        /** @description plan only, whatever the write mode */
                        dry_run?: boolean;
                        /** @description whether the scheduler triggers runs */
                        enabled?: boolean;
                        /**
                         * @description the project to run on
                         * @example ENG
                         */
                        project_key?: string;
                        /** @description false until the organization saves a schedule */
                        saved: boolean;
                        /**
                         * @description local time of day, HH:MM
                         * @example 09:00
                         */
                        time?: string;
                        /**
                         * @description IANA time zone of days_of_week and time
                         * @example Europe/Berlin
                         */
                        timezone?: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getIntegrationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        api_key?: "********";
                        /** @enum {string} */
                        api_token?: "********";
                        api_url?: string;
                        base_url?: string;
                        board_type?: string;
                        configured: boolean;
                        email?: string;
                        project_keys?: string[];
                        source_control?: {
                            base_url?: string;
                            provider: string;
                            repository: string;
                            /** @enum {string} */
                            token: "********";
                        };
                        team_keys?: string[];
                        /** Format: date-time */
                        updated_at?: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    saveIntegrationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    api_token?: string;
                    base_url: string;
                    /** @enum {string} */
                    board_type: "jira";
                    email: string;
                    project_keys?: string[];
                    source_control?: {
                        base_url?: string;
                        /** @enum {string} */
                        provider: "github" | "gitlab";
                        repository: string;
                        token?: string;
                    };
                } | {
                    api_key?: string;
                    api_url?: string;
                    /** @enum {string} */
                    board_type: "linear";
                    source_control?: {
                        base_url?: string;
                        /** @enum {string} */
                        provider: "github" | "gitlab";
                        repository: string;
                        token?: string;
                    };
                    team_keys?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        api_key?: "********";
                        /** @enum {string} */
                        api_token?: "********";
                        api_url?: string;
                        base_url?: string;
                        board_type?: string;
                        configured: boolean;
                        email?: string;
                        project_keys?: string[];
                        source_control?: {
                            base_url?: string;
                            provider: string;
                            repository: string;
                            /** @enum {string} */
                            token: "********";
                        };
                        team_keys?: string[];
                        /** Format: date-time */
                        updated_at?: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        configured: boolean;
                        /** @enum {string} */
                        discord_webhook_url?: "********";
                        email_recipients: string[];
                        events: string[];
                        /** @enum {string} */
                        slack_webhook_url?: "********";
                        /** @enum {string} */
                        teams_webhook_url?: "********";
                        /** Format: date-time */
                        updated_at?: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    updateNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    discord_webhook_url?: string | null;
                    email_recipients?: string[];
                    events?: ("run_awaiting_confirmation" | "run_awaiting_approval" | "run_completed" | "run_failed" | "meeting_proposals")[];
                    slack_webhook_url?: string | null;
                    teams_webhook_url?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        configured: boolean;
                        /** @enum {string} */
                        discord_webhook_url?: "********";
                        email_recipients: string[];
                        events: string[];
                        /** @enum {string} */
                        slack_webhook_url?: "********";
                        /** @enum {string} */
                        teams_webhook_url?: "********";
                        /** Format: date-time */
                        updated_at?: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    testBoardConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": ({
                    api_token?: string;
                    base_url: string;
                    /** @enum {string} */
                    board_type: "jira";
                    email: string;
                    project_keys?: string[];
                    source_control?: {
                        base_url?: string;
                        /** @enum {string} */
                        provider: "github" | "gitlab";
                        repository: string;
                        token?: string;
                    };
                } | {
                    api_key?: string;
                    api_url?: string;
                    /** @enum {string} */
                    board_type: "linear";
                    source_control?: {
                        base_url?: string;
                        /** @enum {string} */
                        provider: "github" | "gitlab";
                        repository: string;
                        token?: string;
                    };
                    team_keys?: string[];
                }) | Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account?: string;
                        board_type: string;
                        error?: string;
                        ok: boolean;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        latest_run: ({
                            id: string;
                            status: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        trigger: {
                            enabled: boolean;
                            /** @description next scheduled start; null when no enabled schedule is saved */
                            next_fire_at: string | null;
                            schedule_saved: boolean;
                        };
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        org_id: string;
                        /** @description the identity provider's organization role */
                        org_role: string | null;
                        role: string;
                        subscription: {
                            cancel_at_period_end?: boolean;
                            current_period_end?: string | null;
                            /** @description the plan whose limits apply (free while past due or cancelled) */
                            effective_plan?: string;
                            plan: string;
                            status: string;
                        };
                        user_id: string;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    getUserPlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the plan whose limits apply: free while past due, unpaid or cancelled */
                        effective_plan: string;
                        /** @description false when this deployment does not enforce plan limits (PLAN_LIMITS_ENFORCED) */
                        enforced: boolean;
                        limits: {
                            cycle_p: boolean;
                            /** @description null: no limit */
                            members: number | null;
                            /** @description null: no limit */
                            projects: number | null;
                            /** @description null: no limit */
                            runs_per_month: number | null;
                        };
                        /** @description the subscribed plan (free without a subscription) */
                        plan: string;
                        /** @description the provider's subscription status */
                        status: string;
                        usage: {
                            /** @description members with a stored role assignment */
                            members: number;
                            /** @description distinct board type and project pairs with runs */
                            projects: number;
                            /** @description runs requested since the start of the month (UTC) */
                            runs_this_month: number;
                        };
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"] | components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    receiveChatWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Organization the request is for (also inside the signed bytes)
                 * @example acme
                 */
                org_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, text/plain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Missing or invalid identity */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionError"] | components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Not found in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description The answer, text/plain */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
        };
    };
    receiveEmailBounce: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message_id?: string;
                        reason?: string;
                        status: string;
                        suppressed?: number;
                    };
                };
            };
            /** @description Invalid input; the detail names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Permission denied (the permission and role are named), or a token without an organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description Rate limit exceeded (Retry-After header) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiddlewareError"];
                };
            };
            /** @description Server error (generic text, logged with the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
            /** @description A dependency (database, event store, identity provider) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetailError"];
                };
            };
        };
    };
}
