// The organization's audit log in words: what an event of any stream did, for the History page.
import type { AuditEvent, AuditKind } from '../api/types';
import { describeEvent } from './timeline';

/** Every stream kind the API filters by, with a label (a kind the API adds fails the type check below). */
export const AUDIT_KINDS = [
  ['run', 'Runs'],
  ['org', 'Settings, schedule, flags and members'],
  ['proposal', 'Backlog proposals'],
  ['meeting', 'Meetings'],
  ['chat', 'Chat requests'],
  ['runClaim', 'Active-run claims'],
  ['suppressions', 'Email suppressions'],
  ['other', 'Other'],
] as const satisfies readonly (readonly [AuditKind, string])[];
type Missing = Exclude<AuditKind, (typeof AUDIT_KINDS)[number][0]>;
export const everyKindListed: [Missing] extends [never] ? true : Missing = true;

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
const MAX = 160;

/** A short reading of an event's data; the whole event is in the CSV. */
export function describeAuditEvent(event: Pick<AuditEvent, 'type' | 'data'>): string {
  const d = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  switch (event.type) {
    case 'MemberRoleAssigned': {
      const permissions = Array.isArray(d.permissions) && d.permissions.length > 0 ? ` with ${d.permissions.map(str).join(', ')}` : '';
      return `${str(d.user_id)} is now ${str(d.role)}${permissions}`;
    }
    case 'MemberRoleRevoked':
      return `${str(d.user_id)}'s role revoked: back to the default role`;
    case 'OrgSettingsChanged': {
      const settings = (d.settings ?? {}) as Record<string, unknown>;
      const changed = Array.isArray(d.changed) ? d.changed.map(str) : Object.keys(settings);
      return `Settings changed: ${changed.map((k) => `${k} = ${str(settings[k])}`).join(', ')}`;
    }
    case 'FeatureFlagChanged':
      return `Flag ${str(d.name)} turned ${d.enabled === true ? 'on' : 'off'}`;
    case 'ScheduleSaved': {
      const s = (d.schedule ?? {}) as Record<string, unknown>;
      return `Schedule ${s.enabled === true ? 'on' : 'off'}: ${str(s.board_type)} ${str(s.project_key)} at ${str(s.time)} (${str(s.timezone)})`;
    }
    case 'RunClaimed':
      return `${str(d.board_type)} ${str(d.project_key)} taken by run ${str(d.run_id).slice(0, 8)} (one active run per project)`;
    case 'RunClaimReleased':
      return `Run ${str(d.run_id).slice(0, 8)} let go of its project`;
    case 'IntegrationSettingsSaved':
      return 'Board integration saved';
    case 'NotificationSettingsSaved':
      return 'Notification channels saved';
    default: {
      const text = describeEvent(event.type, event.data);
      if (text !== event.type) return text;
      const json = JSON.stringify(event.data ?? {});
      return json.length > MAX ? `${json.slice(0, MAX - 1)}…` : json;
    }
  }
}

/** A datetime-local value (local time, minutes) as an ISO instant for the API; '' stays unset. */
export const isoFromLocal = (value: string): string | undefined => (value ? new Date(value).toISOString() : undefined);
