// docker-compose.yml as Compose resolves it for `config`: variables interpolated from an env file
// (`--env-file`), each service's env_file read into its environment, anchors merged. With a Compose
// on the machine — the Docker CLI plugin (`docker compose`), else the standalone `docker-compose` (the
// Debian package) — that tool resolves and validates the file; without one, resolveWithYaml does the
// same from the YAML, with the structural checks `config` would make, so the deployment tests check the
// same properties either way.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export type Port = string | { host_ip?: string; published?: string | number; target?: number };
export interface ResolvedService {
  image?: string;
  build?: unknown;
  ports?: Port[];
  environment?: Record<string, string | number | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  volumes?: (string | { source?: string; type?: string })[];
}
export interface ResolvedCompose {
  services: Record<string, ResolvedService>;
  volumes?: Record<string, unknown>;
}

/** The Compose command of this machine, or undefined. */
export function composeCommand(): string[] | undefined {
  for (const command of [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(command[0]!, [...command.slice(1), 'version'], { encoding: 'utf8' });
    if (probe.status === 0) return command;
  }
  return undefined;
}

/** KEY=VALUE lines of an env file (comments and blank lines skipped). */
export function readEnvFile(file: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m) vars[m[1]!] = m[2]!.trim();
  }
  return vars;
}

export type Resolution = { ok: true; model: ResolvedCompose } | { ok: false; error: string };

/** `<compose> --env-file <envFile> -f <composeFile> config` in the project directory `root`, parsed. */
export function resolveWithTool(command: string[], root: string, composeFile: string, envFile: string): Resolution {
  // A clean environment: only the env file provides variables (as on a host that has only .env).
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const args = [...command.slice(1), '--env-file', envFile, '-f', composeFile, '--project-directory', root, 'config'];
  const res = spawnSync(command[0]!, args, { cwd: root, env, encoding: 'utf8' });
  if (res.status !== 0) return { ok: false, error: res.stderr || res.stdout };
  return { ok: true, model: parse(res.stdout) as ResolvedCompose };
}

const SERVICE_KEYS = new Set(['build', 'image', 'restart', 'env_file', 'environment', 'volumes', 'depends_on', 'command', 'entrypoint', 'healthcheck', 'ports', 'user']);
const TOP_LEVEL_KEYS = new Set(['services', 'volumes', 'networks', 'name']);
const CONDITIONS = new Set(['service_started', 'service_healthy', 'service_completed_successfully']);

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
    if (whole === '$$') return '$';
    if (bare) return vars[bare] ?? '';
    const value = vars[name!];
    const missing = value === undefined || (colon === ':' && value === '');
    if (!missing) return value;
    if (op === '?') throw new Error(`required variable ${name} is missing a value: ${arg}`);
    return op === '-' ? arg! : '';
  });
}

/** What `config` does, from the YAML: interpolate, merge, read env_file, and refuse a malformed file. */
export function resolveWithYaml(root: string, composeFile: string, envFile: string): Resolution {
  const vars = readEnvFile(envFile);
  let raw: { services?: Record<string, Record<string, unknown>>; volumes?: Record<string, unknown> } & Record<string, unknown>;
  try {
    raw = parse(interpolate(fs.readFileSync(composeFile, 'utf8'), vars), { merge: true }) as typeof raw;
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  const problems: string[] = [];
  for (const key of Object.keys(raw)) if (!TOP_LEVEL_KEYS.has(key) && !key.startsWith('x-')) problems.push(`unknown top-level key ${key}`);
  const services: Record<string, ResolvedService> = {};
  const declaredVolumes = new Set(Object.keys(raw.volumes ?? {}));
  for (const [name, service] of Object.entries(raw.services ?? {})) {
    for (const key of Object.keys(service)) if (!SERVICE_KEYS.has(key)) problems.push(`services.${name}: unknown key ${key}`);
    if (service.image === undefined && service.build === undefined) problems.push(`services.${name}: neither image nor build`);
    const dependsOn = (service.depends_on ?? {}) as Record<string, { condition?: string }>;
    for (const [target, { condition }] of Object.entries(dependsOn)) {
      if (!raw.services?.[target]) problems.push(`services.${name}: depends on undefined service ${target}`);
      if (condition !== undefined && !CONDITIONS.has(condition)) problems.push(`services.${name}: unknown condition ${condition}`);
    }
    for (const volume of (service.volumes ?? []) as string[]) {
      const source = volume.split(':')[0]!;
      if (!source.startsWith('/') && !source.startsWith('.') && !declaredVolumes.has(source)) problems.push(`services.${name}: undeclared volume ${source}`);
    }
    // env_file first, environment over it, as Compose does.
    const environment: Record<string, string | number | null> = {};
    for (const file of (service.env_file ?? []) as string[]) {
      const full = path.resolve(root, file);
      if (!fs.existsSync(full)) problems.push(`services.${name}: env file ${file} not found`);
      else Object.assign(environment, readEnvFile(full));
    }
    Object.assign(environment, service.environment ?? {});
    const { env_file: _, ...rest } = service;
    services[name] = { ...(rest as ResolvedService), environment };
  }
  if (problems.length > 0) return { ok: false, error: problems.join('\n') };
  return { ok: true, model: { services, ...(raw.volumes ? { volumes: raw.volumes } : {}) } };
}

/** The host address a published port binds (undefined: every interface). */
export function hostAddress(port: Port): string | undefined {
  if (typeof port !== 'string') return port.host_ip;
  const parts = port.split(':');
  return parts.length === 3 ? parts[0] : undefined;
}

/** Whether a health check is switched off, in either way Compose writes it. */
export const healthcheckDisabled = (service: ResolvedService) =>
  service.healthcheck?.disable === true || (Array.isArray(service.healthcheck?.test) && service.healthcheck.test[0] === 'NONE');
