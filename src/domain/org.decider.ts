// Decider of the org stream: organization settings, schedule preferences, feature flags and member roles.
import type { Decider } from './decider.js';
import { invalid, notFound } from './errors.js';
import {
  supportedFeatureFlags,
  type FeatureFlagName,
  type OrgEvent,
  type OrgSettings,
  type Schedule,
} from './org.events.js';
import type { SubscriptionSummary } from './plans.js';
import { adminOnlyPermissions, isDelegable, type AssignableRole } from './roles.js';

/** What an organization gets before anyone changes a thing: guarded, human-approved automation. */
export const defaultOrgSettings: OrgSettings = { write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 };

export interface OrgState {
  settings: OrgSettings;
  schedule: Schedule | undefined;
  flags: Partial<Record<FeatureFlagName, boolean>>;
  /** Stored role assignments by user id (members without one are viewers). */
  members: Record<string, MemberAssignment>;
  /** The payment provider's subscription; undefined until the first subscription event (free plan). */
  subscription: SubscriptionSummary | undefined;
}

export interface MemberAssignment {
  role: AssignableRole;
  /** Delegated permissions, sorted. */
  permissions: string[];
}

export type OrgCommand =
  | { type: 'ChangeOrgSettings'; changes: Partial<OrgSettings>; now: Date }
  | { type: 'SaveSchedule'; schedule: Schedule; now: Date }
  | { type: 'SetFeatureFlag'; name: string; enabled: boolean; now: Date }
  /** `permissions` replaces the member's delegated permissions; left out, the member keeps theirs. */
  | { type: 'AssignMemberRole'; userId: string; role: AssignableRole; permissions?: readonly string[] | undefined; now: Date }
  | { type: 'RevokeMemberRole'; userId: string; now: Date };

export const initialOrgState: OrgState = { settings: defaultOrgSettings, schedule: undefined, flags: {}, members: {}, subscription: undefined };

export function isSupportedFlag(name: string): name is FeatureFlagName {
  return (supportedFeatureFlags as readonly string[]).includes(name);
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function decide(command: OrgCommand, state: OrgState): OrgEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'ChangeOrgSettings': {
      const changed = (Object.keys(command.changes) as (keyof OrgSettings)[]).filter(
        (k) => command.changes[k] !== undefined && command.changes[k] !== state.settings[k],
      );
      if (changed.length === 0) return [];
      return [{ type: 'OrgSettingsChanged', data: { settings: { ...state.settings, ...command.changes }, changed, at } }];
    }
    case 'SaveSchedule': {
      const schedule = normalizeSchedule(command.schedule);
      if (!isValidTimeZone(schedule.timezone)) throw invalid(`timezone: unknown IANA time zone '${schedule.timezone}'`);
      if (schedule.enabled && schedule.days_of_week.length === 0) {
        throw invalid('days_of_week: an enabled schedule needs at least one day');
      }
      if (state.schedule && JSON.stringify(state.schedule) === JSON.stringify(schedule)) return [];
      return [{ type: 'ScheduleSaved', data: { schedule, at } }];
    }
    case 'SetFeatureFlag': {
      if (!isSupportedFlag(command.name)) throw notFound(`Unknown feature flag '${command.name}'`);
      if ((state.flags[command.name] ?? false) === command.enabled) return [];
      return [{ type: 'FeatureFlagChanged', data: { name: command.name, enabled: command.enabled, at } }];
    }
    case 'AssignMemberRole': {
      const current = state.members[command.userId];
      // A role change that names no permissions keeps the delegated ones (docs/api-behaviour.md,
      // "Members"): decided on the stream's state, so a concurrent delegation is never lost.
      const asked = command.permissions ?? current?.permissions ?? [];
      // roles:manage, billing:manage and admin:all belong to the identity provider's organization
      // administrator alone (docs/security.md, "Roles"): no stored assignment may carry them.
      const adminOnly = asked.filter((p) => (adminOnlyPermissions as readonly string[]).includes(p));
      if (adminOnly.length > 0) {
        throw invalid(`permissions: ${adminOnly.join(', ')} cannot be granted; only the organization administrator holds it`);
      }
      const unknown = asked.filter((p) => !isDelegable(p));
      if (unknown.length > 0) throw invalid(`permissions: unknown permission '${unknown[0]}'`);
      const permissions = [...new Set(asked)].sort();
      if (current && current.role === command.role && current.permissions.join(',') === permissions.join(',')) return [];
      return [{ type: 'MemberRoleAssigned', data: { user_id: command.userId, role: command.role, permissions, at } }];
    }
    case 'RevokeMemberRole':
      // Nothing stored: already at the default role.
      if (!state.members[command.userId]) return [];
      return [{ type: 'MemberRoleRevoked', data: { user_id: command.userId, at } }];
  }
}

/** One spelling per schedule, so "no change" is recognised and readers see sorted days. */
function normalizeSchedule(s: Schedule): Schedule {
  return {
    enabled: s.enabled,
    timezone: s.timezone,
    days_of_week: [...new Set(s.days_of_week)].sort((a, b) => a - b),
    time: s.time,
    board_type: s.board_type,
    project_key: s.project_key,
    ...(s.cycles ? { cycles: [...s.cycles].sort() } : {}),
    ...(s.dry_run !== undefined ? { dry_run: s.dry_run } : {}),
  };
}

function evolve(state: OrgState, event: OrgEvent): OrgState {
  switch (event.type) {
    case 'OrgSettingsChanged':
      return { ...state, settings: event.data.settings };
    case 'ScheduleSaved':
      return { ...state, schedule: event.data.schedule };
    case 'FeatureFlagChanged':
      return isSupportedFlag(event.data.name)
        ? { ...state, flags: { ...state.flags, [event.data.name]: event.data.enabled } }
        : state;
    case 'MemberRoleAssigned':
      return {
        ...state,
        members: { ...state.members, [event.data.user_id]: { role: event.data.role, permissions: event.data.permissions } },
      };
    case 'MemberRoleRevoked': {
      const { [event.data.user_id]: _revoked, ...members } = state.members;
      return { ...state, members };
    }
    case 'SubscriptionChanged':
      return { ...state, subscription: { plan: event.data.plan, status: event.data.status } };
    default:
      // Events of later features on the same stream (subscription…) leave this state alone.
      return state;
  }
}

export const orgDecider: Decider<OrgState, OrgCommand, OrgEvent> = { initialState: initialOrgState, decide, evolve };
