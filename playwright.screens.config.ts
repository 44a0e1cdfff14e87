import { defineConfig } from '@playwright/test';
import gate from './playwright.config.js';
import { timeouts } from './test/support/timeouts.js';

/**
 * `npm run screens`: the screenshot sweeps of e2e/screens/ (every screen at several widths, light and
 * dark, into test-results/screens/), outside the test gate: they compare nothing and take minutes.
 */
export default defineConfig({
  ...gate,
  testDir: 'e2e/screens',
  testIgnore: [],
  // One sweep opens dozens of screens, each at up to four widths in two modes.
  timeout: 5 * timeouts.browserTest,
});
