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
        get: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-5"][];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                        decision: "accept" | "reject";
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Rate limit exceeded (Retry-After header) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
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
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Rate limit exceeded (Retry-After header) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
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
        delete: {
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
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        put: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                id: string;
                                index: number;
                                title: string;
                            }[];
                            created_count: number;
                            duplicate_count: number;
                            /** @description items whose proposal already existed (same organization, board, project and normalized title) */
                            duplicates: {
                                id: string;
                                index: number;
                                title: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: {
                                id: string;
                                index: number;
                                title: string;
                            }[];
                            created_count: number;
                            duplicate_count: number;
                            /** @description items whose proposal already existed (same organization, board, project and normalized title) */
                            duplicates: {
                                id: string;
                                index: number;
                                title: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
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
                            };
                            window: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
        /**
         * Change write mode, action cap or confirmation threshold
         * @description Requires the permission `settings:write`.
         */
        put: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description permissions an assignment may delegate */
                            delegable_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                            /** @description extra permissions granted to the caller on top of the role's */
                            delegated_permissions: string[];
                            is_org_admin: boolean;
                            org_id: string;
                            /** @description every permission the caller holds */
                            permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                            role: "viewer" | "operator" | "approver" | "manager" | "admin";
                            user_id: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
         * Organization members with a stored role, with their effective access
         * @description Requires the permission `roles:manage`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assigned_by: string | null;
                            effective_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                            /** @description delegated permissions */
                            permissions: string[];
                            role: "viewer" | "operator" | "approver" | "manager";
                            updated_at: string | null;
                            user_id: string;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        put: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assigned_by: string | null;
                            effective_permissions: ("app:read" | "runs:trigger" | "runs:confirm" | "runs:approve" | "backlog:write" | "backlog:decide" | "meetings:ingest" | "exports:read" | "settings:write" | "integration:write" | "schedule:write" | "flags:write" | "roles:manage" | "billing:manage" | "admin:all")[];
                            /** @description delegated permissions */
                            permissions: string[];
                            role: "viewer" | "operator" | "approver" | "manager";
                            updated_at: string | null;
                            user_id: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
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
        get: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-3"][];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved_actions_count: number;
                            board_type: string;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            cycles_run: string[];
                            error: string | null;
                            executed_actions_count: number;
                            failed_actions_count: number;
                            flow: string;
                            id: string;
                            is_dry_run: boolean;
                            items_read: number;
                            pending_actions_count: number;
                            planned_actions_count: number;
                            project_key: string;
                            rejected_actions_count: number;
                            requested_by: string;
                            skipped_actions_count: number;
                            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
                            status: string;
                            /** Format: date-time */
                            updated_at: string;
                            write_mode: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-4"][];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cycle: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            decision_reason: string | null;
                            error: string | null;
                            executed_at: string | null;
                            id: string;
                            item_key: string;
                            item_title: string | null;
                            /** @description comment, transition, assign, label or link_pull_request */
                            kind: string;
                            params: {
                                [key: string]: unknown;
                            };
                            reason: string;
                            run_id: string;
                            seq: number;
                            /** @description proposed, approved, rejected, executing, executed, failed or skipped */
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cycle: string;
                            decided_at: string | null;
                            decided_by: string | null;
                            decision_reason: string | null;
                            error: string | null;
                            executed_at: string | null;
                            id: string;
                            item_key: string;
                            item_title: string | null;
                            /** @description comment, transition, assign, label or link_pull_request */
                            kind: string;
                            params: {
                                [key: string]: unknown;
                            };
                            reason: string;
                            run_id: string;
                            seq: number;
                            /** @description proposed, approved, rejected, executing, executed, failed or skipped */
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved_actions_count: number;
                            board_type: string;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            cycles_run: string[];
                            error: string | null;
                            executed_actions_count: number;
                            failed_actions_count: number;
                            flow: string;
                            id: string;
                            is_dry_run: boolean;
                            items_read: number;
                            pending_actions_count: number;
                            planned_actions_count: number;
                            project_key: string;
                            rejected_actions_count: number;
                            requested_by: string;
                            skipped_actions_count: number;
                            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
                            status: string;
                            /** Format: date-time */
                            updated_at: string;
                            write_mode: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved_actions_count: number;
                            board_type: string;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            cycles_run: string[];
                            error: string | null;
                            executed_actions_count: number;
                            failed_actions_count: number;
                            flow: string;
                            id: string;
                            is_dry_run: boolean;
                            items_read: number;
                            pending_actions_count: number;
                            planned_actions_count: number;
                            project_key: string;
                            rejected_actions_count: number;
                            requested_by: string;
                            skipped_actions_count: number;
                            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
                            status: string;
                            /** Format: date-time */
                            updated_at: string;
                            write_mode: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved_actions_count: number;
                            board_type: string;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            cycles_run: string[];
                            error: string | null;
                            executed_actions_count: number;
                            failed_actions_count: number;
                            flow: string;
                            id: string;
                            is_dry_run: boolean;
                            items_read: number;
                            pending_actions_count: number;
                            planned_actions_count: number;
                            project_key: string;
                            rejected_actions_count: number;
                            requested_by: string;
                            skipped_actions_count: number;
                            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
                            status: string;
                            /** Format: date-time */
                            updated_at: string;
                            write_mode: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved_actions_count: number;
                            board_type: string;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            cycles_run: string[];
                            error: string | null;
                            executed_actions_count: number;
                            failed_actions_count: number;
                            flow: string;
                            id: string;
                            is_dry_run: boolean;
                            items_read: number;
                            pending_actions_count: number;
                            planned_actions_count: number;
                            project_key: string;
                            rejected_actions_count: number;
                            requested_by: string;
                            skipped_actions_count: number;
                            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
                            status: string;
                            /** Format: date-time */
                            updated_at: string;
                            write_mode: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: {
                    project_key?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                        dry_run?: boolean;
                        project_key: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved_actions_count: number;
                            board_type: string;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            cycles_run: string[];
                            error: string | null;
                            executed_actions_count: number;
                            failed_actions_count: number;
                            flow: string;
                            id: string;
                            is_dry_run: boolean;
                            items_read: number;
                            pending_actions_count: number;
                            planned_actions_count: number;
                            project_key: string;
                            rejected_actions_count: number;
                            requested_by: string;
                            skipped_actions_count: number;
                            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
                            status: string;
                            /** Format: date-time */
                            updated_at: string;
                            write_mode: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
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
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Missing or invalid identity */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Permission denied, or a token without an organization */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string | {
                                error: string;
                                required_permission: string;
                                role: string;
                            };
                        };
                    };
                };
                /** @description Rate limit exceeded (Retry-After header) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Authorization or identity dependencies unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
            };
        };
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
        post: {
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
                        dry_run?: boolean;
                        project_key: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved_actions_count: number;
                            board_type: string;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            cycles_run: string[];
                            error: string | null;
                            executed_actions_count: number;
                            failed_actions_count: number;
                            flow: string;
                            id: string;
                            is_dry_run: boolean;
                            items_read: number;
                            pending_actions_count: number;
                            planned_actions_count: number;
                            project_key: string;
                            rejected_actions_count: number;
                            requested_by: string;
                            resumed: boolean;
                            skipped_actions_count: number;
                            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
                            status: string;
                            /** Format: date-time */
                            updated_at: string;
                            write_mode: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            approved_actions_count: number;
                            board_type: string;
                            /** Format: date-time */
                            completed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            cycles_run: string[];
                            error: string | null;
                            executed_actions_count: number;
                            failed_actions_count: number;
                            flow: string;
                            id: string;
                            is_dry_run: boolean;
                            items_read: number;
                            pending_actions_count: number;
                            planned_actions_count: number;
                            project_key: string;
                            rejected_actions_count: number;
                            requested_by: string;
                            resumed: boolean;
                            skipped_actions_count: number;
                            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
                            status: string;
                            /** Format: date-time */
                            updated_at: string;
                            write_mode: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
        /**
         * Save the schedule preferences
         * @description Requires the permission `schedule:write`.
         */
        put: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Save the board integration settings; an omitted secret keeps the saved one
         * @description Requires the permission `integration:write`.
         */
        post: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
        /**
         * Save the notification channels; an omitted webhook URL keeps the saved one, null removes it
         * @description Requires the permission `integration:write`.
         */
        put: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-1"] | components["schemas"]["def-0"];
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["def-2"] | components["schemas"]["def-0"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
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
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Rate limit exceeded (Retry-After header) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            retry_after_seconds?: number;
                        };
                    };
                };
                /** @description Server error (generic text, logged with the request id) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
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
        /** MiddlewareError */
        "def-0": {
            error: string;
            retry_after_seconds?: number;
        };
        /** DetailError */
        "def-1": {
            detail: string;
        };
        /** PermissionError */
        "def-2": {
            detail: string | {
                error: string;
                required_permission: string;
                role: string;
            };
        };
        /** Run */
        "def-3": {
            approved_actions_count: number;
            board_type: string;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            cycles_run: string[];
            error: string | null;
            executed_actions_count: number;
            failed_actions_count: number;
            flow: string;
            id: string;
            is_dry_run: boolean;
            items_read: number;
            pending_actions_count: number;
            planned_actions_count: number;
            project_key: string;
            rejected_actions_count: number;
            requested_by: string;
            skipped_actions_count: number;
            /** @description planning, awaiting_confirmation, awaiting_approval, executing, completed, failed or rejected */
            status: string;
            /** Format: date-time */
            updated_at: string;
            write_mode: string;
        };
        /** RunAction */
        "def-4": {
            cycle: string;
            decided_at: string | null;
            decided_by: string | null;
            decision_reason: string | null;
            error: string | null;
            executed_at: string | null;
            id: string;
            item_key: string;
            item_title: string | null;
            /** @description comment, transition, assign, label or link_pull_request */
            kind: string;
            params: {
                [key: string]: unknown;
            };
            reason: string;
            run_id: string;
            seq: number;
            /** @description proposed, approved, rejected, executing, executed, failed or skipped */
            status: string;
        };
        /** BacklogProposal */
        "def-5": {
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
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
