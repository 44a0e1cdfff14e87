import { expect } from 'vitest';
import type { TestApp } from '../test-app.js';
import { timeouts } from './timeouts.js';

/**
 * Waits until `count` of the app's database sessions wait for a row lock: a test that holds a row
 * (another change in progress) knows then that its requests have reached it and queue behind it.
 */
export async function waitForLockWaits(t: TestApp, count: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await t.database.pool.query(
            "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rowCount,
      { timeout: timeouts.condition },
    )
    .toBe(count);
}
