import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAccounts } from './accounts.js';
import { startAppProcess, type AppProcess } from './app-process.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { timeouts } from '../test/support/timeouts.js';
import { createLearner, signInLearner } from './lms-helpers.js';
import { createMember } from './network-helpers.js';
import { addToLocalStorage } from './sessions.js';

const UNREACHABLE = 'We cannot reach the service right now. Please try again in a moment.';
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'We cannot reach the service.' });
// Recovery waits for the page's next probe of /readyz (up to 8 s apart) after the app is ready again.
const RECOVERY = { timeout: timeouts.condition + 8_000 };

/** These tests stop the server under the page, so they run an app of their own, not the shared one. */
const outageTest = test.extend<{ api: APIRequestContext }, { app: AppProcess }>({
  app: [
    async ({}, use) => {
      const app = await startAppProcess(() => ({
        LOG_LEVEL: 'error',
        CASE_ADMIN_EMAIL: e2eAccounts.caseAdmin.email,
        CASE_ADMIN_PASSWORD: e2eAccounts.caseAdmin.password,
        LMS_ADMIN_USERNAME: e2eAccounts.lmsAdmin.username,
        LMS_ADMIN_PASSWORD: e2eAccounts.lmsAdmin.password,
        SMTP_URL: '',
        OIDC_CLIENT_ID: '',
        OIDC_CLIENT_SECRET: '',
        SHUTDOWN_TIMEOUT_SECONDS: '2',
      }));
      await use(app);
      await app.dispose();
    },
    { scope: 'worker', timeout: timeouts.start },
  ],
  baseURL: async ({ app }, use) => use(app.url),
  api: async ({ app }, use) => {
    const api = await playwrightRequest.newContext({ baseURL: app.url });
    await use(api);
    await api.dispose();
  },
});

// Each test stops the app under the page and starts it again.
outageTest.describe.configure({ timeout: timeouts.browserTest + timeouts.start });

async function adminToken(api: APIRequestContext): Promise<string> {
  const response = await api.post('/api/caseadmin/login', { data: e2eAccounts.caseAdmin });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function createCase(api: APIRequestContext): Promise<{ caseNumber: string; passport: string }> {
  const suffix = `${Date.now().toString(36)}`.toUpperCase();
  const passport = `P${suffix}`;
  const response = await api.post('/api/caseadmin/cases', {
    headers: { authorization: `Bearer ${await adminToken(api)}` },
    data: { case_number: `OUT-${suffix}`, client_name: 'Amina Outage', passport_number: passport, serviceIds: [] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { caseNumber: `OUT-${suffix}`, passport };
}

outageTest(
  'when the server stops while an applicant tracks a case, then the tracker says it cannot reach the service (not "not found"), keeps the case on screen and works again once it is back',
  async ({ page, app, api }) => {
    const { caseNumber, passport } = await createCase(api);
    await page.goto('/casetracking');
    await page.getByLabel('Case Number').fill(caseNumber);
    await page.getByLabel('Passport Number').fill(passport);
    await page.getByRole('button', { name: 'Check Status' }).click();
    const tracker = page.getByText(caseNumber, { exact: false }).first();
    await expect(tracker).toBeVisible();

    await app.stop();
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByRole('alert')).toHaveText(UNREACHABLE);
    await expect(page.getByText('Case details not found')).toHaveCount(0);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Track Your Application' })).toBeVisible();
    await expectAccessible(page);

    await app.start();
    await expect(banner(page)).toBeHidden(RECOVERY);
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(tracker).toBeVisible();
  },
);

outageTest(
  'when the server stops while staff use the case admin, then a page that cannot be downloaded fails inside the shell and loads by itself once the server is back',
  async ({ page, app, api }) => {
    await addToLocalStorage(page, { adminToken: await adminToken(api) }, app.url);
    await page.goto('/caseadmin/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Case admin' });
    await expect(sidebar).toBeVisible();

    await app.stop();
    // Its code was never downloaded: the chunk fails, is retried, and the failure stays inside the shell.
    await sidebar.getByRole('link', { name: 'Manage Services' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(new RegExp(UNREACHABLE));
    await expect(sidebar).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await expectAccessible(page);

    await app.start();
    await expect(page.getByRole('heading', { name: 'Service Management' })).toBeVisible(RECOVERY);
    await expect(banner(page)).toBeHidden();
    await expect(sidebar).toBeVisible();
  },
);

outageTest(
  'when the server stops under the live feed, then a like says it cannot reach the service, the feed stays, and after the restart the feed catches up and is live again',
  async ({ page, browser, app }) => {
    const name = `outage${Date.now().toString(36)}`;
    await createMember(page.context(), { name, origin: app.url });
    await page.goto('/Home');
    await page.getByRole('button', { name: 'Start a post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a post' });
    await dialog.getByPlaceholder("What's on your mind?").fill('Written before the outage');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    const before = page.getByRole('article').filter({ hasText: 'Written before the outage' });
    await expect(before).toBeVisible();

    await app.stop();
    await before.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByText(UNREACHABLE)).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await expect(before).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pathway home' })).toBeVisible();

    await app.start();
    await expect(banner(page)).toBeHidden(RECOVERY);

    // Another member posts once the server is back: the reopened stream brings it without a reload.
    const other = await browser.newContext({ baseURL: app.url });
    await createMember(other, { name: `${name}o`, displayName: 'Other member', origin: app.url });
    expect(
      (
        await other.request.post('/api/network/posts', {
          headers: { origin: app.url },
          multipart: { description: 'Written after the outage' },
        })
      ).status(),
    ).toBe(201);
    await expect(page.getByRole('article').filter({ hasText: 'Written after the outage' })).toBeVisible(RECOVERY);
    await other.close();
  },
);

outageTest(
  'when the server stops while a learner uses the LMS, then the next page says it cannot reach the service inside the learner shell and shows itself once the server is back',
  async ({ page, app, api }) => {
    const { username, ...learner } = await createLearner(api, { profession: 'nurse', prefix: 'outage' });
    await signInLearner(page, learner, app.url);
    await page.goto('/lms-system/dashboard');
    await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();

    await app.stop();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We cannot reach the service' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await expectAccessible(page);

    await app.start();
    await expect(banner(page)).toBeHidden(RECOVERY);
    await expect(page.getByRole('alert').filter({ hasText: 'We cannot reach the service' })).toHaveCount(0, RECOVERY);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  },
);
