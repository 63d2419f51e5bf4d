import { describe, expect, it } from 'vitest';
import { can, denial } from './permissions';

describe('permissions', () => {
  const viewer = { role: 'viewer' as const, permissions: ['app:read' as const] };
  const admin = { role: 'admin' as const, permissions: ['admin:all' as const] };

  it('allows what the role holds, and everything to admin:all', () => {
    expect(can(viewer, 'app:read')).toBe(true);
    expect(can(viewer, 'runs:approve')).toBe(false);
    expect(can(admin, 'runs:approve', 'roles:manage')).toBe(true);
    expect(can(undefined, 'app:read')).toBe(false);
  });

  it('names the role and the missing permission', () => {
    expect(denial(viewer, 'runs:approve')).toBe('Your role (viewer) lacks the permission runs:approve.');
    expect(denial(viewer, 'app:read')).toBeUndefined();
  });
});
