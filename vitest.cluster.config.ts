import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three built app instances behind HAProxy, PgBouncer, Redis and s3rver.
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
