// Reads of the org-config read model. Every query filters by the caller's organization.
import type { Knex } from 'knex';
import { defaultOrgSettings } from '../domain/org.decider.js';
import { supportedFeatureFlags, type OrgSettings, type Schedule } from '../domain/org.events.js';
import type { FeatureFlagView } from '../http/schemas/org.schemas.js';

export async function getOrgSettings(knex: Knex, orgId: string): Promise<OrgSettings> {
  const row = await knex('org_settings')
    .where({ org_id: orgId })
    .first<{ write_mode: OrgSettings['write_mode']; action_cap: number; confirmation_threshold: number } | undefined>(
      'write_mode',
      'action_cap',
      'confirmation_threshold',
    );
  return row ? { ...row } : { ...defaultOrgSettings };
}

interface ScheduleRow {
  enabled: boolean;
  timezone: string;
  days_of_week: number[];
  time: string;
  board_type: Schedule['board_type'];
  project_key: string;
  cycles: Schedule['cycles'] | null;
  dry_run: boolean | null;
}

function toSchedule(row: ScheduleRow): Schedule {
  return {
    enabled: row.enabled,
    timezone: row.timezone,
    days_of_week: row.days_of_week,
    time: row.time,
    board_type: row.board_type,
    project_key: row.project_key,
    ...(row.cycles ? { cycles: row.cycles } : {}),
    ...(row.dry_run !== null ? { dry_run: row.dry_run } : {}),
  };
}

/** The saved schedule, or undefined when the organization never saved one. */
export async function getSchedule(knex: Knex, orgId: string): Promise<Schedule | undefined> {
  const row = await knex('schedules').where({ org_id: orgId }).first<ScheduleRow | undefined>();
  return row ? toSchedule(row) : undefined;
}


/** Every supported flag, off unless the organization turned it on. */
export async function listFeatureFlags(knex: Knex, orgId: string): Promise<FeatureFlagView[]> {
  const rows = await knex('feature_flags')
    .where({ org_id: orgId })
    .select<{ name: string; enabled: boolean; updated_at: Date }[]>('name', 'enabled', 'updated_at');
  const byName = new Map(rows.map((r) => [r.name, r]));
  return supportedFeatureFlags.map((name) => {
    const row = byName.get(name);
    return { name, enabled: row?.enabled ?? false, updated_at: row ? row.updated_at.toISOString() : null };
  });
}

export interface EnabledSchedule extends Schedule {
  org_id: string;
}

/** Every enabled schedule of every organization (the scheduler's work list; not a tenant query). */
export async function listEnabledSchedules(knex: Knex): Promise<EnabledSchedule[]> {
  const rows = await knex('schedules').where({ enabled: true }).select<(ScheduleRow & { org_id: string })[]>();
  return rows.map((row) => ({ org_id: row.org_id, ...toSchedule(row) }));
}
