// The one list of migrations is the history existing databases applied: knex refuses to start when
// an applied name is missing, and applies the rest in list order. New migrations go at the end.
import { describe, expect, it } from 'vitest';
import { eventStoreMigrations, readModelMigrations } from '../../src/adapters/postgres/migrations.js';

describe('the migration list', () => {
  it('keeps the read-model history: names and order as shipped, new ones appended', () => {
    expect(readModelMigrations.tableName).toBe('rm_migrations');
    expect(readModelMigrations.migrations.map((m) => m.name).slice(0, 13)).toEqual([
      '0001_projection_checkpoints',
      '0100_org_config',
      '0150_members',
      '0200_runs',
      '0300_secrets',
      '0400_integration_settings',
      '0500_run_metrics',
      '0600_backlog_proposals',
      '0800_notification_settings',
      '0810_notification_deliveries',
      '0800_billing',
      '0800_email_suppressions',
      '0810_sns_message_ledger',
    ]);
  });

  it('names every migration once, and keeps the event store in its own history', () => {
    const names = readModelMigrations.migrations.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(eventStoreMigrations.tableName).not.toBe(readModelMigrations.tableName);
  });
});
