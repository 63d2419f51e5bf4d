import { describe, expect, it } from 'vitest';
import { permissions } from '../../src/domain/permissions.js';
import { accessForRoute, routePermissions } from '../../src/http/route-permissions.js';

describe('route permission table', () => {
  it('looks routes up by method and URL pattern, HEAD as GET', () => {
    expect(accessForRoute('PUT', '/api/feature-flags/:name')).toEqual({ access: 'flags:write', listed: true });
    expect(accessForRoute('HEAD', '/api/health')).toEqual({ access: 'public', listed: true });
    expect(accessForRoute('GET', '/api/docs/static/*')).toEqual({ access: 'public', listed: true });
  });

  it('defaults an unlisted read to app:read and an unlisted write to admin:all', () => {
    expect(accessForRoute('GET', '/api/unlisted')).toEqual({ access: 'app:read', listed: false });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(accessForRoute(method, '/api/unlisted')).toEqual({ access: 'admin:all', listed: false });
    }
    // A wildcard entry covers its own method only.
    expect(accessForRoute('POST', '/api/docs/anything').access).toBe('admin:all');
  });

  it('names only known permissions, and keeps roles:manage and billing:manage for their routes', () => {
    for (const [key, access] of Object.entries(routePermissions)) {
      expect(access === 'public' || (permissions as readonly string[]).includes(access), key).toBe(true);
      // API routes, and the console's static files (public reads under /app).
      if (key.startsWith('GET /app')) expect([key, access]).toEqual([key, 'public']);
      else expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\//);
    }
    const roleRoutes = Object.entries(routePermissions).filter(([, a]) => a === 'roles:manage').map(([k]) => k);
    expect(roleRoutes.sort()).toEqual(['DELETE /api/rbac/members/:user_id', 'GET /api/rbac/members', 'PUT /api/rbac/members/:user_id']);
  });

  it('makes every write either public (self-verified) or an operational permission, never app:read', () => {
    for (const [key, access] of Object.entries(routePermissions)) {
      if (!key.startsWith('GET ')) expect(access, key).not.toBe('app:read');
    }
  });
});
