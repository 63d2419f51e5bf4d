import { describe, it } from 'vitest';
import { defaultOrgSettings, orgDecider } from '../../src/domain/org.decider.js';
import type { OrgEvent, Schedule } from '../../src/domain/org.events.js';
import { deciderSpec } from '../support/decider-spec.js';

const now = new Date('2026-11-22T09:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(orgDecider);
const schedule: Schedule = {
  enabled: true,
  timezone: 'Europe/Paris',
  days_of_week: [5, 1, 3],
  time: '09:30',
  board_type: 'jira',
  project_key: 'ENG',
};

describe('org decider', () => {
  describe('settings', () => {
    it('records the complete settings and what changed', () => {
      spec.given().when({ type: 'ChangeOrgSettings', changes: { action_cap: 5 }, now }).then([
        {
          type: 'OrgSettingsChanged',
          data: { settings: { ...defaultOrgSettings, action_cap: 5 }, changed: ['action_cap'], at },
        },
      ]);
    });

    it('appends nothing when the settings already are so', () => {
      const history: OrgEvent[] = [
        { type: 'OrgSettingsChanged', data: { settings: { ...defaultOrgSettings, write_mode: 'auto' }, changed: ['write_mode'], at } },
      ];
      spec.given(history).when({ type: 'ChangeOrgSettings', changes: { write_mode: 'auto' }, now }).thenNothing();
      spec.given().when({ type: 'ChangeOrgSettings', changes: {}, now }).thenNothing();
    });
  });

  describe('schedule', () => {
    it('saves a normalised schedule', () => {
      spec.given().when({ type: 'SaveSchedule', schedule, now }).then([
        { type: 'ScheduleSaved', data: { schedule: { ...schedule, days_of_week: [1, 3, 5] }, at } },
      ]);
    });

    it('appends nothing for the same schedule spelled differently', () => {
      const saved: OrgEvent = { type: 'ScheduleSaved', data: { schedule: { ...schedule, days_of_week: [1, 3, 5] }, at } };
      spec.given([saved]).when({ type: 'SaveSchedule', schedule: { ...schedule, days_of_week: [3, 5, 1, 1] }, now }).thenNothing();
    });

    it('refuses an unknown time zone and an enabled schedule without days', () => {
      spec.given().when({ type: 'SaveSchedule', schedule: { ...schedule, timezone: 'Mars/Olympus' }, now }).thenFails('invalid', /timezone/);
      spec.given().when({ type: 'SaveSchedule', schedule: { ...schedule, days_of_week: [] }, now }).thenFails('invalid', /days_of_week/);
    });
  });

  describe('feature flags', () => {
    it('turns a supported flag on once', () => {
      const on: OrgEvent = { type: 'FeatureFlagChanged', data: { name: 'cycle_p', enabled: true, at } };
      spec.given().when({ type: 'SetFeatureFlag', name: 'cycle_p', enabled: true, now }).then([on]);
      spec.given([on]).when({ type: 'SetFeatureFlag', name: 'cycle_p', enabled: true, now }).thenNothing();
    });

    it('treats an unknown flag as not found', () => {
      spec.given().when({ type: 'SetFeatureFlag', name: 'teleport', enabled: true, now }).thenFails('not_found', /teleport/);
    });

    it('appends nothing when turning off a flag that was never on', () => {
      spec.given().when({ type: 'SetFeatureFlag', name: 'meeting_ingest', enabled: false, now }).thenNothing();
    });
  });
});
