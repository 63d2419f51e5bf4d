// Authorization: after authentication, the caller's application role is resolved from the members
// read model (one primary-key read per request; the identity provider's organization administrator
// needs none) and the route's permission, from src/http/route-permissions.ts, is enforced.
// - denial: 403 { detail: { error, required_permission, role } };
// - the role store cannot be read: 503 { error } — never allow on doubt.
// The same plugin makes the table the single source of truth: every route added after it gets its
// `config.public` / `config.permission` from the table, and a route that declares a different one
// stops the application at start-up.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Identity } from '../../adapters/identity/identity.js';
import { defaultRole, effectivePermissions, type Role } from '../../domain/roles.js';
import type { Permission } from '../../domain/permissions.js';
import { accessForRoute, routePermissions, type RouteAccess } from '../route-permissions.js';
import { MiddlewareError, PermissionDeniedError } from './errors.js';

export interface Access {
  role: Role;
  /** Every permission the caller holds. */
  permissions: Permission[];
  /** Extra permissions delegated to this member on top of the role's. */
  delegated: string[];
}

export interface PermissionsPluginOptions {
  /** The stored assignment of a member, undefined when none. Throws when the store cannot be read. */
  loadMember: (orgId: string, userId: string) => Promise<{ role: Exclude<Role, 'admin'>; permissions: string[] } | undefined>;
  /** The table to enforce (tests pass their own); default routePermissions. */
  table?: Readonly<Record<string, RouteAccess>>;
}

/** Resolves a caller's application role and permissions. */
export async function resolveAccess(identity: Identity, orgId: string, loadMember: PermissionsPluginOptions['loadMember']): Promise<Access> {
  if (identity.isOrgAdmin) return { role: 'admin', permissions: effectivePermissions('admin'), delegated: [] };
  const member = await loadMember(orgId, identity.userId);
  const role = member?.role ?? defaultRole;
  const delegated = member?.permissions ?? [];
  return { role, permissions: effectivePermissions(role, delegated), delegated };
}

export default fp<PermissionsPluginOptions>(
  async function permissionsPlugin(app: FastifyInstance, options) {
    const table = options.table ?? routePermissions;
    app.decorateRequest('access', null as never);

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const declared = route.config ?? {};
      const resolved = methods.map((method) => accessForRoute(method, route.url, table).access);
      const access = resolved[0]!;
      if (resolved.some((a) => a !== access)) {
        throw new Error(`Route ${route.url}: its methods need different permissions; declare them separately`);
      }
      const isPublic = access === 'public';
      if (declared.public !== undefined && declared.public !== isPublic) {
        throw new Error(`Route ${methods.join(',')} ${route.url} declares public: ${declared.public}; src/http/route-permissions.ts says ${access}`);
      }
      if (declared.permission !== undefined && declared.permission !== access) {
        throw new Error(`Route ${methods.join(',')} ${route.url} declares ${declared.permission}; src/http/route-permissions.ts says ${access}`);
      }
      route.config = isPublic ? { ...declared, public: true } : { ...declared, public: false, permission: access };
    });

    // preParsing: after authentication and the per-caller rate limit (both earlier), before the body is read.
    app.addHook('preParsing', async (request) => {
      if (!request.identity) return; // public routes and unknown URLs
      const required = request.routeOptions.config.permission ?? 'admin:all';
      let access: Access;
      try {
        access = await resolveAccess(request.identity, request.orgId, options.loadMember);
      } catch (err) {
        request.log.error({ err }, 'role store unavailable');
        throw new MiddlewareError(503, 'Authorization dependencies unavailable');
      }
      request.access = access;
      if (!access.permissions.includes(required)) throw new PermissionDeniedError(required, access.role);
    });
  },
  { name: 'permissions', dependencies: ['errors', 'auth'] },
);
