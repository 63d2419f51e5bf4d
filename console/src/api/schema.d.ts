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
        /** Run */
        Run: {
            approved_actions_count: number;
            /** @enum {string} */
            board_type: "jira" | "linear";
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description T triage, S stale, P pull requests */
            cycles_run: ("T" | "S" | "P")[];
            error: string | null;
            executed_actions_count: number;
            failed_actions_count: number;
            /**
             * @description how the run was requested: trigger (POST /api/runs/trigger) or approval (POST /api/runs/start)
             * @enum {string}
             */
            flow: "trigger" | "approval";
            /** @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b */
            id: string;
            is_dry_run: boolean;
            items_read: number;
            pending_actions_count: number;
            planned_actions_count: number;
            /** @example DEMO */
            project_key: string;
            rejected_actions_count: number;
            requested_by: string;
            skipped_actions_count: number;
            /**
             * @description where the run stands
             * @example awaiting_approval
             * @enum {string}
             */
            status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
            /** Format: date-time */
            updated_at: string;
            /** @enum {string} */
            write_mode: "dry_run" | "approval" | "auto";
        };
        /** RunAction */
        RunAction: {
            /** @enum {string} */
            cycle: "T" | "S" | "P";
            decided_at: string | null;
            decided_by: string | null;
            decision_reason: string | null;
            error: string | null;
            executed_at: string | null;
            id: string;
            /** @example DEMO-1 */
            item_key: string;
            item_title: string | null;
            /**
             * @description what the action does to the item
             * @enum {string}
             */
            kind: "comment" | "transition" | "assign" | "label" | "link_pull_request";
            params: {
                [key: string]: unknown;
            };
            reason: string;
            run_id: string;
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
                        board_type: string;
                        decide: {
                            decision: string;
                            /** @enum {string} */
                            method: "POST";
                            path: string;
                        }[];
                        id: string;
                        /** @description action, run_confirmation or proposal */
                        kind: string;
                        project_key: string;
                        /** @description null for a backlog proposal */
                        run_id: string | null;
                        summary: string;
                        /** Format: date-time */
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
                        actions: {
                            approved: number;
                            executed: number;
                            failed: number;
                            pending: number;
                            rejected: number;
                            skipped: number;
                        };
                        proposals: {
                            accepted: number;
                            applied: number;
                            apply_failed: number;
                            applying: number;
                            pending: number;
                            rejected: number;
                        };
                        runs_awaiting_approval: number;
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
                            /** Format: date-time */
                            at: string;
                            org_id: string;
                            streams: {
                                hash: string | null;
                                revision: string;
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
                actor?: string;
                /** @description next_cursor of the previous page */
                cursor?: string;
                format?: "json" | "csv";
                /** @description ISO date or time */
                from?: string;
                kind?: "run" | "org" | "proposal" | "meeting" | "chat" | "suppressions" | "other";
                limit?: number;
                order?: "asc" | "desc";
                /** @description ISO date or time */
                to?: string;
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
                        items: {
                            actor: string | null;
                            causation_id: string | null;
                            correlation_id: string | null;
                            /** Format: date-time */
                            created: string;
                            data: unknown;
                            event_id: string;
                            hash: string | null;
                            kind: string;
                            /** @description global position, commit/prepare */
                            position: string;
                            request_id: string | null;
                            revision: string;
                            stream: string;
                            type: string;
                        }[];
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
                board_type?: "jira" | "linear";
                kind?: "story" | "bug" | "task";
                limit?: number;
                offset?: number;
                project_key?: string;
                q?: string;
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
                proposal_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
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
                        /** @description oidc: authorization code with PKCE at the issuer; development: POST /api/console/dev-token; unavailable: no console client id configured */
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
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @enum {string} */
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
    listEmailSuppressions: {
        parameters: {
            query: {
                limit: number;
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
                        enabled: boolean;
                        name: string;
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
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
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
                        enabled: boolean;
                        name: string;
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
                    board_type: "jira" | "linear";
                    /** @description 1..200 items */
                    items: {
                        description?: string;
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
                board_type?: string;
                project_key?: string;
                window?: "7d" | "30d" | "90d";
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
                        approval_rate: number | null;
                        /** Format: date */
                        from: string;
                        median_time_to_decision_seconds: number | null;
                        series: {
                            actions_approved: number;
                            actions_executed: number;
                            actions_failed: number;
                            actions_planned: number;
                            actions_rejected: number;
                            /** Format: date */
                            day: string;
                            runs: number;
                            runs_cancelled: number;
                            runs_completed: number;
                            runs_failed: number;
                            runs_rejected: number;
                        }[];
                        /** Format: date */
                        to: string;
                        totals: {
                            actions_approved: number;
                            actions_executed: number;
                            actions_failed: number;
                            actions_planned: number;
                            actions_rejected: number;
                            runs: number;
                            runs_cancelled: number;
                            runs_completed: number;
                            runs_failed: number;
                            runs_rejected: number;
                        };
                        window: string;
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
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action_cap: number;
                        confirmation_threshold: number;
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
        requestBody: {
            content: {
                "application/json": {
                    action_cap?: number;
                    confirmation_threshold?: number;
                    write_mode?: "dry_run" | "approval" | "auto";
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
                        action_cap: number;
                        confirmation_threshold: number;
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
                board_type?: string;
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
                        actions_executed: number;
                        actions_planned: number;
                        active_runs: number;
                        board_type: string;
                        last_run: {
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            status: string;
                        };
                        project_key: string;
                        runs: number;
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
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description permissions an assignment may delegate */
                        delegable_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description extra permissions granted to the caller on top of the role's */
                        delegated_permissions: string[];
                        is_org_admin: boolean;
                        org_id: string;
                        /** @description every permission the caller holds */
                        permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        role: "viewer" | "operator" | "approver" | "manager" | "admin";
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
                        assigned_by: string | null;
                        effective_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description delegated permissions */
                        permissions: string[];
                        role: "viewer" | "operator" | "approver" | "manager" | "admin";
                        updated_at: string | null;
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
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description extra operational permissions; roles:manage, billing:manage and admin:all are refused */
                    permissions?: string[];
                    role: "viewer" | "operator" | "approver" | "manager";
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
                        assigned_by: string | null;
                        effective_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description delegated permissions */
                        permissions: string[];
                        role: "viewer" | "operator" | "approver" | "manager" | "admin";
                        updated_at: string | null;
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
                user_id: string;
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
                        assigned_by: string | null;
                        effective_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "audit:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                        /** @description delegated permissions */
                        permissions: string[];
                        role: "viewer" | "operator" | "approver" | "manager" | "admin";
                        updated_at: string | null;
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
                        status: "ready" | "unavailable";
                    };
                };
            };
        };
    };
    listRuns: {
        parameters: {
            query?: {
                board_type?: string;
                limit?: number;
                offset?: number;
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
                as_of?: string;
            };
            header?: never;
            path: {
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
                action_id: string;
                run_id: string;
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
                action_id: string;
                run_id: string;
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
                board_type?: string;
                format?: "csv" | "pdf";
                /** @description ISO date or time */
                from?: string;
                project_key?: string;
                /** @description ISO date or time */
                to?: string;
            };
            header?: never;
            path: {
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
                run_id: string;
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
                        detail: string;
                        id: string;
                        status: string;
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
                run_id: string;
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
                        detail: string;
                        id: string;
                        status: string;
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
                run_id: string;
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
                        detail: string;
                        id: string;
                        status: string;
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
                run_id: string;
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
                        detail: string;
                        id: string;
                        status: string;
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
                        /** Format: date-time */
                        created: string;
                        data: unknown;
                        metadata: {
                            [key: string]: unknown;
                        };
                        /** @description stream revision, from 0 */
                        revision: string;
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
                run_id: string;
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
                        detail: string;
                        id: string;
                        status: string;
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
                board_type?: string;
                format?: "csv" | "pdf";
                /** @description ISO date or time */
                from?: string;
                project_key?: string;
                /** @description ISO date or time */
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
                board_type?: "jira" | "linear";
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
                "application/json": {
                    board_type: "jira" | "linear";
                    cycles?: ("T" | "S" | "P")[];
                    dry_run?: boolean;
                    project_key: string;
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
                        detail: string;
                        id: string;
                        status: string;
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
                run_id?: string;
                /** @description refused: send the bearer header instead */
                token?: string;
            };
            header?: {
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
                "application/json": {
                    board_type: "jira" | "linear";
                    cycles?: ("T" | "S" | "P")[];
                    dry_run?: boolean;
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
                        approved_actions_count: number;
                        /** @enum {string} */
                        board_type: "jira" | "linear";
                        /** Format: date-time */
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description T triage, S stale, P pull requests */
                        cycles_run: ("T" | "S" | "P")[];
                        error: string | null;
                        executed_actions_count: number;
                        failed_actions_count: number;
                        /**
                         * @description how the run was requested: trigger (POST /api/runs/trigger) or approval (POST /api/runs/start)
                         * @enum {string}
                         */
                        flow: "trigger" | "approval";
                        /** @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b */
                        id: string;
                        is_dry_run: boolean;
                        items_read: number;
                        pending_actions_count: number;
                        planned_actions_count: number;
                        /** @example DEMO */
                        project_key: string;
                        rejected_actions_count: number;
                        requested_by: string;
                        resumed: boolean;
                        skipped_actions_count: number;
                        /**
                         * @description where the run stands
                         * @example awaiting_approval
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                        /** Format: date-time */
                        updated_at: string;
                        /** @enum {string} */
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
                        approved_actions_count: number;
                        /** @enum {string} */
                        board_type: "jira" | "linear";
                        /** Format: date-time */
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description T triage, S stale, P pull requests */
                        cycles_run: ("T" | "S" | "P")[];
                        error: string | null;
                        executed_actions_count: number;
                        failed_actions_count: number;
                        /**
                         * @description how the run was requested: trigger (POST /api/runs/trigger) or approval (POST /api/runs/start)
                         * @enum {string}
                         */
                        flow: "trigger" | "approval";
                        /** @example 6f1c2b9e-3d4a-4f7e-9a52-0c8d1e2f3a4b */
                        id: string;
                        is_dry_run: boolean;
                        items_read: number;
                        pending_actions_count: number;
                        planned_actions_count: number;
                        /** @example DEMO */
                        project_key: string;
                        rejected_actions_count: number;
                        requested_by: string;
                        resumed: boolean;
                        skipped_actions_count: number;
                        /**
                         * @description where the run stands
                         * @example awaiting_approval
                         * @enum {string}
                         */
                        status: "planning" | "awaiting_confirmation" | "awaiting_approval" | "executing" | "completed" | "failed" | "rejected" | "cancelled";
                        /** Format: date-time */
                        updated_at: string;
                        /** @enum {string} */
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
                        detail: string;
                        id: string;
                        status: string;
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
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        board_type?: "jira" | "linear";
                        cycles?: ("T" | "S" | "P")[];
                        days_of_week?: number[];
                        dry_run?: boolean;
                        enabled?: boolean;
                        project_key?: string;
                        /** @description false until the organization saves a schedule */
                        saved: boolean;
                        time?: string;
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
        requestBody: {
            content: {
                "application/json": {
                    board_type: "jira" | "linear";
                    cycles?: ("T" | "S" | "P")[];
                    days_of_week: number[];
                    dry_run?: boolean;
                    enabled: boolean;
                    project_key: string;
                    time: string;
                    timezone: string;
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
                        board_type?: "jira" | "linear";
                        cycles?: ("T" | "S" | "P")[];
                        days_of_week?: number[];
                        dry_run?: boolean;
                        enabled?: boolean;
                        project_key?: string;
                        /** @description false until the organization saves a schedule */
                        saved: boolean;
                        time?: string;
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
                /** @description Organization the request is for (also inside the signed bytes) */
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
