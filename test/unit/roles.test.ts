import { describe, expect, it } from 'vitest';
import { permissions } from '../../src/domain/permissions.js';
import { adminOnlyPermissions, assignableRoles, delegablePermissions, effectivePermissions, rolePermissions } from '../../src/domain/roles.js';

describe('roles', () => {
  it('each role includes the one below it', () => {
    const ladder = ['viewer', 'operator', 'approver', 'manager', 'admin'] as const;
    for (let i = 1; i < ladder.length; i++) {
      const lower = rolePermissions[ladder[i - 1]!];
      expect(rolePermissions[ladder[i]!]).toEqual(expect.arrayContaining([...lower]));
    }
  });

  it('gives the agreed sets', () => {
    expect(rolePermissions.viewer).toEqual(['app:read']);
    expect([...rolePermissions.operator].sort()).toEqual(
      ['app:read', 'backlog:write', 'exports:read', 'meetings:ingest', 'runs:confirm', 'runs:trigger'].sort(),
    );
    expect(rolePermissions.approver).toEqual(expect.arrayContaining(['runs:approve', 'backlog:decide']));
    expect(rolePermissions.manager).toEqual(expect.arrayContaining(['settings:write', 'integration:write', 'schedule:write', 'flags:write']));
    expect(rolePermissions.admin).toEqual([...permissions]);
  });

  it('gives the audit trail (audit:read) to managers and administrators, and lets it be delegated', () => {
    expect(rolePermissions.manager).toContain('audit:read');
    expect(rolePermissions.admin).toContain('audit:read');
    expect(rolePermissions.approver).not.toContain('audit:read');
    expect(effectivePermissions('viewer', ['audit:read'])).toEqual(['app:read', 'audit:read']);
  });

  it('never lets an assignable role or a delegation hold an admin-only permission', () => {
    for (const role of assignableRoles) {
      for (const p of adminOnlyPermissions) expect(rolePermissions[role]).not.toContain(p);
      expect(effectivePermissions(role, [...adminOnlyPermissions])).not.toEqual(expect.arrayContaining(['roles:manage']));
    }
    expect(delegablePermissions).not.toContain('roles:manage');
    expect(delegablePermissions).not.toContain('billing:manage');
    expect(delegablePermissions).not.toContain('admin:all');
  });

  it('adds delegated permissions to the role, in catalogue order, ignoring unknown names', () => {
    expect(effectivePermissions('viewer', ['flags:write', 'nonsense', 'app:read'])).toEqual(['app:read', 'flags:write']);
    expect(effectivePermissions('admin')).toContain('admin:all');
  });
});
