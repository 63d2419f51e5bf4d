// Decider of the integration settings (on the org stream, beside the other org concerns).
import type { Decider } from './decider.js';
import type { IntegrationEvent, IntegrationSettings } from './integration.events.js';

export interface IntegrationState {
  settings: IntegrationSettings | undefined;
}

export type IntegrationCommand = { type: 'SaveIntegrationSettings'; settings: IntegrationSettings; now: Date };

export const integrationDecider: Decider<IntegrationState, IntegrationCommand, IntegrationEvent> = {
  initialState: { settings: undefined },
  decide(command, state) {
    // Saving the same settings (same secret references) again changes nothing.
    if (state.settings && JSON.stringify(state.settings) === JSON.stringify(command.settings)) return [];
    return [{ type: 'IntegrationSettingsSaved', data: { settings: command.settings, at: command.now.toISOString() } }];
  },
  evolve(state, event) {
    return event.type === 'IntegrationSettingsSaved' ? { settings: event.data.settings } : state;
  },
};
