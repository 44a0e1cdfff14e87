import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Asks `check` every 100 ms until it answers true (a rejection counts as false), or throws once
 * `timeoutMs` has passed. Plain Node, not vitest's `vi.waitFor`: the bench's scale-out stage starts
 * the cluster's topology (and its redis-server) outside vitest, where vitest's state does not exist.
 */
export async function pollUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  output?: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${output ? `:\n${output()}` : ''}`);
    await sleep(100);
  }
}
