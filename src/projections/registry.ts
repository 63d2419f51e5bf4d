// Every read-model projection of the service, and the migrations of their tables.
import type { MigrationSet } from '../adapters/postgres/migrate.js';
import { orgConfigMigrations } from './org-config.schema.js';
import { orgConfigProjection } from './org-config.projection.js';
import { membersMigrations } from './members.schema.js';
import { membersProjection } from './members.projection.js';
import type { Projection } from './projection.js';
import { integrationSettingsMigrations, integrationSettingsProjection } from './integration-settings.projection.js';
import { secretMigrations } from '../adapters/secrets/secret-store.js';
import { runsMigrations } from './runs.schema.js';
import { runsProjection } from './runs.projection.js';
import { projectionMigrations } from './projections.schema.js';
import { backlogProposalsMigrations } from './backlog-proposals.schema.js';
import { backlogProposalsProjection } from './backlog-proposals.projection.js';
import { runMetricsMigrations, runMetricsProjection } from './run-metrics.projection.js';
import { notificationSettingsMigrations, notificationSettingsProjection } from './notification-settings.projection.js';
import { notificationLedgerMigrations } from '../reactors/notification-ledger.js';
import { billingMigrations } from './billing.schema.js';
import { billingProjection } from './billing.projection.js';
import { emailSuppressionsMigrations, emailSuppressionsProjection } from './email-suppressions.projection.js';
import { snsLedgerMigrations } from '../adapters/sns/sns-replay-ledger.js';
import { idempotencyMigrations } from '../http/idempotency/idempotency-keys.js';
import { orgUsersMigrations } from '../queries/org-users.js';

export const projections: readonly Projection[] = [orgConfigProjection, membersProjection, runsProjection, integrationSettingsProjection, runMetricsProjection, backlogProposalsProjection, notificationSettingsProjection, billingProjection, emailSuppressionsProjection];

// secretMigrations: the `secrets` table is not a read model (no projection lists it in `tables`, so a
// rebuild never truncates it); it rides on this list so one migration step creates every table.
// notificationLedgerMigrations and snsLedgerMigrations: the notifier's delivery ledger and the SNS
// replay ledger, likewise not read models; idempotencyMigrations (the Idempotency-Key ledger) and orgUsersMigrations (users seen through their tokens),
// also not read models.
export const readModelMigrations: MigrationSet = {
  tableName: projectionMigrations.tableName,
  migrations: [...projectionMigrations.migrations, ...orgConfigMigrations, ...membersMigrations, ...runsMigrations, ...secretMigrations, ...integrationSettingsMigrations, ...runMetricsMigrations, ...backlogProposalsMigrations, ...notificationSettingsMigrations, ...notificationLedgerMigrations, ...billingMigrations, ...emailSuppressionsMigrations, ...snsLedgerMigrations, ...idempotencyMigrations, ...orgUsersMigrations],
};
