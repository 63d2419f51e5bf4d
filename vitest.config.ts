import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'console/src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: two files at a time keeps the embedded PostgreSQL and the tests from starving.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
