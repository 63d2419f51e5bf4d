import { defineConfig } from 'vitest/config';

// The isolation suites assert absolute figures (a health answer under 100 ms while a tenant's board
// sends 200 MB, an event-loop p99 under 100 ms during a 5,000-row PDF): another test file running
// beside them on the same two cores would measure that file, not the service. They run last, one
// file at a time, after every other file has finished (sequence.groupOrder).
const ISOLATION = ['test/e2e/isolation.e2e.test.ts', 'test/e2e/reactor-isolation.e2e.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // Generous on purpose: end-to-end tests start server processes (test/support/service-process.ts
    // waits up to 90 s for one), and on two busy cores a start has taken more than 30 s. A test that
    // hangs still fails; speed is measured by the benchmarks, not here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts', 'console/src/**/*.test.ts'],
          exclude: ISOLATION,
          // Two cores: two files at a time keeps the embedded PostgreSQL and the tests from starving.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'isolation',
          include: ISOLATION,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
