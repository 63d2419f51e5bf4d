// Decider of the integration settings. It shares the org stream with org.decider.ts: each folds only
// the events it knows and ignores the others, so both append to `org-<orgId>` with an expected
// revision and never overwrite each other's changes.
import type { Decider } from './decider.js';
import { invalid } from './errors.js';
import type { IntegrationEvent, IntegrationSettings } from './integration.events.js';

export interface IntegrationState {
  settings: IntegrationSettings | undefined;
}

export type IntegrationCommand = { type: 'SaveIntegrationSettings'; settings: IntegrationSettings; now: Date };

const SECRET_REF = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function secretRefs(settings: IntegrationSettings): string[] {
  const board = settings.board_type === 'jira' ? settings.api_token_ref : settings.api_key_ref;
  return settings.source_control ? [board, settings.source_control.token_ref] : [board];
}

/** Same fields, whatever their order (JSON.stringify alone depends on key order). */
function sameSettings(a: IntegrationSettings, b: IntegrationSettings): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)).map(([k, x]) => [k, canonical(x)])) : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

export const integrationDecider: Decider<IntegrationState, IntegrationCommand, IntegrationEvent> = {
  initialState: { settings: undefined },
  decide(command, state) {
    // The last line of defence for "secrets never enter an event": a reference is a secret-store id.
    // Anything else (a token pasted where its reference belongs) is refused, not recorded forever.
    if (!secretRefs(command.settings).every((ref) => SECRET_REF.test(ref))) {
      throw invalid('Integration settings must reference stored secrets by id');
    }
    // Saving the same settings (same secret references) again changes nothing.
    if (state.settings && sameSettings(state.settings, command.settings)) return [];
    return [{ type: 'IntegrationSettingsSaved', data: { settings: command.settings, at: command.now.toISOString() } }];
  },
  evolve(state, event) {
    // The org stream also carries OrgSettingsChanged, ScheduleSaved…: not ours, state unchanged.
    return event.type === 'IntegrationSettingsSaved' ? { settings: event.data.settings } : state;
  },
};
