// Every read-model projection of the service. Their tables are migrated from the one list of
// migrations, src/adapters/postgres/migrations.ts.
import type { Projection } from './projection.js';
import { orgConfigProjection } from './org-config.projection.js';
import { membersProjection } from './members.projection.js';
import { runsProjection } from './runs.projection.js';
import { integrationSettingsProjection } from './integration-settings.projection.js';
import { runMetricsProjection } from './run-metrics.projection.js';
import { backlogProposalsProjection } from './backlog-proposals.projection.js';
import { notificationSettingsProjection } from './notification-settings.projection.js';
import { billingProjection } from './billing.projection.js';
import { emailSuppressionsProjection } from './email-suppressions.projection.js';
import { auditEventsProjection } from './audit-events.projection.js';

export const projections: readonly Projection[] = [orgConfigProjection, membersProjection, runsProjection, integrationSettingsProjection, runMetricsProjection, backlogProposalsProjection, notificationSettingsProjection, billingProjection, emailSuppressionsProjection, auditEventsProjection];
