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
    // Each file starts its own servers, data folders and ports, and mostly waits (on restarts, kills,
    // backoffs, timeouts): two at a time halve the stage without adding work. Two, not more: each file
    // runs several processes of its own, and CI runs these beside the browser tests.
    maxWorkers: 2,
  },
});
