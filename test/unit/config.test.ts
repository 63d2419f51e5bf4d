import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

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
    const config = loadConfig({ PORT: '9000', PROJECTOR_ENABLED: 'false', NODE_ENV: 'production' });
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
});
