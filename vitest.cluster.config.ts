import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three built app instances behind HAProxy, PgBouncer, Redis and s3rver.
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    // Bounds for a loaded 2-core machine (one run took 90 s in all at a load average of 20).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
