import { defineConfig } from 'vitest/config';

// The console's unit tests: pure modules (stream parser, token timing, permissions…), no browser.
// The browser tests against the real service are test/e2e/console*.e2e.test.ts at the root.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
