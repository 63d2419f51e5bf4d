import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:pw@db.internal:5432/sprintguard',
  AUTH_JWKS_URL: 'https://idp.example.com/.well-known/jwks.json',
  AUTH_ISSUER: 'https://idp.example.com',
  AUTH_AUDIENCE: 'sprintguard',
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('loadConfig', () => {
  it('serves development with nothing set', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.PORT).toBe(8080);
    expect(config.NODE_ENV).toBe('development');
    expect(config.dataDir).toBe('/srv/app/.sprintguard');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.EVENTSTORE_URL).toBeUndefined();
    expect(config.RATE_LIMIT_READS_PER_MINUTE).toBe(200);
    expect(config.RATE_LIMIT_WRITES_PER_MINUTE).toBe(60);
    expect(config.allowPrivateProviderUrls).toBe(true);
  });

  it('converts numbers and booleans from strings', () => {
    const config = loadConfig({ PORT: '9000', PROJECTOR_ENABLED: 'false', ...PRODUCTION });
    expect(config.PORT).toBe(9000);
    expect(config.PROJECTOR_ENABLED).toBe(false);
    expect(config.isProduction).toBe(true);
    expect(config.allowPrivateProviderUrls).toBe(false);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT="eighty" is invalid/m);
    expect(problems).toMatch(/^DATABASE_URL="not a url" is invalid/m);
    expect(problems).toMatch(/^LOG_LEVEL="loud" is invalid/m);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });

  it('refuses the embedded database in production unless explicitly allowed, saying why in one line', () => {
    const { DATABASE_URL: _, ...embedded } = PRODUCTION;
    const problems = problemsOf(embedded);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATABASE_URL is required in production .*embedded PostgreSQL.*EMBEDDED_DATABASE_IN_PRODUCTION=true/);
    expect(problems[0]).not.toContain('\n');
    expect(loadConfig({ ...embedded, EMBEDDED_DATABASE_IN_PRODUCTION: 'true' }).DATABASE_URL).toBeUndefined();
    // Development keeps the embedded default.
    expect(problemsOf({})).toEqual([]);
  });

  it('requires AUTH_AUDIENCE in production', () => {
    const { AUTH_AUDIENCE: _, ...noAudience } = PRODUCTION;
    expect(problemsOf(noAudience)).toEqual([expect.stringMatching(/^AUTH_AUDIENCE is required in production/)]);
    expect(problemsOf({ ...PRODUCTION, NODE_ENV: 'development', AUTH_AUDIENCE: '' })).toEqual([]);
  });

  it('names a bad secret variable without printing its value', () => {
    const problems = problemsOf({
      SECRETS_KEY: 'sk_live_0123456789abcdef',
      SECRETS_KEY_PREVIOUS: 'sk_old_0123456789abcdef',
      SYSTEM_API_KEY: 'short-key',
    }).join('\n');
    expect(problems).toMatch(/^SECRETS_KEY \(value not shown: it is a secret\) is invalid/m);
    expect(problems).toMatch(/^SECRETS_KEY_PREVIOUS \(value not shown/m);
    expect(problems).toMatch(/^SYSTEM_API_KEY \(value not shown/m);
    expect(problems).not.toMatch(/sk_live|sk_old|short-key/);
  });

  it('refuses a malformed audit anchor key at start, without printing any of it', () => {
    const notJson = problemsOf({ AUDIT_ANCHOR_JWK: '{"kty":"OKP","d":"c2VjcmV0LXNjYWxhcg' });
    expect(notJson).toEqual([expect.stringMatching(/^AUDIT_ANCHOR_JWK \(value not shown: it is a secret\) is invalid: it is not JSON/)]);
    expect(notJson.join('\n')).not.toContain('c2VjcmV0');
    const publicOnly = problemsOf({ AUDIT_ANCHOR_JWK: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: 'cHVibGlj' }) });
    expect(publicOnly).toEqual([expect.stringMatching(/^AUDIT_ANCHOR_JWK \(value not shown.*must be a private Ed25519 JWK/)]);
    const good = JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: 'cHVibGlj', d: 'cHJpdmF0ZQ' });
    expect(loadConfig({ AUDIT_ANCHOR_JWK: good }).AUDIT_ANCHOR_JWK).toBe(good);
  });

  it('refuses a metrics port equal to the API port, and a short metrics token without printing it', () => {
    expect(problemsOf({ PORT: '9000', METRICS_PORT: '9000' })).toEqual(['METRICS_PORT=9000 is invalid: it must differ from PORT (the metrics port is a server of its own)']);
    expect(loadConfig({ PORT: '9000', METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    const problems = problemsOf({ METRICS_TOKEN: 'short-secret' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^METRICS_TOKEN \(value not shown: it is a secret\) is invalid/);
    expect(problems.join('\n')).not.toContain('short-secret');
  });
});
