import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/support/long-files-first.js';
import { timeouts } from './test/support/timeouts.js';

export default defineConfig({
  test: {
    // Ceilings for a hang, from the one scale of test/support/timeouts.ts (docs/testing.md, "Timeouts").
    testTimeout: timeouts.apiTest,
    hookTimeout: timeouts.apiHook,
    expect: { poll: { timeout: timeouts.condition } },
    // Every API test file has a database of its own, and a test mostly waits on PostgreSQL: one file more
    // than the cores keeps them busy (Vitest's default, one fewer, ran the suite in twice the time on 2 cores).
    maxWorkers: availableParallelism() + 1,
    // The files that take a minute or more start first, so none of them runs alone at the end.
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          isolate: false,
          include: ['server/**/*.test.ts', 'test/**/*.test.ts'],
          // The fault suite (`npm run test:faults`) and the cluster test (`npm run test:cluster`) start
          // and kill processes; they have their own configs.
          exclude: ['test/faults/**', 'test/cluster/**', 'node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
        },
      },
      {
        // The web's unit tests, beside the components and hooks they test: a DOM in the test process
        // (happy-dom), no server and no database, so they start no PostgreSQL and take a second or two.
        extends: true,
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/test-setup.ts'],
        },
      },
    ],
  },
});
