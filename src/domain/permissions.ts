// Permissions and application roles (docs/security.md, "Roles").

export const permissions = [
  'app:read',
  'runs:trigger',
  'runs:confirm',
  'runs:approve',
  'backlog:write',
  'backlog:decide',
  'meetings:ingest',
  'exports:read',
  'audit:read',
  'settings:write',
  'integration:write',
  'schedule:write',
  'flags:write',
  'roles:manage',
  'billing:manage',
  'admin:all',
] as const;

export type Permission = (typeof permissions)[number];

