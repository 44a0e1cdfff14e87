import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault suite (`npm run test:faults`) and the cluster test (`npm run test:cluster`) start
    // and kill processes; they have their own configs.
    exclude: ['test/faults/**', 'test/cluster/**', 'node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
