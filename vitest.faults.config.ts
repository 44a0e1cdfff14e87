import { defineConfig } from 'vitest/config';
import { timeouts } from './test/support/timeouts.js';

// `npm run test:faults`: real processes killed, databases restarted, storage failing.
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Ceilings for a hang, from the one scale of test/support/timeouts.ts (docs/testing.md, "Timeouts").
    testTimeout: timeouts.processTest,
    hookTimeout: timeouts.processTest,
    expect: { poll: { timeout: timeouts.condition } },
    // Each file starts its own servers and processes; on a small machine one at a time is steadier.
    fileParallelism: false,
  },
});
