import { defineConfig } from 'vitest/config';

// `npm run test:faults`: real processes killed, databases restarted, storage failing.
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own servers and processes; on a small machine one at a time is steadier.
    fileParallelism: false,
  },
});
