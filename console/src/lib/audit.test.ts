import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS, describeAuditEvent, isoFromLocal } from './audit';

describe('describeAuditEvent', () => {
  it('says what settings, member and flag events did', () => {
    expect(describeAuditEvent({ type: 'MemberRoleAssigned', data: { user_id: 'vic', role: 'approver', permissions: ['audit:read'] } })).toBe('vic is now approver with audit:read');
    expect(describeAuditEvent({ type: 'MemberRoleAssigned', data: { user_id: 'vic', role: 'viewer', permissions: [] } })).toBe('vic is now viewer');
    expect(describeAuditEvent({ type: 'MemberRoleRevoked', data: { user_id: 'vic' } })).toBe("vic's role revoked: back to the default role");
    expect(describeAuditEvent({ type: 'OrgSettingsChanged', data: { settings: { write_mode: 'approval', action_cap: 30 }, changed: ['action_cap'] } })).toBe('Settings changed: action_cap = 30');
    expect(describeAuditEvent({ type: 'FeatureFlagChanged', data: { name: 'cycle_p', enabled: true } })).toBe('Flag cycle_p turned on');
    expect(describeAuditEvent({ type: 'RunClaimed', data: { run_id: 'f75e3286-1613', board_type: 'jira', project_key: 'CAN' } })).toBe('jira CAN taken by run f75e3286 (one active run per project)');
    expect(describeAuditEvent({ type: 'RunCancelled', data: { by: 'ada' } })).toBe('Run cancelled by ada');
  });

  it('uses the run timeline for run events, and a short JSON for the rest', () => {
    expect(describeAuditEvent({ type: 'ActionApproved', data: { action_id: 'act-1', by: 'ada' } })).toBe('Action act-1 approved by ada');
    expect(describeAuditEvent({ type: 'SomethingNew', data: { a: 1 } })).toBe('{"a":1}');
    expect(describeAuditEvent({ type: 'SomethingNew', data: { text: 'x'.repeat(500) } })).toHaveLength(160);
  });
});

it('lists each kind once and turns a local time into an instant', () => {
  expect(new Set(AUDIT_KINDS.map(([k]) => k)).size).toBe(AUDIT_KINDS.length);
  expect(isoFromLocal('')).toBeUndefined();
  expect(isoFromLocal('2026-11-24T09:30')).toBe(new Date(2026, 10, 24, 9, 30).toISOString());
});
