/**
 * Every timeout of the test suites, from one scale (docs/testing.md, "Timeouts").
 *
 * A timeout is a ceiling for a hang, never a speed assertion: a test waits for a condition (an
 * element, an email, a row, a process being ready), and the ceiling only decides how long a broken
 * test takes to say so. The figures are generous on purpose: a two-core machine half as fast as the
 * ones the suite was written on, busy with other work or pinned to one core, must pass. For a
 * machine slower still, `TEST_TIMEOUT_SCALE` multiplies them all (`TEST_TIMEOUT_SCALE=2 npm test`).
 *
 * No test sets a timeout of its own below these; a longer one is `ceiling(ms)` with a comment
 * saying what it includes beyond the usual (a server-side delay the test must wait out, say).
 */

function readScale(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(`TEST_TIMEOUT_SCALE must be a positive number, not "${value}"`);
  }
  return scale;
}

/** The multiplier from TEST_TIMEOUT_SCALE (1 unless set). */
export const timeoutScale = readScale(process.env.TEST_TIMEOUT_SCALE);

/** `ms` on the scale: a ceiling of its own, for a wait that includes something beyond the usual. */
export function ceiling(ms: number): number {
  return Math.round(ms * timeoutScale);
}

export const timeouts = {
  /**
   * A condition the test waits for: a Playwright `expect` or `expect.poll`, Vitest's `expect.poll`
   * and `vi.waitFor`, an email, an event on a stream.
   */
  condition: ceiling(30_000),
  /** One browser action (a click, a fill, an API request from Playwright). */
  action: ceiling(30_000),
  /** A page load or reload in the browser. */
  navigation: ceiling(60_000),
  /** Starting something a test runs: the app as a process, a database, Redis, a mail server. */
  start: ceiling(180_000),
  /** One browser test, its fixtures included (`test.slow()` triples it for a long journey). */
  browserTest: ceiling(240_000),
  /** One API test (Vitest); some start a process (Prometheus, Redis), so no less than `start`. */
  apiTest: ceiling(180_000),
  /** One hook of the API tests (an app and its database made for a file, or a process started). */
  apiHook: ceiling(180_000),
  /** One test or hook of the fault and cluster suites, which start, kill and restart real processes. */
  processTest: ceiling(300_000),
} as const;
