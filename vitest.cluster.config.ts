import { defineConfig } from 'vitest/config';
import { timeouts } from './test/support/timeouts.js';

// `npm run test:cluster`: three built app instances behind HAProxy, PgBouncer, Redis and s3rver.
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    // Ceilings for a hang, from the one scale of test/support/timeouts.ts (docs/testing.md, "Timeouts").
    testTimeout: timeouts.processTest,
    hookTimeout: timeouts.processTest,
    expect: { poll: { timeout: timeouts.condition } },
    fileParallelism: false,
  },
});
