import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { timeouts } from './test/support/timeouts.js';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The screenshot sweeps are `npm run screens` (playwright.screens.config.ts), outside the gate.
  testIgnore: 'screens/**',
  globalSetup: './e2e/global-setup.ts',
  // Ceilings for a hang, from the one scale of test/support/timeouts.ts (docs/testing.md, "Timeouts").
  timeout: timeouts.browserTest,
  expect: { timeout: timeouts.condition },
  fullyParallel: false,
  // Each worker drives an app and database of its own (e2e/worker-app.ts); the specs mostly wait on
  // the app, the mail or a timer, so three run side by side on two cores (two on one: a pinned run).
  workers: Number(process.env.E2E_WORKERS ?? (availableParallelism() >= 2 ? 3 : 2)),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    actionTimeout: timeouts.action,
    navigationTimeout: timeouts.navigation,
    // A failed test's trace keeps its actions, network and console, beside its screenshot and the
    // page's accessibility snapshot at the failure. Not the screencast filmstrip (a frame at every
    // paint, a fifth of a spec's CPU) nor a DOM snapshot at each action (7 %): both were made for
    // every test, passed or not (docs/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
