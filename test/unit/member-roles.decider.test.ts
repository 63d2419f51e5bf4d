import { describe, it } from 'vitest';
import { orgDecider } from '../../src/domain/org.decider.js';
import type { OrgEvent } from '../../src/domain/org.events.js';
import { deciderSpec } from '../support/decider-spec.js';

const now = new Date('2026-11-22T09:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(orgDecider);

describe('org decider: member roles', () => {
  it('records a role with its delegated permissions, sorted and without duplicates', () => {
    spec
      .given()
      .when({ type: 'AssignMemberRole', userId: 'u1', role: 'operator', permissions: ['runs:approve', 'flags:write', 'runs:approve'], now })
      .then([{ type: 'MemberRoleAssigned', data: { user_id: 'u1', role: 'operator', permissions: ['flags:write', 'runs:approve'], at } }]);
  });

  it('appends nothing when the member already has that assignment, and replaces a different one', () => {
    const assigned: OrgEvent = { type: 'MemberRoleAssigned', data: { user_id: 'u1', role: 'approver', permissions: ['flags:write'], at } };
    spec.given([assigned]).when({ type: 'AssignMemberRole', userId: 'u1', role: 'approver', permissions: ['flags:write'], now }).thenNothing();
    spec
      .given([assigned])
      .when({ type: 'AssignMemberRole', userId: 'u1', role: 'approver', permissions: [], now })
      .then([{ type: 'MemberRoleAssigned', data: { user_id: 'u1', role: 'approver', permissions: [], at } }]);
  });

  it('keeps the delegated permissions when a role change names none; a new member gets none', () => {
    const assigned: OrgEvent = { type: 'MemberRoleAssigned', data: { user_id: 'u1', role: 'viewer', permissions: ['audit:read'], at } };
    spec
      .given([assigned])
      .when({ type: 'AssignMemberRole', userId: 'u1', role: 'approver', now })
      .then([{ type: 'MemberRoleAssigned', data: { user_id: 'u1', role: 'approver', permissions: ['audit:read'], at } }]);
    spec.given([assigned]).when({ type: 'AssignMemberRole', userId: 'u1', role: 'viewer', now }).thenNothing();
    spec
      .given()
      .when({ type: 'AssignMemberRole', userId: 'u2', role: 'operator', now })
      .then([{ type: 'MemberRoleAssigned', data: { user_id: 'u2', role: 'operator', permissions: [], at } }]);
  });

  it('refuses roles:manage, billing:manage and admin:all, whatever the role', () => {
    for (const p of ['roles:manage', 'billing:manage', 'admin:all']) {
      spec.given().when({ type: 'AssignMemberRole', userId: 'u1', role: 'manager', permissions: [p], now }).thenFails('invalid', new RegExp(p));
    }
  });

  it('refuses an unknown permission', () => {
    spec.given().when({ type: 'AssignMemberRole', userId: 'u1', role: 'viewer', permissions: ['runs:teleport'], now }).thenFails('invalid', /runs:teleport/);
  });
});
