// Every table of the service, listed in one place and apart from the projections: the event store
// (its own history, `es_migrations`, skipped on EventStoreDB) and everything else in `rm_migrations`:
// the projection checkpoints, the read models, the secrets, the two ledgers (notifier deliveries,
// SNS message ids) and the parked events. The secrets and the ledgers are not read models: no projection lists them in
// `tables`, so a rebuild never truncates them.
//
// This file imports only DDL modules (`*.schema.ts`). Names and order are the history that existing
// databases have applied: knex checks that every applied name is still listed, and applies the rest
// in list order. Append new migrations at the end; never rename, reorder or remove one.
import type { MigrationSet } from './migrate.js';
import { projectionLeaseMigrations, projectionMigrations } from '../../projections/projections.schema.js';
import { orgConfigMigrations } from '../../projections/org-config.schema.js';
import { membersMigrations } from '../../projections/members.schema.js';
import { runActionDecisionMigrations, runActionsHotMigrations, runIsoTimesMigrations, runsExecutionStartedByMigrations, runsMigrations } from '../../projections/runs.schema.js';
import { integrationSettingsMigrations } from '../../projections/integration-settings.schema.js';
import { runMetricsMigrations, runMetricsOutcomeMigrations, runMetricsWithoutDecisionsMigrations } from '../../projections/run-metrics.schema.js';
import { backlogProposalsMigrations } from '../../projections/backlog-proposals.schema.js';
import { notificationSettingsMigrations } from '../../projections/notification-settings.schema.js';
import { billingMigrations } from '../../projections/billing.schema.js';
import { emailSuppressionsMigrations } from '../../projections/email-suppressions.schema.js';
import { parkedEventsMigrations } from '../../projections/parked-events.schema.js';
import { notificationLedgerMigrations } from '../../reactors/notification-ledger.schema.js';
import { secretMigrations } from '../secrets/secret-store.js';
import { snsLedgerMigrations } from '../sns/sns-replay-ledger.js';
import { idempotencyMigrations } from '../../http/idempotency/idempotency-keys.schema.js';
import { orgUsersMigrations } from '../../queries/org-users.schema.js';
import { auditEventsMigrations } from '../../projections/audit-events.schema.js';

export { eventStoreMigrations } from './event-store.schema.js';

export const readModelMigrations: MigrationSet = {
  tableName: projectionMigrations.tableName,
  migrations: [
    ...projectionMigrations.migrations,
    ...orgConfigMigrations,
    ...membersMigrations,
    ...runsMigrations,
    ...secretMigrations,
    ...integrationSettingsMigrations,
    ...runMetricsMigrations,
    ...backlogProposalsMigrations,
    ...notificationSettingsMigrations,
    ...notificationLedgerMigrations,
    ...billingMigrations,
    ...emailSuppressionsMigrations,
    ...snsLedgerMigrations,
    ...idempotencyMigrations,
    ...orgUsersMigrations,
    ...runsExecutionStartedByMigrations,
    ...parkedEventsMigrations,
    ...auditEventsMigrations,
    ...runMetricsOutcomeMigrations,
    ...runActionDecisionMigrations,
    ...runMetricsWithoutDecisionsMigrations,
    ...runIsoTimesMigrations,
    ...runActionsHotMigrations,
    ...projectionLeaseMigrations,
  ],
};
