import { describe, expect, it } from 'vitest';
import { fold } from '../../src/domain/decider.js';
import { integrationDecider } from '../../src/domain/integration.decider.js';
import type { IntegrationEvent, IntegrationSettings } from '../../src/domain/integration.events.js';
import type { OrgEvent } from '../../src/domain/org.events.js';
import { deciderSpec } from '../support/decider-spec.js';

const now = new Date('2026-11-22T09:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(integrationDecider);

const REF_A = '0b9e3c1e-6a1f-4c55-9a55-0d1c3c1e6a1f';
const REF_B = '7d2f4e9a-1b3c-4d5e-8f60-718293a4b5c6';
const REF_SC = 'c0ffee00-1234-4abc-8def-0123456789ab';

const jira: IntegrationSettings = {
  board_type: 'jira',
  base_url: 'https://acme.atlassian.net',
  email: 'bot@acme.test',
  project_keys: ['ENG'],
  api_token_ref: REF_A,
};
const linear: IntegrationSettings = { board_type: 'linear', team_keys: ['ENG'], api_key_ref: REF_B };
const saved = (settings: IntegrationSettings): IntegrationEvent => ({ type: 'IntegrationSettingsSaved', data: { settings, at } });

describe('integration decider', () => {
  it('records the complete settings with secret references only', () => {
    spec.given().when({ type: 'SaveIntegrationSettings', settings: jira, now }).then([saved(jira)]);
    const withScm: IntegrationSettings = { ...linear, source_control: { provider: 'github', repository: 'acme/api', token_ref: REF_SC } };
    spec.given().when({ type: 'SaveIntegrationSettings', settings: withScm, now }).then([saved(withScm)]);
  });

  it('appends nothing when the same settings are saved again, whatever the key order', () => {
    const reordered = { api_token_ref: REF_A, project_keys: ['ENG'], email: 'bot@acme.test', base_url: 'https://acme.atlassian.net', board_type: 'jira' } as IntegrationSettings;
    spec.given([saved(jira)]).when({ type: 'SaveIntegrationSettings', settings: reordered, now }).thenNothing();
  });

  it('records a change of board, of a field, or of a secret reference', () => {
    spec.given([saved(jira)]).when({ type: 'SaveIntegrationSettings', settings: linear, now }).then([saved(linear)]);
    const more = { ...jira, project_keys: ['ENG', 'OPS'] };
    spec.given([saved(jira)]).when({ type: 'SaveIntegrationSettings', settings: more, now }).then([saved(more)]);
    const rotated = { ...jira, api_token_ref: REF_B };
    spec.given([saved(jira)]).when({ type: 'SaveIntegrationSettings', settings: rotated, now }).then([saved(rotated)]);
  });

  it('refuses a secret value where its reference belongs', () => {
    spec
      .given()
      .when({ type: 'SaveIntegrationSettings', settings: { ...jira, api_token_ref: 'ATATT3xFfGF0-plain-token' }, now })
      .thenFails('invalid', /reference stored secrets/);
    spec
      .given()
      .when({ type: 'SaveIntegrationSettings', settings: { ...linear, source_control: { provider: 'gitlab', repository: 'a/b', token_ref: 'glpat-xyz' } }, now })
      .thenFails('invalid');
  });

  it('ignores the other events of the shared org stream', () => {
    const others: OrgEvent[] = [
      { type: 'FeatureFlagChanged', data: { name: 'cycle_p', enabled: true, at } },
      { type: 'OrgSettingsChanged', data: { settings: { write_mode: 'auto', action_cap: 5, confirmation_threshold: 0 }, changed: ['write_mode'], at } },
    ];
    const history = [others[0], saved(jira), others[1]] as unknown as IntegrationEvent[];
    expect(fold(integrationDecider, history)).toEqual({ settings: jira });
    expect(fold(integrationDecider, others as unknown as IntegrationEvent[])).toEqual({ settings: undefined });
  });
});
