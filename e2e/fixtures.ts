import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, request as playwrightRequest, type Page } from '@playwright/test';
import { seedAgency, type SeededAgency } from '../test/factories/agency.js';
import { requestAgencyApi } from './cases-desk-helpers.js';
import { staffHeaders, staffStorageState, type StaffRole } from './sessions.js';
import { startWorkerApp, workerApp, type WorkerApp } from './worker-app.js';
import { timeouts } from '../test/support/timeouts.js';

export { signInAs, staffHeaders, type StaffRole } from './sessions.js';

type TestFixtures = {
  /**
   * Whom the test's page starts signed in as: `test.use({ signedInAs: 'caseAdmin' })` in a file or a
   * describe block (or `['caseAdmin', 'lmsAdmin']` for both). The worker signs each role in once,
   * through the API, and every test reuses that session as Playwright's stored state. Mid-test,
   * `signInAs(page, role)` does the same for the page's browser.
   */
  signedInAs: StaffRole | readonly StaffRole[] | undefined;
  consoleErrors: string[];
};

/**
 * The agency of test/factories/agency.ts (five services of long, translated steps; 60 cases of two
 * or three services, 50 imported from a CSV), seeded through the API the first time a test of the
 * worker asks for it, and shared by the worker's tests from then on. For tests that only read it:
 * a test that changes cases makes cases of its own. `suffix` is in every one of its case numbers
 * and passports (search for it to list the agency's cases alone).
 */
export type WorkerAgency = SeededAgency & { suffix: string };

/**
 * Every worker runs its own app on its own database (`e2e/worker-app.ts`), so workers run side by
 * side without seeing each other's rows or mail. Console errors and uncaught page errors fail the
 * test (a failed HTTP status the test provoked on purpose is not a console error).
 */
export const test = base.extend<TestFixtures, { workerApp: WorkerApp; agency: WorkerAgency }>({
  workerApp: [
    async ({}, use, workerInfo) => {
      const stop = await startWorkerApp(workerInfo.workerIndex);
      await use(workerApp());
      await stop();
    },
    { scope: 'worker', auto: true, timeout: timeouts.start },
  ],
  agency: [
    async ({ workerApp }, use, workerInfo) => {
      const suffix = `W${workerInfo.workerIndex}${Date.now().toString(36)}`.toUpperCase();
      const api = await playwrightRequest.newContext({ baseURL: workerApp.url });
      const seeded = await seedAgency(requestAgencyApi(api, await staffHeaders('caseAdmin')), { suffix }).finally(() =>
        api.dispose(),
      );
      await use({ ...seeded, suffix });
    },
    // Five services and 60 cases, about a hundred requests: the ceiling of the slow journeys that
    // seeded it themselves before (test.slow()), as it is made once per worker.
    { scope: 'worker', timeout: 3 * timeouts.browserTest },
  ],
  baseURL: async ({ workerApp }, use) => {
    await use(workerApp.url);
  },
  signedInAs: [undefined, { option: true }],
  storageState: async ({ signedInAs }, use) => {
    const roles = signedInAs === undefined ? [] : typeof signedInAs === 'string' ? [signedInAs] : signedInAs;
    await use(roles.length > 0 ? await staffStorageState(roles) : undefined);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Axe finds no serious or critical accessibility violation on the page as it is now, WCAG 2.2's
 * 24 px target size included (axe leaves that rule off unless asked; Lighthouse checks it).
 */
export async function expectAccessible(page: Page): Promise<void> {
  // A step of its own, so a report shows what each axe analysis took.
  await test.step('axe', async () => {
    // Only the violations in full: axe then skips the selectors and node lists of what passed or
    // does not apply (its documented performance option), which this check never reads. Legacy mode
    // runs axe.run() in the page itself: the default opens a blank page to merge each frame's results,
    // which doubled every check (2.5–2.9 s against 1.3 s on the case desk); the app has no frames.
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
      .analyze();
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      'serious or critical accessibility violations',
    ).toEqual([]);
  });
}

/** Waits until React has taken over every button the server drew (its props are on the element then). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const buttons = [...document.querySelectorAll('#root button')];
    return (
      buttons.length > 0 && buttons.every((button) => Object.keys(button).some((key) => key.startsWith('__reactProps')))
    );
  });
